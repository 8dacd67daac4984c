import { Hono, type Context } from 'hono';
import { and, eq } from 'drizzle-orm';
import type { AppEnv } from '../../context';
import { shops, users } from '../../db/schema';
import { ApiError, validationError, type FieldErrors } from '../../http/errors';
import { validBody, validQuery } from '../../http/validation';
import { ResetPasswordPayload } from '@/contracts/auth';
import { ChangePasswordPayload } from '@/contracts/profile';
import {
  CheckEmailPhonePayload,
  CheckUserStatusQuery,
  SellerRegistrationPayload,
  SellerSendOtpPayload,
  SellerUserUpdatePayload,
  SellerVerifyOtpPayload,
  sellerName,
} from '@/contracts/seller-account';
import { phoneCodeDigits } from '@/lib/phone-code';
import { otpRoutes } from '../auth/otp-routes';
import { checkedContact, contactErrors, openAccount, takenContactErrors } from '../auth/registration';
import { logoutRoutes } from '../auth/routes';
import { loadSiteSettings } from '../master/settings';
import { changeOwnPassword, updateOwnProfile } from '../profile/routes';
import { photoOf, removePhoto, storePhoto } from '../profile/photo';
import { clientKey, consume } from '../rate-limit/middleware';
import { requireSeller } from './access';
import { sellerUser } from './account-routes';
import type { SellerDependencies } from './routes';
import { removeShopImage, shopImageOf, storeShopImage } from './shop-images';
import { loadSellerUser } from './shop-profile';
import { NOT_MULTI_VENDOR, registerShop } from './shop-registration';

/**
 * The seller app's account calls (docs/decisions/017-sellers.md "The seller app's
 * account"), each a thin caller of the code the shopper's calls use: sign-up of a new user
 * together with the shop, the codes of a forgotten password, the availability checks
 * before sign-up, the seller's own profile and password, signing out.
 */

/** The seller's answer for the signed-in user (null for an account without a shop). */
const sellerOf = (c: Context<AppEnv>, userId: number, now: Date) => loadSellerUser(c.var.db, userId, now);

/**
 * The registration's pictures, each checked by content and size before anything is
 * written (a 422 names every refused field), then stored. Returns the stored URLs.
 */
async function registrationPictures(c: Context<AppEnv>, payload: SellerRegistrationPayload) {
  const { t, config } = c.var;
  const errors: FieldErrors = {};
  const photo = await photoOf(payload.profile_photo, t, errors);
  const shopErrors: FieldErrors = {};
  const logo = await shopImageOf(payload.shop_logo, 'logo', t, shopErrors);
  const banner = await shopImageOf(payload.shop_banner, 'banner', t, shopErrors);
  if (shopErrors.logo) errors.shop_logo = shopErrors.logo;
  if (shopErrors.banner) errors.shop_banner = shopErrors.banner;
  if (Object.keys(errors).length) throw validationError(errors);
  return {
    photo: photo ? await storePhoto(config.DATA_DIR, photo) : undefined,
    logo: logo ? await storeShopImage(config.DATA_DIR, logo) : undefined,
    banner: banner ? await storeShopImage(config.DATA_DIR, banner) : undefined,
  };
}

export function sellerAppAccountRoutes(deps: SellerDependencies) {
  const { now } = deps;
  return (
    new Hono<AppEnv>()
      /**
       * POST /registration: a new account and its shop in one transaction, the shop
       * pending review; the seller signs in (POST /login) to follow the review. Counted
       * with the shopper's sign-ups (`registration:ip`).
       */
      .post('/registration', validBody(SellerRegistrationPayload, contactErrors), async (c) => {
        const payload = c.req.valid('json');
        const { db, t, config } = c.var;
        if (!(await loadSiteSettings(db)).multi_vendor) throw new ApiError(409, NOT_MULTI_VENDOR);
        await consume(c, 'registration:ip', clientKey(c));
        const contact = await checkedContact(c, payload);
        const pictures = await registrationPictures(c, payload);
        let userId: number;
        try {
          userId = await db.transaction(async (tx) => {
            const id = await openAccount(tx, t, { name: sellerName(payload), email: payload.email, password: payload.password, ...contact });
            if (pictures.photo) await tx.update(users).set({ profilePhoto: pictures.photo }).where(eq(users.id, id));
            const shop = {
              name: payload.shop_name,
              description: payload.description,
              phone: payload.phone || null,
              email: payload.email,
              address: payload.address,
              opening_time: payload.opening_time,
              closing_time: payload.closing_time,
              off_days: payload.off_days,
              // The app's sign-up shows the terms; sending it is accepting them.
              terms: true,
            };
            await registerShop(tx, id, shop, { logo: pictures.logo, banner: pictures.banner }, c.var.locale, now());
            return id;
          });
        } catch (error) {
          await Promise.all([
            removePhoto(config.DATA_DIR, pictures.photo ?? null),
            removeShopImage(config.DATA_DIR, pictures.logo),
            removeShopImage(config.DATA_DIR, pictures.banner),
          ]);
          throw error;
        }
        return c.json({ message: t('Your shop is under review'), data: { user: await sellerOf(c, userId, now()) } }, 201);
      })
      /**
       * The codes of a forgotten password, as the shopper's (modules/auth/otp-routes.ts):
       * /send-otp, /verify-otp (a reset token), /forgot-password (the new password, every
       * session ended). Signed in, /send-otp and /verify-otp verify the seller's own e-mail.
       */
      .route(
        '/',
        otpRoutes(deps, {
          field: 'email',
          send: SellerSendOtpPayload,
          verify: SellerVerifyOtpPayload,
          resetPath: '/forgot-password',
          reset: ResetPasswordPayload,
          resetData: async (c, userId) => ({ user: await sellerOf(c, userId, now()) }),
        }),
      )
      /**
       * GET /check-user-status?phone=: whether the account of a phone number has an active
       * shop. An unknown number is a 422, as the original; counted per address, like the
       * other questions that tell whether an account exists.
       */
      .get('/check-user-status', validQuery(CheckUserStatusQuery), async (c) => {
        const { phone, phone_code } = c.req.valid('query');
        const { db, t } = c.var;
        await consume(c, 'account-check:ip', clientKey(c));
        const digits = phone.replace(/\D/g, '');
        const code = phoneCodeDigits(phone_code);
        const [account] = await db
          .select({ shopStatus: shops.status })
          .from(users)
          .leftJoin(shops, eq(shops.userId, users.id))
          .where(and(eq(users.phone, digits), code ? eq(users.phoneCode, code) : undefined, eq(users.isActive, true)))
          .limit(1);
        if (!account) throw validationError({ phone: [t('The selected {{attribute}} is invalid.', { attribute: t('phone') })] });
        const active = account.shopStatus === 'active';
        return c.json({ message: active ? t('Your shop is active.') : t('Your shop is not active yet.'), data: { user_status: active } });
      })
      /** POST /check-email-phone: whether an e-mail and a phone are free for a new account (422 names the taken ones). */
      .post('/check-email-phone', validBody(CheckEmailPhonePayload, contactErrors), async (c) => {
        const payload = c.req.valid('json');
        const { db, t } = c.var;
        await consume(c, 'account-check:ip', clientKey(c));
        const contact = await checkedContact(c, payload);
        const errors = await takenContactErrors(db, t, { email: payload.email, ...contact });
        if (Object.keys(errors).length) throw validationError(errors);
        return c.json({ message: t('Email and phone number are available'), data: {} });
      })
      /** POST /user-update: the seller's own account, as the shopper's profile; answers the seller. */
      .post('/user-update', requireSeller({ allowInactive: true }), validBody(SellerUserUpdatePayload), async (c) => {
        const { message, verification } = await updateOwnProfile(c, deps, c.req.valid('json'));
        return c.json({ message, data: { user: await sellerUser(c, now()), verification } });
      })
      /** POST /change-password: as the shopper's; a wrong current password is a 422 on `current_password`. */
      .post('/change-password', requireSeller({ allowInactive: true }), validBody(ChangePasswordPayload), async (c) => {
        await changeOwnPassword(c, c.req.valid('json'));
        return c.json({ message: c.var.t('Password changed successfully.'), data: { user: await sellerUser(c, now()) } });
      })
      .route('/', logoutRoutes)
  );
}
