import type { TRANSLATION_LOCALES } from '../../../../../contracts/translations.ts';

/**
 * The demo's translations (docs/product.md §9.1): the English data files hold the rows'
 * columns, these dictionaries the Arabic and Persian of every translated field, keyed by
 * the English text (or slug) so that a row without its translation does not compile.
 * Arabic is Modern Standard Arabic with Arabic-Indic digits; Persian is written with
 * Persian letters (ی, ک), the zero-width non-joiner where Persian writes it, and Persian
 * digits. Brand and model names are transliterated; model codes (K42), units of standards
 * (USB-C, SPF 50, 4K) stay in Latin letters as they are printed on the products.
 */
export type Locale = (typeof TRANSLATION_LOCALES)[number];

/** One text in every language a translation is written in. */
export type Tr = Readonly<Record<Locale, string>>;

/** An Arabic adjective, masculine and feminine; one string when it does not agree (a phrase such as «من الكتان»). */
export type ArabicAdjective = string | readonly [masculine: string, feminine: string];

/**
 * A product noun. Arabic: the noun with its gender (an inanimate plural agrees as a
 * feminine singular) and the size or capacity that follows the adjectives («سيروم فيتامين سي
 * مفتّح ٣٠ مل»). Persian: the noun and the same trailing specification.
 */
export interface NounText {
  ar: readonly [name: string, gender: 'm' | 'f', spec?: string];
  ir: string | readonly [name: string, spec: string];
}

/**
 * A product modifier: an adjective after the noun in Arabic and Persian. `model` is its
 * reading as a model line of electronics (Pro → «برو» / «پرو»), placed after the brand.
 */
export interface ModifierText {
  ar: ArabicAdjective;
  ir: string;
  model?: Tr;
}
