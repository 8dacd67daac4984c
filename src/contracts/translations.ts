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
