/**
 * Runs embedded in a sentence of another direction (docs/product.md §9.1): on an Arabic or
 * Persian page an unisolated "2-3 days" reads "days 3-2", "−$50.00" reads "$50.00−", a
 * street number jumps to the end of its address and "#Laptops" becomes "Laptops#", because
 * the Unicode bidi algorithm lets the run's digits and punctuation join the sentence
 * around it. Every such run is isolated, the one way decided here:
 *
 * - `code`: what is written left to right in every language: amounts (signed ones with
 *   their sign), order codes, voucher codes, ticket numbers, phone numbers, e-mail
 *   addresses, web addresses, tags, percentages. Isolated as left-to-right.
 * - `text`: what a shopper, a seller or the shop typed, or a catalogue string that may be in
 *   any language: names, addresses, reviews, messages, subjects, delivery times, product and
 *   shop names. Isolated, its direction taken from its first strong letter (`dir="auto"`).
 *
 * Markup isolates with components/Bdi.astro (server) and islands/common/Bdi.tsx (islands),
 * which take the direction from `RUN_DIRECTION`; text without markup (plain-text e-mail,
 * attributes, toasts built from strings) with `isolate`.
 */

export type RunKind = 'code' | 'text';

/** The `dir` of each kind of run. */
export const RUN_DIRECTION: Readonly<Record<RunKind, 'ltr' | 'auto'>> = { code: 'ltr', text: 'auto' };

/** LEFT-TO-RIGHT ISOLATE, FIRST STRONG ISOLATE and POP DIRECTIONAL ISOLATE (Unicode UAX #9). */
const LRI = '\u2066';
const FSI = '\u2068';
const PDI = '\u2069';

/** `text` between Unicode isolate marks, for text that carries no markup. Empty stays empty. */
export function isolate(text: string, kind: RunKind = 'text'): string {
  if (text === '') return text;
  return `${RUN_DIRECTION[kind] === 'ltr' ? LRI : FSI}${text}${PDI}`;
}

/** The minus sign (U+2212) a subtracted amount is written with, not the hyphen. */
export const MINUS = '\u2212';

/**
 * An amount with its sign in front ("−$50.00", "+$5.00"): one run, isolated as `code`, so
 * the sign stays before the digits in right-to-left text.
 */
export function signed(amount: string, sign: '+' | '-' | undefined): string {
  return sign === '-' ? `${MINUS}${amount}` : sign === '+' ? `+${amount}` : amount;
}

/**
 * A message's values, each string isolated (`text`: its direction from its first letter, left
 * to right when it has none, as codes and amounts): for text without markup, such as e-mail and
 * the shop's notifications, where a name, a code or an amount is put into a sentence of the
 * reader's language. Numbers stay numbers (a `count` picks the plural form).
 */
export function isolateValues<T extends Record<string, string | number | null | undefined>>(values: T): T {
  return Object.fromEntries(Object.entries(values).map(([key, value]) => [key, typeof value === 'string' ? isolate(value) : value])) as T;
}

const RTL_WORD = /^[\u0590-\u08FF\uFB1D-\uFDFF\uFE70-\uFEFF]/u;
const LTR_WORD = /^[A-Za-z\u00C0-\u024F\u0370-\u03FF\u0400-\u04FF]/u;

/**
 * The direction of a paragraph written by a person, by its words rather than its first
 * letter: "ShopHub صدها فروشگاه ..." is a Persian sentence that opens with a brand name,
 * which `dir="auto"` would lay out left to right, its full stop at the wrong end. Right to
 * left when at least 40 % of the words that have a direction are in a right-to-left script
 * (Hebrew or Arabic, Persian included; the share Closure's bidi estimate uses), left to
 * right when any word has one, else `auto`.
 */
export function paragraphDirection(text: string): 'rtl' | 'ltr' | 'auto' {
  let rtl = 0;
  let ltr = 0;
  for (const word of text.split(/[\s\p{P}\p{S}\d]+/u)) {
    if (RTL_WORD.test(word)) rtl++;
    else if (LTR_WORD.test(word)) ltr++;
  }
  if (rtl + ltr === 0) return 'auto';
  return rtl / (rtl + ltr) >= 0.4 ? 'rtl' : 'ltr';
}
