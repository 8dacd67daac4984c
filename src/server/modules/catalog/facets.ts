import { and, asc, count, desc, eq, max, min, type SQL } from 'drizzle-orm';
import type { Db } from '../../db';
import { cached } from '../../cache';
import { brands, colors, productColors, products, productSizes, shops, sizes } from '../../db/schema';
import { fromMinor } from '../../../lib/money';
import { scopeConditions, type ProductScope } from './product-query';

/** The `filters` of GET /products: what the shopper can narrow the current scope by. */
export interface ProductFacets {
  sizes: { id: number; name: string; total: number }[];
  colors: { id: number; name: string; color_code: string; total: number }[];
  brands: { id: number; name: string; total: number }[];
  min_price: number;
  max_price: number;
}

/**
 * Facets describe the scope (search, shop, category, sub-category), not the refinements
 * (brand, colour, size, price, rating): choosing one brand must still offer the others.
 * The whole catalogue's facets read every product, so they are cached briefly; a scoped
 * set is read through the scope's index (category, shop or search).
 */
export function productFacets(db: Db, scope: ProductScope): Promise<ProductFacets> {
  const unscoped = !scope.search && scope.shopId === undefined && scope.categoryId === undefined && scope.subCategoryId === undefined;
  return unscoped ? cached(db, 'catalog:facets', 60_000, () => readFacets(db, scope)) : readFacets(db, scope);
}

async function readFacets(db: Db, scope: ProductScope): Promise<ProductFacets> {
  const queries = facetQueries(db, scope);
  const [brandRows, colorRows, sizeRows, [range]] = await Promise.all([queries.brands, queries.colors, queries.sizes, queries.priceRange]);
  return {
    sizes: sizeRows,
    colors: colorRows.map((row) => ({ id: row.id, name: row.name, color_code: row.colorCode, total: row.total })),
    brands: brandRows,
    min_price: fromMinor(range?.min ?? 0),
    max_price: fromMinor(range?.max ?? 0),
  };
}

/** The statements behind the facets (exported so a test can EXPLAIN exactly them). */
export function facetQueries(db: Db, scope: ProductScope) {
  const where = and(...scopeConditions(scope));
  return {
    brands: db
      .select({ id: brands.id, name: brands.name, total: count() })
      .from(products)
      .innerJoin(shops, eq(shops.id, products.shopId))
      .innerJoin(brands, eq(brands.id, products.brandId))
      .where(where)
      .groupBy(brands.id)
      .orderBy(desc(count()), asc(brands.name)),
    colors: colorCounts(db, where),
    sizes: sizeCounts(db, where),
    priceRange: db
      .select({ min: min(products.effectivePrice), max: max(products.effectivePrice) })
      .from(products)
      .innerJoin(shops, eq(shops.id, products.shopId))
      .where(where),
  };
}

function colorCounts(db: Db, where: SQL | undefined) {
  return db
    .select({ id: colors.id, name: colors.name, colorCode: colors.colorCode, total: count() })
    .from(productColors)
    .innerJoin(products, eq(products.id, productColors.productId))
    .innerJoin(shops, eq(shops.id, products.shopId))
    .innerJoin(colors, eq(colors.id, productColors.colorId))
    .where(where)
    .groupBy(colors.id)
    .orderBy(asc(colors.id));
}

function sizeCounts(db: Db, where: SQL | undefined) {
  return db
    .select({ id: sizes.id, name: sizes.name, total: count() })
    .from(productSizes)
    .innerJoin(products, eq(products.id, productSizes.productId))
    .innerJoin(shops, eq(shops.id, products.shopId))
    .innerJoin(sizes, eq(sizes.id, productSizes.sizeId))
    .where(where)
    .groupBy(sizes.id)
    .orderBy(asc(sizes.id));
}
