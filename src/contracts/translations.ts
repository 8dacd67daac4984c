import { z } from 'zod';

/**
 * Content in the shopper's language (docs/product.md §9.1): a row's text columns are
 * written in the shop's default language, and `translations` holds the other languages,
 * field by field. The API answers every text in the request's language, falling back to
 * the default one for each field a translation lacks.
 */
/**
 * The languages a translation is written in: the shop's languages besides its default one
 * (docs/product.md §9.1), whose slugs the database keeps unique (db/schema/columns.ts).
 */
export const TRANSLATION_LOCALES = ['ar', 'ir'] as const;

export type Translations<Field extends string = string> = Partial<Record<string, Partial<Record<Field, string>>>>;

/** Translatable fields of each kind of content, as the API and its forms name them. */
export const TRANSLATED_FIELDS = {
  product: ['name', 'slug', 'short_description', 'description', 'meta_title', 'meta_description'],
  category: ['name', 'slug'],
  name: ['name'],
  shop: ['name', 'short_description', 'description', 'estimated_delivery_time'],
  flashSale: ['name', 'description'],
  banner: ['title'],
  blog: ['title', 'slug', 'description', 'meta_title', 'meta_description'],
  page: ['title', 'content'],
  footerItem: ['title'],
  footer: ['title'],
} as const satisfies Record<string, readonly string[]>;

export type TranslatedField<Kind extends keyof typeof TRANSLATED_FIELDS> = (typeof TRANSLATED_FIELDS)[Kind][number];

/** A text field a seller's form writes in each language: its name, label, limit and input. */
export interface TextFieldSpec {
  name: string;
  label: string;
  max: number;
  required: boolean;
  input: 'text' | 'textarea' | 'rich-text';
}

/**
 * A payload's `translations` (docs/product.md §9.1): the same fields and limits as the
 * default language's, each optional (a blank one falls back to the default language's),
 * for each language besides the default. JSON sends `{ "ar": { "name": … } }`; a form
 * sends `translations.ar.name` (see `nestFormTranslations`).
 */
export function translationsSchema(fields: readonly TextFieldSpec[]) {
  const optional = (field: TextFieldSpec) => z.preprocess((value) => (value === '' || value === null ? undefined : value), z.string().trim().max(field.max).optional());
  const language = z.strictObject(Object.fromEntries(fields.map((field) => [field.name, optional(field)])) as Record<string, ReturnType<typeof optional>>);
  return z.strictObject(Object.fromEntries(TRANSLATION_LOCALES.map((locale) => [locale, language.optional()])) as Record<string, z.ZodOptional<typeof language>>).optional();
}

/** `translations.ar.name=…` (a form's flat names) as `{ translations: { ar: { name } } }`; a JSON body's object is left as sent. */
export function nestFormTranslations(body: unknown): unknown {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return body;
  const flat = Object.keys(body).filter((key) => key.startsWith('translations.'));
  if (flat.length === 0) return body;
  const record: Record<string, unknown> = { ...body };
  const nested: Record<string, Record<string, unknown>> = typeof record.translations === 'object' && record.translations !== null
    ? { ...(record.translations as Record<string, Record<string, unknown>>) }
    : {};
  for (const key of flat) {
    const [, locale, field] = key.split('.');
    if (locale && field) (nested[locale] ??= {})[field] = record[key];
    delete record[key];
  }
  record.translations = nested;
  return record;
}
