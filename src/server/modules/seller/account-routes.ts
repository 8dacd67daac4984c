import { Hono } from 'hono';
import type { AppEnv } from '../../context';
import { ApiError, unauthenticated, validationError, type FieldErrors } from '../../http/errors';
import { validBody } from '../../http/validation';
import { RegisterShopPayload, SellerLoginPayload, ShopSettingUpdatePayload, ShopUpdatePayload, type SellerSignedIn, type SellerUser } from '@/contracts/seller-account';
import { requireUser } from '../auth/middleware';
import { checkCredentials } from '../auth/login';
import { startSession } from '../auth/session';
import { loadSiteSettings } from '../master/settings';
import { requireSeller } from './access';
import type { SellerDependencies } from './routes';
import { removeShopImage, shopImageOf, storeShopImage, type ShopImageKind } from './shop-images';
import { loadSellerUser, updateShopFace, updateShopSettings } from './shop-profile';
import { NOT_MULTI_VENDOR, registerShop } from './shop-registration';

/** Bad credentials and a user without a shop get the same answer: the seller app's sign-in says nothing of who has a shop. */
const INVALID_CREDENTIALS = 'Credential is invalid!';

/** "Y-m-d H:i:s" in UTC, as the original seller app reads its token's expiry. */
const sellerDateTime = (iso: string) => iso.slice(0, 19).replace('T', ' ');

/**
 * The pictures of a post, checked (shop-images.ts) and stored; the URLs by field. Nothing is
 * stored when any field is refused (a 422 writes nothing).
 */
async function storedImages(c: { var: AppEnv['Variables'] }, payload: { logo?: unknown; banner?: unknown }, errors: FieldErrors): Promise<Partial<Record<ShopImageKind, string>>> {
  const pictures = { logo: await shopImageOf(payload.logo, 'logo', c.var.t, errors), banner: await shopImageOf(payload.banner, 'banner', c.var.t, errors) };
  if (Object.keys(errors).length) throw validationError(errors);
  const stored: Partial<Record<ShopImageKind, string>> = {};
  for (const kind of ['logo', 'banner'] as const) {
    const picture = pictures[kind];
    if (picture) stored[kind] = await storeShopImage(c.var.config.DATA_DIR, picture);
  }
  return stored;
}

/** The signed-in seller as the seller app reads them (every account and banner answer). */
export async function sellerUser(c: { var: AppEnv['Variables'] }, now: Date): Promise<SellerUser> {
  const user = await loadSellerUser(c.var.db, c.var.userId!, now);
  if (!user) throw unauthenticated();
  return user;
}

/**
 * The seller API's account routes (docs/decisions/017-sellers.md, contracts/seller-account.ts):
 * registering a shop, the seller app's sign-in, the seller's details, the shop's face and
 * settings. The owner of a shop under review, rejected or suspended signs in and reads
 * the details (to see the state and the reason); only an active shop changes its profile
 * and settings. Each change records the language of the request as the shop's (the
 * language of the mail it is sent, shop-review.ts).
 */
export function sellerAccountRoutes(deps: SellerDependencies) {
  return new Hono<AppEnv>()
    .post('/shop', requireUser(), async (c, next) => {
      // Checked before the payload: a site that takes no sellers says so whatever was sent.
      if (!(await loadSiteSettings(c.var.db)).multi_vendor) throw new ApiError(409, NOT_MULTI_VENDOR);
      await next();
    })
    .post('/shop', validBody(RegisterShopPayload), async (c) => {
      const payload = c.req.valid('json');
      const { config, db, t, userId } = c.var;
      const images = await storedImages(c, payload, {});
      let replaced: string[];
      try {
        ({ replaced } = await registerShop(db, userId!, payload, images, c.var.locale, deps.now()));
      } catch (error) {
        await Promise.all(Object.values(images).map((url) => removeShopImage(config.DATA_DIR, url)));
        throw error;
      }
      await Promise.all(replaced.map((url) => removeShopImage(config.DATA_DIR, url)));
      return c.json({ message: t('Your shop is under review'), data: { user: await sellerUser(c, deps.now()) } });
    })
    .post('/login', validBody(SellerLoginPayload), async (c) => {
      const { contact, phone, password } = c.req.valid('json');
      const account = await checkCredentials(c, (contact ?? phone)!, password);
      const user = account ? await loadSellerUser(c.var.db, account.id, deps.now()) : null;
      if (!user) throw new ApiError(400, INVALID_CREDENTIALS);
      const session = await startSession(c, account!.id);
      const data: SellerSignedIn = { user, access: { auth_type: 'Bearer', token: session.access.token, expires_at: sellerDateTime(session.access.expires_at) } };
      return c.json({ message: c.var.t('Login successfully'), data });
    })
    .get('/details', requireSeller({ allowInactive: true }), async (c) => c.json({ message: '', data: { user: await sellerUser(c, deps.now()) } }))
    .post('/shop-update', requireSeller(), validBody(ShopUpdatePayload), async (c) => {
      const payload = c.req.valid('json');
      const { config, db, t } = c.var;
      const images = await storedImages(c, payload, {});
      let replaced: { logo: string | null; banner: string | null };
      try {
        replaced = await updateShopFace(
          db,
          c.var.shop!.id,
          {
            name: payload.name,
            address: payload.address,
            shortDescription: payload.short_description,
            description: payload.description,
            logo: images.logo,
            banner: images.banner,
            translations: payload.translations,
            locale: c.var.locale,
          },
          deps.now(),
        );
      } catch (error) {
        await Promise.all(Object.values(images).map((url) => removeShopImage(config.DATA_DIR, url)));
        throw error;
      }
      await Promise.all([removeShopImage(config.DATA_DIR, replaced.logo), removeShopImage(config.DATA_DIR, replaced.banner)]);
      return c.json({ message: t('Shop updated successfully.'), data: { user: await sellerUser(c, deps.now()) } });
    })
    .post('/shop-setting-update', requireSeller(), validBody(ShopSettingUpdatePayload), async (c) => {
      const { db, t } = c.var;
      const outcome = await updateShopSettings(db, c.var.shop!.id, c.req.valid('json'), c.var.locale, deps.now());
      if (outcome === 'hours') throw validationError({ closing_time: [t('The closing time must be after the opening time.')] });
      return c.json({ message: t('Shop settings updated successfully.'), data: { user: await sellerUser(c, deps.now()) } });
    });
}
