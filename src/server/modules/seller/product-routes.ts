import { Hono, type Context } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../../context';
import { invalidateCatalog, invalidateStock } from '../../cache';
import { ApiError, notFound, validationError, type FieldErrors } from '../../http/errors';
import { validBody, validParams, validQuery } from '../../http/validation';
import { recordId } from '@/contracts/numbers';
import { SellerProductListQuery, SellerProductPayload, ThumbnailDeletePayload, type SellerProductDetails } from '@/contracts/seller-product';
import { ownRecord, requireSeller } from './access';
import { foreignImageIds, imageUploads, referenceErrors, type ImageUploads } from './product-input';
import { removeProductImages, storeProductImage } from './product-images';
import {
  createSellerProduct,
  deleteSellerProductImage,
  listSellerProducts,
  ownProduct,
  productCreateData,
  productImageRows,
  removeSellerProduct,
  sellerProductDetails,
  StockConflict,
  toggleSellerProduct,
  updateSellerProduct,
} from './products-service';
import type { SellerDependencies } from './routes';

const IdParam = z.object({ id: recordId() });
const PRODUCT_NOT_FOUND = 'Product not found.';

/**
 * A product write is seen at once by the storefront, search, facets, the home page and the
 * sitemap: every cached entry built from the catalogue or stock is dropped once the write
 * has committed (cache.ts, docs/decisions/009-caching.md).
 */
function productsChanged(c: Context<AppEnv>): void {
  invalidateCatalog(c.var.db);
  invalidateStock(c.var.db);
}

/** Writes the checked pictures' files: the new thumbnail's first, then the others. */
async function storeUploads(dataDir: string, uploads: ImageUploads): Promise<{ thumbnail: string | undefined; added: string[] }> {
  const stored: string[] = [];
  try {
    const thumbnail = uploads.thumbnail ? await storeProductImage(dataDir, uploads.thumbnail) : undefined;
    if (thumbnail) stored.push(thumbnail);
    const added: string[] = [];
    for (const image of uploads.images) {
      const url = await storeProductImage(dataDir, image);
      stored.push(url);
      added.push(url);
    }
    return { thumbnail, added };
  } catch (error) {
    await removeProductImages(dataDir, stored);
    throw error;
  }
}

async function details(c: Context<AppEnv>, productId: number): Promise<SellerProductDetails> {
  const product = await sellerProductDetails(c.var.db, c.var.shop!.id, productId);
  if (!product) throw notFound(PRODUCT_NOT_FOUND);
  return product;
}

/**
 * The seller API's product routes (docs/decisions/017-sellers.md "Products"): the shop's
 * own products only (another shop's product is a 404 and nothing changes), in the
 * original seller app's shapes, amounts as decimals.
 */
export function sellerProductRoutes(_deps: SellerDependencies) {
  return new Hono<AppEnv>()
    .get('/products', requireSeller(), validQuery(SellerProductListQuery), async (c) => {
      return c.json({ message: '', data: await listSellerProducts(c.var.db, c.var.shop!.id, c.req.valid('query')) });
    })
    .get('/product/create-data', requireSeller(), async (c) => c.json({ message: '', data: await productCreateData(c.var.db) }))
    .get('/product/:id/show', requireSeller(), validParams(IdParam), async (c) => c.json({ message: '', data: { product: await details(c, c.req.valid('param').id) } }))
    .post('/product/store', requireSeller(), validBody(SellerProductPayload), async (c) => {
      const payload = c.req.valid('json');
      const { db, t, config } = c.var;
      const errors: FieldErrors = await referenceErrors(db, payload, t);
      const uploads = await imageUploads(payload, 0, t, errors);
      if (Object.keys(errors).length) throw validationError(errors);
      const files = await storeUploads(config.DATA_DIR, uploads);
      const urls = [...(files.thumbnail ? [files.thumbnail] : []), ...files.added];
      let productId: number;
      try {
        productId = await createSellerProduct(db, c.var.shop!.id, payload, urls);
      } catch (error) {
        await removeProductImages(config.DATA_DIR, urls);
        throw error;
      }
      productsChanged(c);
      return c.json({ message: t('Product created successfully.'), data: { product: await details(c, productId) } }, 201);
    })
    .post('/product/:id/update', requireSeller(), validParams(IdParam), ownRecord(ownProduct, PRODUCT_NOT_FOUND), validBody(SellerProductPayload), async (c) => {
      const { id } = c.req.valid('param');
      const payload = c.req.valid('json');
      const { db, t, config } = c.var;
      const shopId = c.var.shop!.id;
      const errors: FieldErrors = await referenceErrors(db, payload, t);
      // Without keep_images (an API client changing other fields) every picture stays in its order.
      const keep = payload.keep_images ?? (await productImageRows(db, id)).map((image) => image.id);
      if (await foreignImageIds(db, id, keep)) errors.keep_images = [t('The selected {{attribute}} is invalid.', { attribute: t('keep images') })];
      const uploads = await imageUploads(payload, new Set(keep).size, t, errors);
      if (Object.keys(errors).length) throw validationError(errors);
      const files = await storeUploads(config.DATA_DIR, uploads);
      const written = [...(files.thumbnail ? [files.thumbnail] : []), ...files.added];
      let outcome: Awaited<ReturnType<typeof updateSellerProduct>>;
      try {
        outcome = await updateSellerProduct(db, shopId, id, payload, { keep: [...new Set(keep)], ...files });
      } catch (error) {
        await removeProductImages(config.DATA_DIR, written);
        if (error instanceof StockConflict) {
          throw new ApiError(
            409,
            t('Orders took units of this product while you were editing: {{current}} are left now, and your change would take the stock below zero.', { current: error.current }),
          );
        }
        throw error;
      }
      if (!outcome) {
        await removeProductImages(config.DATA_DIR, written);
        throw notFound(PRODUCT_NOT_FOUND);
      }
      await removeProductImages(config.DATA_DIR, outcome.removed);
      productsChanged(c);
      return c.json({ message: t('Product updated successfully.'), data: { product: await details(c, id) } });
    })
    .post('/product/status/toggle/:id', requireSeller(), validParams(IdParam), async (c) => {
      const { id } = c.req.valid('param');
      if (!(await toggleSellerProduct(c.var.db, c.var.shop!.id, id))) throw notFound(PRODUCT_NOT_FOUND);
      productsChanged(c);
      const product = await details(c, id);
      return c.json({ message: c.var.t(product.is_active ? 'The product is now active.' : 'The product is now inactive.'), data: { product } });
    })
    .delete('/product/thumbnail/delete', requireSeller(), validBody(ThumbnailDeletePayload), async (c) => {
      const { product_id, thumbnail_id } = c.req.valid('json');
      const outcome = await deleteSellerProductImage(c.var.db, c.var.shop!.id, product_id, thumbnail_id);
      if (outcome === 'not_found') throw notFound(PRODUCT_NOT_FOUND);
      if (outcome === 'last_image') throw new ApiError(409, c.var.t('A product keeps at least one image: add another before removing this one.'));
      await removeProductImages(c.var.config.DATA_DIR, [outcome.removed]);
      productsChanged(c);
      return c.json({ message: c.var.t('Image removed.'), data: { product: await details(c, product_id) } });
    })
    .delete('/product/:id/destroy', requireSeller(), validParams(IdParam), async (c) => {
      const { id } = c.req.valid('param');
      const outcome = await removeSellerProduct(c.var.db, c.var.shop!.id, id);
      if (!outcome) throw notFound(PRODUCT_NOT_FOUND);
      if (outcome.outcome === 'deleted') await removeProductImages(c.var.config.DATA_DIR, outcome.files);
      productsChanged(c);
      const message =
        outcome.outcome === 'deleted' ? c.var.t('Product deleted.') : c.var.t('This product has been ordered, so it was deactivated instead of deleted: its orders still show it.');
      return c.json({ message, data: { outcome: outcome.outcome } });
    });
}
