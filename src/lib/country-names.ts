import type { CountryDto } from '../contracts/country';
import { intlLocale } from './locales';

/** A country a form offers: its name, which the API takes and stores, and its ISO 3166 code. */
export type CountryChoice = Pick<CountryDto, 'name' | 'code'>;

/** A country select's option: the value sent (the API's name) and its label in the page's language. */
export interface CountryOptionView {
  value: string;
  label: string;
}

/**
 * The options of a country select in the page's language (docs/product.md §9.1): each
 * country labelled with its name in that language (Intl's region names, by its code; its
 * own name when Intl has none), sorted as that language sorts. The value stays the name
 * GET /countries answers, which the API takes. A `chosen` country no longer offered (made
 * inactive since) comes first, so the form does not silently change it.
 */
export function countryOptions(countries: readonly CountryChoice[], locale: string, chosen = ''): CountryOptionView[] {
  const tag = intlLocale(locale);
  const names = new Intl.DisplayNames([tag], { type: 'region', fallback: 'none' });
  const label = ({ name, code }: CountryChoice) => (/^[A-Za-z]{2}$/.test(code) ? names.of(code.toUpperCase()) : undefined) ?? name;
  const collator = new Intl.Collator(tag);
  const options = countries.map((country) => ({ value: country.name, label: label(country) })).sort((a, b) => collator.compare(a.label, b.label));
  return chosen && !countries.some((country) => country.name === chosen) ? [{ value: chosen, label: chosen }, ...options] : options;
}
