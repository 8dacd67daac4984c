import { useEffect, useId } from 'react';
import { useStore } from '@nanostores/react';
import type { MasterDto } from '../../contracts/master';
import { apiRequest } from '../../lib/api-client';
import { adoptRenderedLocale, applyMaster, chooseLanguage, locale as localeStore, selectCurrency, siteSettings } from '../../stores/settings';
import { useHydrated } from '../shared/use-hydrated';

interface Props {
  languages: MasterDto['languages'];
  currencies: MasterDto['currencies'];
  /** The language and currency the server rendered this page in. */
  renderedLocale: string;
  renderedCurrency: string;
  labels: { language: string; currency: string };
}

/**
 * Language and currency pickers. Once hydrated it loads `/master` into the persistent
 * site-settings store (docs/product.md §4.1, §4.2), which the other islands read.
 */
export default function ShopPreferences({ languages, currencies, renderedLocale, renderedCurrency, labels }: Props) {
  // The lists come from the shared store once /master has loaded, from the page before.
  const settings = useStore(siteSettings);
  const hydrated = useHydrated();
  const currencyOptions = hydrated && settings.currencies.length ? settings.currencies : currencies;
  const languageOptions = hydrated && settings.languages.length ? settings.languages : languages;
  const languageId = useId();
  const currencyId = useId();

  useEffect(() => {
    // The page was rendered in the cookie's language; local storage follows it.
    adoptRenderedLocale(renderedLocale);
    apiRequest<MasterDto>('/master', { locale: renderedLocale })
      .then(({ data }) => {
        const localeChanged = applyMaster(data);
        if (localeChanged && localeStore.get() !== renderedLocale) window.location.reload();
      })
      // docs/product.md §8.4: a failed /master is not shown; the server-rendered page stands.
      .catch((error: unknown) => console.warn('Could not load site settings', error));
  }, [renderedLocale]);

  async function changeLanguage(next: string) {
    chooseLanguage(next);
    // docs/product.md §4.1: load the language's messages, then reload; a failure is only logged.
    await apiRequest(`/lang/${encodeURIComponent(next)}`, { locale: next }).catch((error: unknown) => console.warn('Could not load language', error));
    window.location.reload();
  }

  function changeCurrency(next: string) {
    selectCurrency(next);
    window.location.reload();
  }

  const selectClass = 'rounded-md border border-white/40 bg-primary-800 px-2 py-1 text-white focus-visible:outline-2 focus-visible:outline-white';
  return (
    <div className="flex items-center gap-3 text-sm">
      <label htmlFor={currencyId} className="sr-only">
        {labels.currency}
      </label>
      <select id={currencyId} className={selectClass} value={renderedCurrency} onChange={(event) => changeCurrency(event.target.value)}>
        {currencyOptions.map((currency) => (
          <option key={currency.id} value={currency.name}>
            {currency.name} ({currency.symbol})
          </option>
        ))}
      </select>
      <label htmlFor={languageId} className="sr-only">
        {labels.language}
      </label>
      <select id={languageId} className={selectClass} value={renderedLocale} onChange={(event) => void changeLanguage(event.target.value)}>
        {languageOptions.map((language) => (
          <option key={language.id} value={language.name}>
            {language.title}
          </option>
        ))}
      </select>
    </div>
  );
}
