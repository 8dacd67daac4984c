import { escapeXml } from './art/index.ts';
import { FEATURE_TEXT, BRAND_NAMES } from './data/i18n/taxonomy.ts';
import { MODIFIER_TEXT } from './data/i18n/modifiers.ts';
import { NOUN_TEXT } from './data/i18n/nouns.ts';
import { PRODUCT_COPY, type TextLocale } from './data/i18n/product-copy.ts';
import type { ArabicAdjective, ModifierText, NounText, Tr } from './data/i18n/types';
import type { SizeChart } from './data/taxonomy';

/**
 * A generated product's name and description in each language (docs/product.md §9.1).
 * A name is composed from the same words in every language, each in its own order:
 *
 * - most products: en "Brand Modifier Noun", ar "Noun Adjective Spec من Brand" (the
 *   adjective agrees with the noun's gender), ir "Noun(ezafe) Adjective Brand Spec";
 * - electronics carry a model code: en "Brand Modifier K42 Noun", ar "Noun Brand Line K42
 *   Adjective Spec", ir "Noun Adjective Brand مدل Line K42 Spec", where a model line (Pro,
 *   Lite) follows the brand and any other modifier is an adjective;
 * - books: "Title (Edition)" in every language.
 *
 * The words come from data/i18n (nouns.ts, modifiers.ts, taxonomy.ts).
 */
export type NameKind = 'plain' | 'model' | 'book';

export interface ProductWords {
  kind: NameKind;
  brand: string;
  noun: string;
  /** '' when the product has none. */
  modifier: string;
  /** The model code of electronics ("K42"), else ''. */
  code: string;
}

export const TEXT_LOCALES: readonly TextLocale[] = ['en', 'ar', 'ir'];

// Read as plain string maps: generated products carry their words as strings.
const nouns: Readonly<Record<string, NounText>> = NOUN_TEXT;
const modifiers: Readonly<Record<string, ModifierText>> = MODIFIER_TEXT;
const brands: Readonly<Record<string, Tr>> = BRAND_NAMES;
const features: Readonly<Record<string, Tr>> = FEATURE_TEXT;

function lookup<T>(map: Readonly<Record<string, T>>, key: string, what: string): T {
  const found = map[key];
  if (!found) throw new Error(`No translation of the ${what} "${key}" (data/i18n)`);
  return found;
}

const join = (...parts: string[]) => parts.filter(Boolean).join(' ');

const adjective = (word: ArabicAdjective, gender: 'm' | 'f') => (typeof word === 'string' ? word : gender === 'm' ? word[0] : word[1]);

/**
 * The Persian ezafe before an adjective: written as ی after a final alef or vav
 * ("مت یوگای ضدلغزش") and as hamza above a silent heh ("زنانهٔ گل‌دار"), unwritten otherwise.
 */
function ezafe(noun: string, adjective: string): string {
  if (/[اآو]$/.test(noun)) return `${noun}ی`;
  // No mark before a prepositional phrase ("با رایحهٔ عود"), nor after a noun ending in one ("دوربین بدون آینه").
  if (/^(?:با|از) /.test(adjective) || / (?:بدون|با|برای|از) /.test(noun)) return noun;
  if (/[^ا]ه$/.test(noun)) return `${noun}\u0654`;
  return noun;
}

/** English words in running text: "Slim Fit Chino Trousers" → "slim fit chino trousers", keeping USB-C, 65W, Oxford. */
const PROPER = new Set([
  'Oxford',
  'Chelsea',
  'Derby',
  'Hass',
  'Gala',
  'Greek',
  'Argan',
  'Dutch',
  'Basmati',
  'Italian',
  'Egyptian',
  'Scandinavian',
  'Cheddar',
  'Bluetooth',
  'Chromebook',
  'Levant',
]);
const lowerWords = (text: string) => text.replace(/\b[A-Z][a-z]+\b/g, (word) => (PROPER.has(word) ? word : word.toLowerCase())).replace(/\bT-shirt\b/g, 't-shirt');

interface Parts {
  /** The noun with its adjective and trailing specification, without brand or model. */
  phrase: string;
  name: string;
  /** The brand with the model line, as a short description names the maker. */
  maker: string;
}

function parts(words: ProductWords, locale: TextLocale): Parts {
  const { kind, brand, noun, modifier, code } = words;
  if (locale === 'en') {
    const name = kind === 'book' ? `${noun} (${modifier})` : kind === 'model' ? join(brand, modifier, code, noun) : join(brand, modifier, noun);
    return { name, phrase: lowerWords(join(modifier, noun)), maker: brand };
  }
  const text = lookup(nouns, noun, 'noun');
  const mod = modifier ? lookup(modifiers, modifier, 'modifier') : undefined;
  const maker = lookup(brands, brand, 'brand')[locale];
  if (kind === 'book') {
    const title = locale === 'ar' ? text.ar[0] : typeof text.ir === 'string' ? text.ir : text.ir[0];
    return { name: `${title} (${mod ? adjective(mod[locale === 'ar' ? 'ar' : 'ir'], 'm') : ''})`, phrase: title, maker };
  }
  // A model line stands after the brand in electronics names; elsewhere every modifier is an adjective.
  const line = kind === 'model' && mod?.model ? mod.model[locale] : '';
  if (locale === 'ar') {
    const [name, gender, spec = ''] = text.ar;
    const adj = mod && !line ? adjective(mod.ar, gender) : '';
    return {
      name: kind === 'model' ? join(name, maker, line, code, adj, spec) : join(name, adj, spec, 'من', maker),
      phrase: join(name, adj, spec),
      maker: join(maker, line),
    };
  }
  const [name, spec] = typeof text.ir === 'string' ? [text.ir, ''] : text.ir;
  const adj = mod && !line ? mod.ir : '';
  const head = adj ? ezafe(name, adj) : name;
  return {
    name: kind === 'model' ? join(head, adj, maker, 'مدل', line, code, spec) : join(head, adj, maker, spec),
    phrase: join(head, adj, spec),
    maker: line ? join(maker, 'مدل', line) : maker,
  };
}

export function productName(words: ProductWords, locale: TextLocale): string {
  return parts(words, locale).name;
}

export interface ProductCopyInput {
  words: ProductWords;
  /** English feature sentences of the category, translated here. */
  features: readonly string[];
  /** Which introduction sentence (PRODUCT_COPY intros). */
  intro: number;
  shopName: string;
  sizes: SizeChart | undefined;
}

export interface ProductText {
  name: string;
  shortDescription: string;
  description: string;
  metaTitle: string;
  metaDescription: string;
}

export function productText(input: ProductCopyInput, locale: TextLocale): ProductText {
  const copy = PRODUCT_COPY[locale];
  const { name, phrase, maker } = parts(input.words, locale);
  const list = input.features.map((feature) => (locale === 'en' ? feature : lookup(features, feature, 'feature')[locale]));
  const shortDescription = input.words.kind === 'book' ? copy.published(name, maker, list[0]!) : copy.from(phrase, maker, list[0]!);
  const intro = copy.intros[input.intro % copy.intros.length]!(name, maker, phrase);
  const sizeNote = input.sizes === 'shoes' ? ` ${copy.shoeSizes}` : input.sizes ? ` ${copy.sizeChart}` : '';
  const description =
    `<p>${escapeXml(intro)}</p><h3>${copy.highlights}</h3><ul>${list.map((x) => `<li>${escapeXml(x)}</li>`).join('')}</ul>` +
    `<p>${escapeXml(copy.soldBy(input.shopName))}${escapeXml(sizeNote)}</p>`;
  return { name, shortDescription, description, metaTitle: copy.metaTitle(name), metaDescription: shortDescription.slice(0, 300) };
}

const STOP_WORDS: Record<TextLocale, ReadonlySet<string>> = {
  en: new Set(['a', 'an', 'and', 'the', 'of', 'for', 'with', 'from', 'in', 'on', 'to', 'at', 'by']),
  ar: new Set(['من', 'في', 'على', 'إلى', 'عن', 'مع', 'و', 'أو']),
  ir: new Set(['و', 'با', 'از', 'به', 'برای', 'در', 'بر', 'یا', 'مدل']),
};

/** A word as compared for repetition: Arabic without marks and the article or its fused prepositions (الجلد, بالجلد, للجلد → جلد). */
function wordKey(word: string, locale: TextLocale): string {
  if (locale !== 'ar') return word;
  const bare = word.replace(/[\u064B-\u065F\u0670\u0640]/g, '');
  const stripped = bare.replace(/^(?:وال|بال|كال|فال|لل|ال)/, '');
  return stripped.length >= 2 ? stripped : bare;
}

/**
 * The first word a text repeats ("Sterling Sterling Silver Ring" → "sterling"), ignoring
 * case, punctuation and little words (of, من, با), or null. A product name must have none.
 */
export function repeatedWord(text: string, locale: TextLocale): string | null {
  const seen = new Set<string>();
  for (const word of text.toLowerCase().split(/[\s\-–—(),.:;!?"“”«»،؛/|]+/)) {
    if (!word || STOP_WORDS[locale].has(word)) continue;
    const key = wordKey(word, locale);
    if (seen.has(key)) return word;
    seen.add(key);
  }
  return null;
}

const compatible = new Map<string, readonly string[]>();

/**
 * The modifiers that make a name without a repeated word in any language with this brand
 * and noun ("Atlas Leather" takes no "Full-Grain Leather"), computed once per pair.
 */
export function compatibleModifiers(kind: NameKind, brand: string, noun: string, candidates: readonly string[]): readonly string[] {
  const key = `${kind}\u0000${brand}\u0000${noun}\u0000${candidates.join('\u0000')}`;
  let found = compatible.get(key);
  if (!found) {
    found = candidates.filter((modifier) => TEXT_LOCALES.every((locale) => repeatedWord(productName({ kind, brand, noun, modifier, code: 'K00' }, locale), locale) === null));
    compatible.set(key, found);
  }
  return found;
}
