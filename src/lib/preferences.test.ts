import { describe, expect, it } from 'vitest';
import type { CurrencyDto } from '../contracts/master';
import { reconcileCurrency, reconcileLocale } from './preferences';

const usd: CurrencyDto = { id: 1, name: 'USD', symbol: '$', rate_from_default: 1, position: 'prefix', is_default: true };
const eur: CurrencyDto = { id: 2, name: 'EUR', symbol: '€', rate_from_default: 0.92, position: 'suffix', is_default: false };
const master = { currency: { name: 'USD' }, currencies: [usd, eur] };

describe('currency rule (spec, section 4)', () => {
  it('selects the default currency when none is chosen', () => {
    expect(reconcileCurrency({ defaultCurrency: 'USD', selectedCurrency: null }, master)).toEqual({ defaultCurrency: 'USD', selectedCurrency: usd });
  });

  it('keeps the chosen currency while the server default is unchanged, with its current rate', () => {
    const stale = { ...eur, rate_from_default: 0.5 };
    expect(reconcileCurrency({ defaultCurrency: 'USD', selectedCurrency: stale }, master).selectedCurrency).toEqual(eur);
  });

  it('replaces the default and resets the selection when the server currency changes', () => {
    const euroShop = {
      currency: { name: 'EUR' },
      currencies: [
        { ...usd, is_default: false },
        { ...eur, is_default: true },
      ],
    };
    expect(reconcileCurrency({ defaultCurrency: 'USD', selectedCurrency: usd }, euroShop)).toEqual({
      defaultCurrency: 'EUR',
      selectedCurrency: { ...eur, is_default: true },
    });
  });
});

describe('locale rule (spec, section 4)', () => {
  const languages = [
    { name: 'en', direction: 'ltr' },
    { name: 'ar', direction: 'rtl' },
    { name: 'xx', direction: null },
  ];

  it('changes nothing while the server locale equals the stored default', () => {
    expect(reconcileLocale({ defaultLocale: 'en' }, { app_locale: 'en', languages })).toBeNull();
  });

  it('adopts a new server locale with its direction', () => {
    expect(reconcileLocale({ defaultLocale: 'en' }, { app_locale: 'ar', languages })).toEqual({ locale: 'ar', direction: 'rtl' });
  });

  it('falls back to ltr when the language gives no direction', () => {
    expect(reconcileLocale({ defaultLocale: 'en' }, { app_locale: 'xx', languages })).toEqual({ locale: 'xx', direction: 'ltr' });
  });
});
