/** A currency as the storefront shows amounts in it. */
export interface DisplayCurrency {
  symbol: string;
  position: 'prefix' | 'suffix';
  /** rate_from_default: amounts in the default currency are multiplied by it. */
  rate: number;
}

/** How amounts show when the shop lists no currency at all: US dollars, "$" before the amount. */
export const DEFAULT_CURRENCY: DisplayCurrency = { symbol: '$', position: 'prefix', rate: 1 };
export const DEFAULT_CURRENCY_NAME = 'USD';

/** A currency as the shop lists it (currencies rows, GET /master `currencies`). */
export interface ListedCurrency {
  name: string;
  symbol: string;
  position: 'prefix' | 'suffix';
  is_default: boolean;
}

/**
 * The shop's default currency, the one amounts are kept in (docs/product.md §9.2): the one
 * marked default, else the first listed; undefined when none is listed (amounts then show
 * as DEFAULT_CURRENCY). The one place this choice is made: GET /master, the pages, the
 * client's settings, payment charges and server messages all take it from here.
 */
export function defaultCurrencyOf<C extends ListedCurrency>(currencies: readonly C[]): C | undefined {
  return currencies.find((currency) => currency.is_default) ?? currencies[0];
}

/** The default currency's name ("USD"), as payment providers are told it. */
export function defaultCurrencyName(currencies: readonly ListedCurrency[]): string {
  return defaultCurrencyOf(currencies)?.name ?? DEFAULT_CURRENCY_NAME;
}

/**
 * An amount kept in minor units of the default currency, formatted with that currency's
 * symbol and position and no conversion: how server messages (refusals, e-mails) state
 * an amount. Pages format the shopper's currency with `formatPrice`, the same rule.
 */
export function formatDefaultAmount(minor: number, currencies: readonly ListedCurrency[]): string {
  const currency = defaultCurrencyOf(currencies);
  return formatPrice(fromMinor(minor), currency ? { symbol: currency.symbol, position: currency.position, rate: 1 } : DEFAULT_CURRENCY);
}

/**
 * Formats an amount given in the shop's default currency (docs/product.md §9.2): multiplied
 * by the selected currency's rate, two decimals, symbol before or after.
 */
export function formatPrice(amount: number, currency: DisplayCurrency = DEFAULT_CURRENCY): string {
  const rate = Number.isFinite(currency.rate) && currency.rate > 0 ? currency.rate : 1;
  // In cents first: the amount is whole cents, so the conversion rounds the same way convertParts does.
  const value = (Math.round(Math.round(amount * 100) * rate) / 100).toFixed(2);
  return currency.position === 'suffix' ? `${value}${currency.symbol}` : `${currency.symbol}${value}`;
}

/**
 * Amounts that add up (shops' payables and the checkout's payable, in the default
 * currency) converted into the shopper's currency so they still add up to the cent: each
 * is converted and rounded down to a cent, then the cents the rounding lost go to the
 * parts that lost the most (largest remainder). The total is the rounded conversion of
 * the exact sum, as formatPrice shows it. Returns the converted parts, in order, in the
 * shopper's currency.
 */
export function convertParts(parts: readonly number[], currency: DisplayCurrency = DEFAULT_CURRENCY): number[] {
  const rate = Number.isFinite(currency.rate) && currency.rate > 0 ? currency.rate : 1;
  const exact = parts.map((part) => Math.round(part * 100) * rate);
  const floors = exact.map(Math.floor);
  const total = Math.round(exact.reduce((sum, value) => sum + value, 0));
  let missing = total - floors.reduce((sum, value) => sum + value, 0);
  const order = exact.map((value, index) => ({ index, remainder: value - Math.floor(value) })).sort((a, b) => b.remainder - a.remainder || a.index - b.index);
  for (const { index } of order) {
    if (missing <= 0) break;
    floors[index]! += 1;
    missing -= 1;
  }
  return floors.map((cents) => cents / 100);
}

/** An amount already in the shopper's currency (convertParts), formatted as formatPrice does. */
export function formatConverted(value: number, currency: DisplayCurrency = DEFAULT_CURRENCY): string {
  return formatPrice(value, { ...currency, rate: 1 });
}

/** Minor units (stored) to the API's decimal amount. What a product costs is lib/price.ts. */
export function fromMinor(minor: number): number {
  return Math.round(minor) / 100;
}

/** The API's decimal amount to minor units; the inverse of `fromMinor`. */
export function toMinor(amount: number): number {
  return Math.round(amount * 100);
}
