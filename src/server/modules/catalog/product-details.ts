import { and, asc, eq, exists, gt, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db';
import { categories, flashSaleProducts, flashSales, productImages, products, shops, subCategories } from '../../db/schema';
import { notFound } from '../../http/errors';
import { cleanHtml } from '../../html';
import { fromMinor } from '../../../lib/money';
import { isPublicProduct } from './product-query';
import { selectCards, toCards, type ProductCardDto, type Viewer } from './product-cards';
import { popularProducts, relatedProducts } from './products';

/** The Product details shape of api-reference.md, plus its category for breadcrumbs. */
export interface ProductDetailsDto extends ProductCardDto {
  slug: string;
  short_description: string | null;
  description: string;
  thumbnails: { id: number; thumbnail: string }[];
  flash_sale: { id: number; name: string; thumbnail: string | null; start_date: string; end_date: string; price: number; quantity: number; sold: number } | null;
  meta_title: string | null;
  meta_description: string | null;
  meta_keywords: string | null;
  category: { id: number; name: string; slug: string };
  sub_category: { id: number; name: string; slug: string } | null;
}

export const RELATED_COUNT = 6;
export const POPULAR_COUNT = 6;

/** GET /product-details: the product (counting the view), related and popular products. */
export async function productDetails(db: Db, productId: number, viewer: Viewer = {}) {
  const product = await readProductDetails(db, productId, viewer);
  const [related, popular] = await Promise.all([
    relatedProducts(db, { id: product.id, categoryId: product.category.id, subCategoryId: product.sub_category?.id ?? null }, RELATED_COUNT, viewer),
    popularProducts(db, POPULAR_COUNT, viewer, [product.id]),
  ]);
  return { product, related_products: related, popular_products: popular };
}

async function readProductDetails(db: Db, productId: number, viewer: Viewer): Promise<ProductDetailsDto> {
  const now = viewer.now ?? new Date();
  // Counting the view and checking the product is public are one statement.
  const [viewed] = await db
    .update(products)
    .set({ views: sql`${products.views} + 1` })
    .where(and(eq(products.id, productId), eq(products.isActive, true), exists(db.select({ one: sql`1` }).from(shops).where(and(eq(shops.id, products.shopId), eq(shops.isActive, true))))))
    .returning({ id: products.id });
  if (!viewed) throw notFound('Product not found.');

  const [row] = await selectCards(db, {
    slug: products.slug,
    shortDescription: products.shortDescription,
    description: products.description,
    metaTitle: products.metaTitle,
    metaDescription: products.metaDescription,
    metaKeywords: products.metaKeywords,
    categoryId: categories.id,
    categoryName: categories.name,
    categorySlug: categories.slug,
    subCategoryId: subCategories.id,
    subCategoryName: subCategories.name,
    subCategorySlug: subCategories.slug,
  })
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .leftJoin(subCategories, eq(subCategories.id, products.subCategoryId))
    .where(and(eq(products.id, productId), isPublicProduct));
  if (!row) throw notFound('Product not found.');

  const [[card], images, [sale]] = await Promise.all([
    toCards(db, [row], viewer),
    db.select({ id: productImages.id, path: productImages.path }).from(productImages).where(eq(productImages.productId, productId)).orderBy(asc(productImages.sortOrder), asc(productImages.id)),
    db
      .select({ sale: flashSales, offer: flashSaleProducts })
      .from(flashSaleProducts)
      .innerJoin(flashSales, eq(flashSales.id, flashSaleProducts.flashSaleId))
      .where(and(eq(flashSaleProducts.productId, productId), eq(flashSales.isActive, true), lte(flashSales.startDate, now), gt(flashSales.endDate, now)))
      .orderBy(asc(flashSaleProducts.price))
      .limit(1),
  ]);
  return {
    ...card!,
    slug: row.slug,
    short_description: row.shortDescription,
    description: cleanHtml(row.description),
    thumbnails: images.map((image) => ({ id: image.id, thumbnail: image.path })),
    flash_sale: sale
      ? {
          id: sale.sale.id,
          name: sale.sale.name,
          thumbnail: sale.sale.thumbnail,
          start_date: sale.sale.startDate.toISOString(),
          end_date: sale.sale.endDate.toISOString(),
          price: fromMinor(sale.offer.price),
          quantity: sale.offer.quantity,
          sold: sale.offer.sold,
        }
      : null,
    meta_title: row.metaTitle,
    meta_description: row.metaDescription,
    meta_keywords: row.metaKeywords,
    category: { id: row.categoryId, name: row.categoryName, slug: row.categorySlug },
    sub_category: row.subCategoryId !== null && row.subCategoryName !== null && row.subCategorySlug !== null
      ? { id: row.subCategoryId, name: row.subCategoryName, slug: row.subCategorySlug }
      : null,
  };
}
