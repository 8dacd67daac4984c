import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db';
import { categories, productImages, products, subCategories } from '../../db/schema';
import { notFound } from '../../http/errors';
import { cleanHtml } from '../../html';
import { fromMinor } from '@/lib/money';
import { priceProduct } from '@/lib/price';
import { isPublicProduct } from './visibility';
import { favoritesOf, localeOf, selectCards, toCards, type Viewer } from './product-cards';
import { localized } from '../../db/localized';
import { runningOffers } from './sale-prices';
import type { ProductCardDto, ProductDetailsDto } from '@/contracts/catalog';
import { cached, CACHE } from '../../cache';
import { popularProducts, relatedProducts } from './products';
import { recordProductView } from './view-counts';
import { recordView } from '../activity/service';

export const RELATED_COUNT = 6;
export const POPULAR_COUNT = 6;

interface ProductDetails {
  product: ProductDetailsDto;
  related_products: ProductCardDto[];
  popular_products: ProductCardDto[];
}

/**
 * GET /product-details: the product, related and popular products. `visitor` (the
 * signed-in user, else the address: rate-limit's visitorKey) counts one view a day
 * (view-counts.ts, written in batches); a signed-in viewer's every view goes to their
 * recently viewed (activity/service.ts).
 *
 * What every viewer sees alike is read once for all (CACHE.productDetails, dropped by any
 * change of the catalogue, stock, shops or reviews, and at most 15 s old so a flash sale's
 * start or end shows within that); a signed-in viewer's favourites are laid over it with
 * one query. A caller fixing the time (`viewer.now`, the tests of sale prices) reads fresh.
 */
export async function productDetails(db: Db, productId: number, viewer: Viewer, visitor: string): Promise<ProductDetails> {
  const shared =
    viewer.now === undefined
      ? await cached(db, CACHE.productDetails, () => readDetails(db, productId, { locale: localeOf(viewer) }), `${productId}:${localeOf(viewer)}`)
      : await readDetails(db, productId, { now: viewer.now, locale: localeOf(viewer) });
  recordProductView(db, productId, visitor, viewer.now);
  if (viewer.userId === undefined) return shared;
  recordView(db, viewer.userId, productId);
  const mark = await favoritesOf(db, viewer.userId, [shared.product, ...shared.related_products, ...shared.popular_products]);
  return { product: mark(shared.product), related_products: shared.related_products.map(mark), popular_products: shared.popular_products.map(mark) };
}

async function readDetails(db: Db, productId: number, viewer: Viewer): Promise<ProductDetails> {
  const product = await readProductDetails(db, productId, viewer);
  const [related, popular] = await Promise.all([
    relatedProducts(db, { id: product.id, categoryId: product.category.id, subCategoryId: product.sub_category?.id ?? null }, RELATED_COUNT, viewer),
    popularProducts(db, POPULAR_COUNT, viewer, [product.id]),
  ]);
  return { product, related_products: related, popular_products: popular };
}

async function readProductDetails(db: Db, productId: number, viewer: Viewer): Promise<ProductDetailsDto> {
  const now = viewer.now ?? new Date();
  const locale = localeOf(viewer);
  const [row] = await selectCards(db, locale, {
    slug: localized(products.slug, products.translations, 'slug', locale),
    shortDescription: localized(products.shortDescription, products.translations, 'short_description', locale),
    description: localized(products.description, products.translations, 'description', locale),
    metaTitle: localized(products.metaTitle, products.translations, 'meta_title', locale),
    metaDescription: localized(products.metaDescription, products.translations, 'meta_description', locale),
    metaKeywords: products.metaKeywords,
    categoryId: categories.id,
    categoryName: localized(categories.name, categories.translations, 'name', locale),
    categorySlug: localized(categories.slug, categories.translations, 'slug', locale),
    subCategoryId: subCategories.id,
    subCategoryName: localized(subCategories.name, subCategories.translations, 'name', locale),
    subCategorySlug: localized(subCategories.slug, subCategories.translations, 'slug', locale),
  })
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .leftJoin(subCategories, eq(subCategories.id, products.subCategoryId))
    .where(and(eq(products.id, productId), isPublicProduct));
  if (!row) throw notFound('Product not found.');

  // The card and flash_sale are priced from the same offers: flash_sale is the offer
  // that sets discount_price (lib/price.ts), null when none does (the sale is not
  // running, its allocation is sold out, or it is no cheaper than the discount).
  const [offers, images] = await Promise.all([
    runningOffers(db, [row.id], now, locale),
    db
      .select({ id: productImages.id, path: productImages.path })
      .from(productImages)
      .where(eq(productImages.productId, productId))
      .orderBy(asc(productImages.sortOrder), asc(productImages.id)),
  ]);
  const [card] = await toCards(db, [row], { ...viewer, now }, offers);
  const sale = priceProduct(row, { offers: offers.get(row.id), now }).offer;
  return {
    ...card!,
    slug: row.slug,
    short_description: row.shortDescription,
    description: cleanHtml(row.description),
    thumbnails: images.map((image) => ({ id: image.id, thumbnail: image.path })),
    flash_sale: sale
      ? {
          id: sale.flashSaleId,
          name: sale.name,
          thumbnail: sale.thumbnail,
          start_date: sale.startDate.toISOString(),
          end_date: sale.endDate.toISOString(),
          price: fromMinor(sale.price),
          quantity: sale.quantity,
          sold: sale.sold,
        }
      : null,
    meta_title: row.metaTitle,
    meta_description: row.metaDescription,
    meta_keywords: row.metaKeywords,
    category: { id: row.categoryId, name: row.categoryName, slug: row.categorySlug },
    sub_category:
      row.subCategoryId !== null && row.subCategoryName !== null && row.subCategorySlug !== null
        ? { id: row.subCategoryId, name: row.subCategoryName, slug: row.subCategorySlug }
        : null,
  };
}
