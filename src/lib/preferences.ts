import type { CurrencyDto } from '../contracts/master';
import { DEFAULT_DIRECTION } from './locales';
import { defaultCurrencyOf } from './money';

interface MasterCurrencies {
  currency: { name: string } | null;
  currencies: CurrencyDto[];
}

/**
 * The currency rule (docs/product.md §4.2): when the server's currency differs from the
 * stored default, the default is replaced and the selection reset to the server's
 * default currency; otherwise the selection is only filled when nothing is chosen.
 */
export function reconcileCurrency(
  stored: { defaultCurrency: string; selectedCurrency: CurrencyDto | null },
  master: MasterCurrencies,
): { defaultCurrency: string; selectedCurrency: CurrencyDto | null } {
  const serverDefault = defaultCurrencyOf(master.currencies) ?? null;
  const serverName = master.currency?.name ?? serverDefault?.name ?? stored.defaultCurrency;
  if (serverName !== stored.defaultCurrency) return { defaultCurrency: serverName, selectedCurrency: serverDefault };
  // Keep the shopper's choice, refreshed with the current rate, while the shop still offers it.
  const current = stored.selectedCurrency && master.currencies.find((currency) => currency.name === stored.selectedCurrency!.name);
  return { defaultCurrency: stored.defaultCurrency, selectedCurrency: current ?? serverDefault };
}

interface MasterLocale {
  app_locale: string;
  languages: { name: string; direction?: string | null }[];
}

/**
 * The locale rule (docs/product.md §4.1): when the server's app locale differs from the stored
 * default, the store adopts it with the matching direction (ltr if none) and the page
 * reloads. Returns null when nothing changes.
 */
export function reconcileLocale(stored: { defaultLocale: string }, master: MasterLocale): { locale: string; direction: 'ltr' | 'rtl' } | null {
  if (master.app_locale === stored.defaultLocale) return null;
  const language = master.languages.find((item) => item.name === master.app_locale);
  return { locale: master.app_locale, direction: language?.direction === 'rtl' ? 'rtl' : DEFAULT_DIRECTION };
}
