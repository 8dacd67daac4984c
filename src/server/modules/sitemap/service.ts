import { and, asc, eq, gt, lte, max, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../db';
import { blogs, categories, legalPages, products, shops } from '../../db/schema';
import { isPublished } from '../blog/service';
import { isPublicProduct, isPublicShop } from '../catalog/visibility';
import { isPublishedPage } from '../pages/service';
import { SITEMAP_KINDS, type SitemapEntry, type SitemapKind, type SitemapSummary } from '@/contracts/sitemap';

export interface SitemapRange {
  /** Keyset cursor: the last id already read (0 to start). */
  after: number;
  /** Highest id to include. */
  until?: number | undefined;
  limit: number;
}

interface KindQuery {
  table: PgTable;
  id: PgColumn;
  slug: PgColumn;
  updatedAt: PgColumn | null;
  /** The row's translations, for kinds whose slug is translated (docs/product.md §9.1). */
  translations?: PgColumn;
  visible: (now: Date) => SQL;
  /** Extra join the visibility rule needs. */
  join?: { table: PgTable; on: SQL };
}

/** What a sitemap lists, each kind with the same visibility rule its public pages use. */
const KINDS: Record<SitemapKind, KindQuery> = {
  pages: { table: legalPages, id: legalPages.id, slug: legalPages.slug, updatedAt: legalPages.updatedAt, visible: () => isPublishedPage },
  categories: { table: categories, id: categories.id, slug: categories.slug, updatedAt: null, translations: categories.translations, visible: () => eq(categories.isActive, true) },
  shops: { table: shops, id: shops.id, slug: shops.slug, updatedAt: shops.updatedAt, visible: () => isPublicShop },
  blogs: { table: blogs, id: blogs.id, slug: blogs.slug, updatedAt: blogs.updatedAt, translations: blogs.translations, visible: isPublished },
  products: {
    table: products,
    id: products.id,
    slug: products.slug,
    updatedAt: products.updatedAt,
    visible: () => isPublicProduct,
    join: { table: shops, on: eq(shops.id, products.shopId) },
  },
};

/**
 * The highest id of each kind, read from the primary keys without counting rows: an
 * upper bound on how many URLs a kind can add, enough to decide how to split a sitemap.
 */
export async function sitemapSummary(db: Db): Promise<SitemapSummary> {
  const highest = await Promise.all(
    SITEMAP_KINDS.map(async (kind) => {
      const [row] = await db.select({ n: max(KINDS[kind].id) }).from(KINDS[kind].table);
      return [kind, { max_id: Number(row?.n ?? 0) }] as const;
    }),
  );
  return Object.fromEntries(highest) as SitemapSummary;
}

/** The query behind sitemapEntries, kept apart so a test can EXPLAIN it. */
export function sitemapEntriesQuery(db: Db, kind: SitemapKind, { after, until, limit }: SitemapRange, now = new Date()) {
  const q = KINDS[kind];
  const base = db
    .select({
      id: sql<number>`${q.id}`,
      slug: sql<string>`${q.slug}`,
      // Only the slugs, not the translated texts around them.
      slugs: q.translations
        ? sql<Record<string, string> | null>`(SELECT jsonb_object_agg(t.key, t.value ->> 'slug') FROM jsonb_each(${q.translations}) AS t WHERE t.value ? 'slug')`
        : sql<null>`null`,
      updatedAt: q.updatedAt ? sql<Date | string>`${q.updatedAt}` : sql<null>`null`,
    })
    .from(q.table)
    .$dynamic();
  return (q.join ? base.innerJoin(q.join.table, q.join.on) : base)
    .where(and(q.visible(now), gt(q.id, after), until === undefined ? undefined : lte(q.id, until)))
    .orderBy(asc(q.id))
    .limit(limit);
}

/**
 * One page of a kind's public entries in id order, after the cursor `after` and up to
 * `until` (inclusive): a range read of the primary key, as cheap on page 1,000 as on page 1.
 */
export async function sitemapEntries(db: Db, kind: SitemapKind, range: SitemapRange, now = new Date()): Promise<{ entries: SitemapEntry[]; next: number | null }> {
  const rows = await sitemapEntriesQuery(db, kind, range, now);
  const entries = rows.map((row): SitemapEntry => ({
    id: Number(row.id),
    slug: row.slug,
    ...(row.slugs ? { slugs: row.slugs } : {}),
    updated_at: row.updatedAt === null ? null : new Date(row.updatedAt).toISOString(),
  }));
  return { entries, next: entries.length === range.limit ? entries.at(-1)!.id : null };
}
