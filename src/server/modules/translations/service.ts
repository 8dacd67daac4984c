import { asc, eq, inArray, type Column } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import type { Db } from '../../db/index.ts';
import { violatedUniqueIndex } from '../../db/errors.ts';
import {
  banners,
  blogCategories,
  blogs,
  blogTags,
  brands,
  categories,
  colors,
  flashSales,
  footerItems,
  footers,
  languages,
  legalPages,
  menus,
  products,
  shops,
  sizes,
  subCategories,
  units,
} from '../../db/schema/index.ts';
import { cleanHtml } from '../../html.ts';
import { invalidateCatalog, invalidateContent, invalidateSettings, invalidateShops } from '../../cache.ts';
import type { Translations } from '../../../contracts/translations.ts';

/**
 * Every kind of content an operator translates from a file (docs/product.md §9.1,
 * `npm run translations`): its table, its translated fields with the columns that hold
 * their default-language text, and the cached data its texts show in.
 */
interface Kind {
  table: PgTable;
  id: PgColumn;
  translations: PgColumn;
  fields: Record<string, PgColumn>;
  invalidate: (db: Db) => Promise<void>;
}

const catalog = (db: Db) => invalidateCatalog(db);
const content = (db: Db) => invalidateContent(db);
const nameOnly = (table: PgTable & { id: PgColumn; name: PgColumn; translations: PgColumn }): Kind => ({
  table,
  id: table.id,
  translations: table.translations,
  fields: { name: table.name },
  invalidate: catalog,
});

export const TRANSLATABLE = {
  categories: { table: categories, id: categories.id, translations: categories.translations, fields: { name: categories.name, slug: categories.slug }, invalidate: catalog },
  sub_categories: {
    table: subCategories,
    id: subCategories.id,
    translations: subCategories.translations,
    fields: { name: subCategories.name, slug: subCategories.slug },
    invalidate: catalog,
  },
  brands: nameOnly(brands),
  colors: nameOnly(colors),
  sizes: nameOnly(sizes),
  units: nameOnly(units),
  shops: {
    table: shops,
    id: shops.id,
    translations: shops.translations,
    fields: { name: shops.name, short_description: shops.shortDescription, description: shops.description, estimated_delivery_time: shops.estimatedDeliveryTime },
    invalidate: (db) => invalidateShops(db),
  },
  products: {
    table: products,
    id: products.id,
    translations: products.translations,
    fields: {
      name: products.name,
      slug: products.slug,
      short_description: products.shortDescription,
      description: products.description,
      meta_title: products.metaTitle,
      meta_description: products.metaDescription,
    },
    invalidate: catalog,
  },
  flash_sales: {
    table: flashSales,
    id: flashSales.id,
    translations: flashSales.translations,
    fields: { name: flashSales.name, description: flashSales.description },
    invalidate: catalog,
  },
  banners: { table: banners, id: banners.id, translations: banners.translations, fields: { title: banners.title }, invalidate: content },
  blogs: {
    table: blogs,
    id: blogs.id,
    translations: blogs.translations,
    fields: { title: blogs.title, slug: blogs.slug, description: blogs.description, meta_title: blogs.metaTitle, meta_description: blogs.metaDescription },
    invalidate: content,
  },
  blog_categories: { ...nameOnly(blogCategories), invalidate: content },
  blog_tags: { ...nameOnly(blogTags), invalidate: content },
  legal_pages: {
    table: legalPages,
    id: legalPages.id,
    translations: legalPages.translations,
    fields: { title: legalPages.title, content: legalPages.content },
    invalidate: content,
  },
  menus: { ...nameOnly(menus), invalidate: (db) => invalidateSettings(db) },
  footers: { table: footers, id: footers.id, translations: footers.translations, fields: { title: footers.title }, invalidate: (db) => invalidateSettings(db) },
  footer_items: {
    table: footerItems,
    id: footerItems.id,
    translations: footerItems.translations,
    fields: { title: footerItems.title },
    invalidate: (db) => invalidateSettings(db),
  },
} satisfies Record<string, Kind>;

export type TranslatableKind = keyof typeof TRANSLATABLE;
export const TRANSLATABLE_KINDS = Object.keys(TRANSLATABLE) as TranslatableKind[];

/** Fields whose text is HTML: sanitised as the default language's is. */
const HTML_FIELDS = new Set(['description', 'content']);
const SLUG = /^[\p{L}\p{N}]+(?:-[\p{L}\p{N}]+)*$/u;
/** The longest text a field without a column limit takes. */
const TEXT_LIMIT = 50_000;

/** One row of a translations file: the row's id, its default-language texts (ignored on import) and its translations. */
export interface TranslationEntry {
  id: number;
  source?: Record<string, string | null>;
  translations: Translations;
}
export type TranslationsFile = Partial<Record<TranslatableKind, TranslationEntry[]>>;

/** The rows of the given kinds with their default-language texts and their translations, in id order. */
export async function exportTranslations(db: Db, kinds: readonly TranslatableKind[]): Promise<TranslationsFile> {
  const file: TranslationsFile = {};
  for (const name of kinds) {
    const kind: Kind = TRANSLATABLE[name];
    const columns = Object.fromEntries(Object.entries(kind.fields).map(([field, column]) => [field, column]));
    const rows = (await db
      .select({ id: kind.id, translations: kind.translations, ...columns })
      .from(kind.table)
      .orderBy(asc(kind.id))) as unknown as ({ id: number; translations: Translations } & Record<string, string | null>)[];
    file[name] = rows.map(({ id, translations, ...source }) => ({ id, source, translations }));
  }
  return file;
}

/** A file's problem, with where it is (`categories[3].ar.slug`). */
export class TranslationsRefused extends Error {
  readonly problems: string[];
  constructor(problems: string[]) {
    super(problems.join('\n'));
    this.problems = problems;
  }
}

const FileShape = z.record(
  z.string(),
  z.array(z.object({ id: z.number().int().positive(), source: z.unknown().optional(), translations: z.record(z.string(), z.record(z.string(), z.unknown())) })),
);

/**
 * Writes a file's translations in one transaction: each row's languages in the file
 * replace what the row had in them (a blank field is removed, so shoppers read the default
 * language's), the others stay. Every problem (unknown kind, row, language or field, a text
 * too long, a slug that is not one or is taken in its language) is found before anything is
 * written, or refuses the whole file; nothing is half applied. Answers how many rows changed.
 */
export async function importTranslations(db: Db, input: unknown): Promise<number> {
  const parsed = FileShape.safeParse(input);
  if (!parsed.success)
    throw new TranslationsRefused([`The file is not a translations file: ${parsed.error.issues[0]?.message ?? ''} at ${parsed.error.issues[0]?.path.join('.') ?? ''}`]);
  const languageRows = await db.select({ name: languages.name, isDefault: languages.isDefault }).from(languages);
  const allowed = new Set(languageRows.filter((language) => !language.isDefault).map((language) => language.name));
  const problems: string[] = [];
  const writes: { kind: TranslatableKind; id: number; given: Translations }[] = [];
  for (const [name, entries] of Object.entries(parsed.data)) {
    if (!(name in TRANSLATABLE)) {
      problems.push(`${name}: not a kind of content (${TRANSLATABLE_KINDS.join(', ')})`);
      continue;
    }
    const kind: Kind = TRANSLATABLE[name as TranslatableKind];
    entries.forEach((entry, index) => {
      const where = `${name}[${index}] (id ${entry.id})`;
      const given: Translations = {};
      for (const [locale, fields] of Object.entries(entry.translations)) {
        if (!allowed.has(locale)) {
          problems.push(`${where}: "${locale}" is not one of the shop's other languages (${[...allowed].join(', ') || 'none'})`);
          continue;
        }
        given[locale] = {};
        for (const [field, value] of Object.entries(fields)) {
          const column = kind.fields[field];
          if (!column) problems.push(`${where}.${locale}: "${field}" is not translated for ${name} (${Object.keys(kind.fields).join(', ')})`);
          else if (typeof value !== 'string') problems.push(`${where}.${locale}.${field}: must be text`);
          else {
            const text = value.trim();
            const limit = lengthOf(column);
            if ([...text].length > limit) problems.push(`${where}.${locale}.${field}: longer than ${limit} characters`);
            else if (field === 'slug' && text && !SLUG.test(text)) problems.push(`${where}.${locale}.slug: letters and digits joined by hyphens`);
            else if (text) given[locale]![field] = HTML_FIELDS.has(field) ? cleanHtml(text) : text;
          }
        }
      }
      writes.push({ kind: name as TranslatableKind, id: entry.id, given });
    });
  }
  if (problems.length) throw new TranslationsRefused(problems);
  const changed = new Set<TranslatableKind>();
  try {
    await db.transaction(async (tx) => {
      for (const name of new Set(writes.map((write) => write.kind))) {
        const kind: Kind = TRANSLATABLE[name];
        const ofKind = writes.filter((write) => write.kind === name);
        const rows = (await tx
          .select({ id: kind.id, translations: kind.translations })
          .from(kind.table)
          .where(
            inArray(
              kind.id,
              ofKind.map((write) => write.id),
            ),
          )
          .for('update')) as { id: number; translations: Translations }[];
        const current = new Map(rows.map((row) => [row.id, row.translations]));
        for (const write of ofKind) {
          const had = current.get(write.id);
          if (!had) problems.push(`${name} (id ${write.id}): no such row`);
          else {
            const next: Translations = { ...had };
            for (const [locale, fields] of Object.entries(write.given)) {
              if (fields && Object.keys(fields).length) next[locale] = fields;
              else delete next[locale];
            }
            await tx
              .update(kind.table)
              .set({ translations: next } as never)
              .where(eq(kind.id as Column, write.id));
          }
        }
        changed.add(name);
      }
      if (problems.length) throw new TranslationsRefused(problems);
    });
  } catch (error) {
    const index = violatedUniqueIndex(error);
    if (index && /_slug_/.test(index)) throw new TranslationsRefused([`A slug is taken in its language (${index}): each language's slugs are unique.`]);
    throw error;
  }
  await Promise.all([...changed].map((name) => TRANSLATABLE[name].invalidate(db)));
  return writes.length;
}

/** The longest text a column takes: its varchar length, else TEXT_LIMIT. */
function lengthOf(column: PgColumn): number {
  const length = (column as unknown as { length?: number }).length;
  return typeof length === 'number' && length > 0 ? length : TEXT_LIMIT;
}
