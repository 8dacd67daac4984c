import { DEFAULT_CURRENCY, type DisplayCurrency } from './money';
import type { CurrencyDto } from '../contracts/master';

/** The display currency for a page rendered in `currency` (the shopper's choice or the default). */
export function pageCurrency(currency: CurrencyDto | null): DisplayCurrency {
  return currency ? { symbol: currency.symbol, position: currency.position, rate: currency.rate_from_default } : DEFAULT_CURRENCY;
}
