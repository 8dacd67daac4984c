import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db';
import { CACHE, cached } from '../../cache';
import { brands, colors, productColors, products, productSizes, shops, sizes } from '../../db/schema';
import { fromMinor } from '@/lib/money';
import { scopeConditions, type ProductScope } from './product-query';
import { shownPriceJoin } from './sale-prices';
import type { ProductFacets } from '@/contracts/catalog';
import { DEFAULT_LOCALE } from '@/lib/locales';
import { localized } from '../../db/localized';

/**
 * Facets describe the scope (search, shop, category, sub-category), not the refinements
 * (brand, colour, size, price, rating): choosing one brand must still offer the others.
 * Computing them reads the whole scope, so the facets of recent scopes are cached.
 */
export function productFacets(db: Db, scope: ProductScope, locale: string): Promise<ProductFacets> {
  const key = JSON.stringify([scope.search ?? '', scope.shopId, scope.categoryId, scope.subCategoryId, locale]);
  return cached(db, CACHE.catalogFacets, () => readFacets(db, scope, locale), key);
}

interface FacetRow extends Record<string, unknown> {
  kind: 'brand' | 'color' | 'size' | 'price';
  id: number | null;
  name: string | null;
  code: string | null;
  total: number | null;
  low: number | null;
  high: number | null;
}

async function readFacets(db: Db, scope: ProductScope, locale: string): Promise<ProductFacets> {
  // Both drivers (PGlite, node-postgres) answer raw statements with { rows }.
  const { rows } = (await db.execute<FacetRow>(facetQuery(scope, new Date(), locale))) as unknown as { rows: FacetRow[] };
  const facets: ProductFacets = { sizes: [], colors: [], brands: [], min_price: 0, max_price: 0 };
  for (const row of rows) {
    const total = Number(row.total);
    if (row.kind === 'brand') facets.brands.push({ id: row.id!, name: row.name!, total });
    else if (row.kind === 'color') facets.colors.push({ id: row.id!, name: row.name!, color_code: row.code!, total });
    else if (row.kind === 'size') facets.sizes.push({ id: row.id!, name: row.name!, total });
    else {
      facets.min_price = fromMinor(Number(row.low ?? 0));
      facets.max_price = fromMinor(Number(row.high ?? 0));
    }
  }
  facets.brands.sort((a, b) => b.total - a.total || a.name.localeCompare(b.name));
  return facets;
}

/**
 * One statement reads the scope once (through its index) and counts brands, colours and
 * sizes and the price range over it: the prices cards show, running flash-sale offers
 * included (sale-prices.ts). Exported so a test can EXPLAIN exactly it.
 */
export function facetQuery(scope: ProductScope, now: Date = new Date(), locale: string = DEFAULT_LOCALE): SQL {
  const where = and(...scopeConditions(scope));
  const shown = shownPriceJoin(now);
  return sql`
    WITH scope AS MATERIALIZED (
      SELECT ${products.id} AS id, ${products.brandId} AS brand_id, ${shown.price} AS price
      FROM ${products} INNER JOIN ${shops} ON ${eq(shops.id, products.shopId)} ${shown.offers}
      WHERE ${where}
    )
    SELECT 'brand' AS kind, ${brands.id} AS id, ${localized(brands.name, brands.translations, 'name', locale)}::text AS name, NULL::text AS code, count(*)::int AS total, NULL::int AS low, NULL::int AS high
      FROM scope INNER JOIN ${brands} ON ${brands.id} = scope.brand_id GROUP BY ${brands.id}
    UNION ALL
    SELECT 'color', ${colors.id}, ${localized(colors.name, colors.translations, 'name', locale)}, ${colors.colorCode}, count(*)::int, NULL, NULL
      FROM scope INNER JOIN ${productColors} ON ${productColors.productId} = scope.id INNER JOIN ${colors} ON ${colors.id} = ${productColors.colorId}
      GROUP BY ${colors.id}
    UNION ALL
    SELECT 'size', ${sizes.id}, ${localized(sizes.name, sizes.translations, 'name', locale)}, NULL, count(*)::int, NULL, NULL
      FROM scope INNER JOIN ${productSizes} ON ${productSizes.productId} = scope.id INNER JOIN ${sizes} ON ${sizes.id} = ${productSizes.sizeId}
      GROUP BY ${sizes.id}
    UNION ALL
    SELECT 'price', NULL, NULL, NULL, NULL, min(scope.price), max(scope.price) FROM scope
    ORDER BY 1, 2`;
}
