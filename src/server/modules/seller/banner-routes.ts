import { Hono, type Context } from 'hono';
import { BannerIdParams, StoreBannerPayload, UpdateBannerPayload } from '@/contracts/seller-account';
import type { AppEnv } from '../../context';
import { notFound, validationError, type FieldErrors } from '../../http/errors';
import { validBody, validParams } from '../../http/validation';
import { ownRecord, requireSeller } from './access';
import { addBanner, BANNER_NOT_FOUND, ownBanner, removeBanner, shopBanners, updateBanner } from './banners';
import type { SellerDependencies } from './routes';
import { removeShopImage, shopImageOf, storeShopImage } from './shop-images';
import { sellerUser } from './account-routes';

/** The checked picture of the `banner` field (shop-images.ts: by content, resized 4:1), or undefined when none was sent. */
async function bannerPicture(c: { var: AppEnv['Variables'] }, value: unknown, required: boolean) {
  const errors: FieldErrors = {};
  const picture = await shopImageOf(value, 'banner', c.var.t, errors);
  if (!picture && required && !errors.banner) errors.banner = [c.var.t('The {{attribute}} field is required.', { attribute: c.var.t('banner') })];
  if (Object.keys(errors).length) throw validationError(errors);
  return picture;
}

/** One field of a JSON or form body, read before validation (Hono keeps the body for the validator). */
async function bodyField(c: Context<AppEnv>, field: string): Promise<unknown> {
  const isJson = /json/i.test(c.req.header('content-type') ?? '');
  const body: unknown = await (isJson ? c.req.json() : c.req.parseBody()).catch(() => undefined);
  return typeof body === 'object' && body !== null ? (body as Record<string, unknown>)[field] : undefined;
}

/**
 * The seller API's banner routes (docs/decisions/017-sellers.md "Banners"): the owner of an
 * active shop lists, adds, changes and removes the shop's banners. The original seller
 * app's calls and answers (`user` beside the banner); another shop's banner is a 404
 * before its body is read, and nothing changes.
 */
export function sellerBannerRoutes({ now }: SellerDependencies) {
  return new Hono<AppEnv>()
    .use('/banners', requireSeller())
    .use('/banners/*', requireSeller())
    .get('/banners', async (c) => c.json({ message: '', data: { banners: await shopBanners(c.var.db, c.var.shop!.id) } }))
    .post('/banners/store', validBody(StoreBannerPayload), async (c) => {
      const { db, config, t } = c.var;
      const payload = c.req.valid('json');
      const thumbnail = await storeShopImage(config.DATA_DIR, (await bannerPicture(c, payload.banner, true))!);
      let banner;
      try {
        banner = await addBanner(db, c.var.shop!.id, { title: payload.title ?? null, thumbnail, isActive: payload.is_active ?? true }, t);
      } catch (error) {
        await removeShopImage(config.DATA_DIR, thumbnail);
        throw error;
      }
      return c.json({ message: t('Banner added successfully.'), data: { banner, user: await sellerUser(c, now()) } }, 201);
    })
    .post(
      '/banners/update',
      // The id is in the body: another shop's banner is a 404 before the picture is read.
      async (c, next) => {
        const id = Number(await bodyField(c, 'id'));
        if (Number.isSafeInteger(id) && id > 0 && !(await ownBanner(c.var.db, c.var.shop!.id, id))) throw notFound(BANNER_NOT_FOUND);
        await next();
      },
      validBody(UpdateBannerPayload),
      async (c) => {
        const { db, config, t } = c.var;
        const payload = c.req.valid('json');
        const picture = await bannerPicture(c, payload.banner, false);
        const thumbnail = picture ? await storeShopImage(config.DATA_DIR, picture) : undefined;
        let outcome;
        try {
          outcome = await updateBanner(db, c.var.shop!.id, payload.id, { title: payload.title, thumbnail, isActive: payload.is_active });
        } catch (error) {
          await removeShopImage(config.DATA_DIR, thumbnail);
          throw error;
        }
        await removeShopImage(config.DATA_DIR, outcome.replaced);
        return c.json({ message: t('Banner updated successfully.'), data: { banner: outcome.banner, user: await sellerUser(c, now()) } });
      },
    )
    .delete('/banners/:id', validParams(BannerIdParams), ownRecord(ownBanner, BANNER_NOT_FOUND), async (c) => {
      const thumbnail = await removeBanner(c.var.db, c.var.shop!.id, c.req.valid('param').id);
      await removeShopImage(c.var.config.DATA_DIR, thumbnail);
      return c.json({ message: c.var.t('Banner deleted successfully.'), data: { user: await sellerUser(c, now()) } });
    });
}
