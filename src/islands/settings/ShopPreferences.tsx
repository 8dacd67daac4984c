import { useEffect, useId } from 'react';
import { useStore } from '@nanostores/react';
import type { MasterDto } from '../../server/modules/master/service';
import { applyMaster, locale as localeStore, selectCurrency, siteSettings } from '../../stores/settings';
import { setPreferenceCookie } from '../../lib/cookies';

interface Props {
  master: MasterDto;
  /** The language and currency the server rendered this page in. */
  renderedLocale: string;
  renderedCurrency: string;
  labels: { language: string; currency: string };
}

/**
 * Language and currency pickers. On hydration it fills the persistent site-settings
 * store from `/master`; afterwards it reads the store, which other islands share.
 */
export default function ShopPreferences({ master, renderedLocale, renderedCurrency, labels }: Props) {
  const settings = useStore(siteSettings);
  const languageId = useId();
  const currencyId = useId();

  useEffect(() => {
    const localeChanged = applyMaster(master);
    if (localeChanged && localeStore.get() !== renderedLocale) window.location.reload();
  }, [master, renderedLocale]);

  const languages = settings.languages.length ? settings.languages : master.languages;
  const currencies = settings.currencies.length ? settings.currencies : master.currencies;

  async function changeLanguage(next: string) {
    const language = languages.find((item) => item.name === next);
    localeStore.set(next);
    siteSettings.set({ ...siteSettings.get(), langDirection: language?.direction === 'rtl' ? 'rtl' : 'ltr' });
    setPreferenceCookie('locale', next);
    // The messages are fetched as the spec says; a failure is only logged and the
    // reload renders the page in the new language from the server either way.
    await fetch(`/api/lang/${encodeURIComponent(next)}`, {
      headers: { 'X-Requested-With': 'XMLHttpRequest', 'Accept-Language': next },
    }).catch((error: unknown) => console.warn('Could not load language', error));
    window.location.reload();
  }

  function changeCurrency(next: string) {
    selectCurrency(next);
    window.location.reload();
  }

  return (
    <div className="flex items-center gap-3 text-sm">
      <label htmlFor={currencyId} className="sr-only">
        {labels.currency}
      </label>
      <select
        id={currencyId}
        className="rounded-md border border-white/30 bg-transparent px-2 py-1 focus-visible:outline-2 focus-visible:outline-white"
        value={settings.selectedCurrency?.name ?? renderedCurrency}
        onChange={(event) => changeCurrency(event.target.value)}
      >
        {currencies.map((currency) => (
          <option key={currency.id} value={currency.name} className="text-slate-900">
            {currency.name} ({currency.symbol})
          </option>
        ))}
      </select>
      <label htmlFor={languageId} className="sr-only">
        {labels.language}
      </label>
      <select
        id={languageId}
        className="rounded-md border border-white/30 bg-transparent px-2 py-1 focus-visible:outline-2 focus-visible:outline-white"
        value={renderedLocale}
        onChange={(event) => void changeLanguage(event.target.value)}
      >
        {languages.map((language) => (
          <option key={language.id} value={language.name} className="text-slate-900">
            {language.title}
          </option>
        ))}
      </select>
    </div>
  );
}
