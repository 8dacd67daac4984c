import type { Translate } from './i18n';
import { languageTag } from './locales.ts';

/**
 * Counted messages ("{{count}} items") in every language's plural forms. The catalogues hold
 * them as i18next plural keys, one per form of the language's plural rules (English
 * `_one`, `_other`; Arabic `_zero` … `_many`, `_other`; Persian `_one`, `_other`), and the
 * server picks with `t(key, { count })`. Islands and page scripts ship no i18next: the
 * server hands them the page language's forms (`pluralForms`) and they pick with the same
 * rules (`countLabel`).
 */

export type PluralCategory = Intl.LDMLPluralRule;

/** A counted message's forms in one language, with that language's tag for its rules. */
export interface Plural {
  lang: string;
  forms: Partial<Record<PluralCategory, string>> & { other: string };
}

export const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;

/** The plural forms of a locale key's language ("ir" → Persian's `one`, `other`). */
export function pluralCategories(locale: string): PluralCategory[] {
  return new Intl.PluralRules(languageTag(locale)).resolvedOptions().pluralCategories;
}

/**
 * Forms already built, per translator (one per language and catalogue, kept by the server while its
 * messages are): every page hands the same few to its islands, and building them costs several
 * interpolated lookups. At most `FORMS_KEPT` per translator, for callers passing values of their own.
 */
const built = new WeakMap<Translate, Map<string, Plural>>();
const FORMS_KEPT = 100;

/** The forms of `key` in the page's language, placeholders kept for `countLabel` (`values` fills the others now). */
export function pluralForms(t: Translate, locale: string, key: string, values: Record<string, string> = {}): Plural {
  let forms = built.get(t);
  if (!forms) built.set(t, (forms = new Map()));
  const id = JSON.stringify([locale, key, values]);
  const known = forms.get(id);
  if (known) return known;
  const plural = buildForms(t, locale, key, values);
  if (forms.size < FORMS_KEPT) forms.set(id, plural);
  return plural;
}

function buildForms(t: Translate, locale: string, key: string, values: Record<string, string>): Plural {
  const keep = { count: '{{count}}', ...values };
  const other = t(`${key}_other`, { ...keep, defaultValue: t(key, keep) });
  const forms: Plural['forms'] = { other };
  for (const category of pluralCategories(locale)) if (category !== 'other') forms[category] = t(`${key}_${category}`, { ...keep, defaultValue: other });
  return { lang: languageTag(locale), forms };
}

const rules = new Map<string, Intl.PluralRules>();

/** The form for `count`, filled in: what `t(key, { count })` gives on the server. */
export function countLabel(plural: Plural, count: number): string {
  let rule = rules.get(plural.lang);
  if (!rule) rules.set(plural.lang, (rule = new Intl.PluralRules(plural.lang)));
  const template = plural.forms[rule.select(count)] ?? plural.forms.other;
  return template.replaceAll('{{count}}', String(count));
}
