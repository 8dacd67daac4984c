import { isolate } from './bidi.ts';

/**
 * Country calling codes travel as digits only ("1", "966"): the original client puts the
 * "+" in front itself, so a "+1" would show as "++1" (docs/product.md §7.6). Stored codes
 * are digits too; reading through `phoneCodeDigits` keeps rows written before that right.
 */

/** The code as the API answers it: digits only, or null when there is none. */
export function phoneCodeDigits(code: string | null | undefined): string | null {
  const digits = (code ?? '').replace(/\D/g, '');
  return digits || null;
}

/** The code as a page shows it, with its "+" (`+966`), or '' when there is none. */
export function displayPhoneCode(code: string | null | undefined): string {
  const digits = phoneCodeDigits(code);
  return digits ? `+${digits}` : '';
}

/**
 * A country as a list of countries shows it: its name and its "+code" when it has one, each
 * isolated (lib/bidi.ts), so "(+966)" keeps its "+" before the digits in right-to-left pages.
 * An option's text cannot hold markup: the isolation is in the text.
 */
export function countryOptionLabel(country: { name: string; phone_code: string | null }): string {
  const code = displayPhoneCode(country.phone_code);
  return code ? `${isolate(country.name)} (${isolate(code, 'code')})` : country.name;
}
