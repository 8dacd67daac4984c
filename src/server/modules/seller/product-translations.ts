import { randomBytes } from 'node:crypto';
import { and, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db';
import { products } from '../../db/schema';
import { cleanHtml } from '../../html';
import { slugOf } from '@/lib/slug';
import { TRANSLATION_LOCALES, type Translations } from '@/contracts/translations';
import type { SellerProductPayload } from '@/contracts/seller-product';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type ProductTranslations = Translations<'name' | 'slug' | 'short_description' | 'description'>;

/**
 * The product's texts in the other languages after a seller's save (docs/product.md §9.1):
 * a language the payload sends is replaced by what it sends (a blank field is removed, so
 * the shopper reads the default language's); a language it leaves out, or a payload
 * without translations (an older client), keeps what was there. A translated name gets a
 * slug in its language, unique there, kept as long as the name is.
 */
export async function productTranslations(
  tx: Tx,
  payload: SellerProductPayload,
  current: ProductTranslations,
  productId: number | null,
  attempt: number,
): Promise<ProductTranslations> {
  const next: ProductTranslations = { ...current };
  for (const locale of TRANSLATION_LOCALES) {
    const given = payload.translations?.[locale];
    if (!given) continue;
    const texts: Record<string, string> = {};
    if (given.name) texts.name = given.name;
    if (given.short_description) texts.short_description = given.short_description;
    if (given.description) texts.description = cleanHtml(given.description);
    if (texts.name) {
      const kept = current[locale]?.slug && current[locale]?.name === texts.name ? current[locale]!.slug : undefined;
      texts.slug = kept ?? (await freeTranslatedSlug(tx, locale, texts.name, productId, attempt));
    }
    if (Object.keys(texts).length) next[locale] = texts;
    else delete next[locale];
  }
  return next;
}

/**
 * A slug of a translated name that no other product has in that language: the name's own,
 * else with the first free number; random after a lost race (the unique index decides).
 */
async function freeTranslatedSlug(tx: Tx, locale: string, name: string, productId: number | null, attempt: number): Promise<string> {
  const base = (slugOf(name) || 'product').slice(0, 180);
  if (attempt > 0) return `${base}-${randomBytes(4).toString('hex')}`;
  const slug = sql<string>`(${products.translations} -> ${sql.raw(`'${locale}'`)} ->> 'slug')`;
  const rows = await tx
    .select({ slug })
    .from(products)
    .where(and(sql`(${slug} = ${base} OR ${slug} LIKE ${`${base.replace(/[%_\\]/g, '\\$&')}-%`})`, productId === null ? undefined : ne(products.id, productId)));
  const taken = new Set(rows.map((row) => row.slug));
  if (!taken.has(base)) return base;
  for (let n = 2; ; n += 1) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}
