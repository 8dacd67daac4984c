/** A currency as the storefront shows amounts in it. */
export interface DisplayCurrency {
  symbol: string;
  position: 'prefix' | 'suffix';
  /** rate_from_default: amounts in the default currency are multiplied by it. */
  rate: number;
}

export const DEFAULT_CURRENCY: DisplayCurrency = { symbol: '$', position: 'prefix', rate: 1 };

/**
 * Formats an amount given in the shop's default currency (docs/product.md §9.2): multiplied
 * by the selected currency's rate, two decimals, symbol before or after.
 */
export function formatPrice(amount: number, currency: DisplayCurrency = DEFAULT_CURRENCY): string {
  const rate = Number.isFinite(currency.rate) && currency.rate > 0 ? currency.rate : 1;
  const value = (Math.round(amount * rate * 100) / 100).toFixed(2);
  return currency.position === 'suffix' ? `${value}${currency.symbol}` : `${currency.symbol}${value}`;
}

/** Minor units (stored) to the API's decimal amount. What a product costs is lib/price.ts. */
export function fromMinor(minor: number): number {
  return Math.round(minor) / 100;
}

/** The API's decimal amount to minor units; the inverse of `fromMinor`. */
export function toMinor(amount: number): number {
  return Math.round(amount * 100);
}
