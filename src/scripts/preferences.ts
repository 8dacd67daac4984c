/**
 * The navbar's language and currency form (components/nav/ShopPreferences.astro) with
 * JavaScript: a change submits it at once, after loading the chosen language's messages
 * (docs/product.md §4.1), and the persistent site settings follow /master (§3.1), read once
 * the page is idle.
 */
import type { MasterDto } from '../contracts/master';
import { apiRequest } from '../lib/api-client';
import { adoptRenderedLocale, applyMaster, chooseLanguage, locale as localeStore, selectCurrency } from '../stores/settings';

const form = document.querySelector<HTMLFormElement>('form[data-preferences]');
const renderedLocale = form?.dataset.renderedLocale ?? document.documentElement.lang;

form?.addEventListener('change', (event) => {
  const select = event.target;
  if (!(select instanceof HTMLSelectElement)) return;
  void change(form, select);
});

async function change(form: HTMLFormElement, select: HTMLSelectElement): Promise<void> {
  if (select.name === 'locale') {
    chooseLanguage(select.value);
    // docs/product.md §4.1: the language's messages load first; a failure is only logged.
    await apiRequest(`/lang/${encodeURIComponent(select.value)}`, { locale: select.value }).catch((error: unknown) => console.warn('Could not load language', error));
  } else {
    selectCurrency(select.value);
  }
  form.requestSubmit();
}

function loadSettings(): void {
  // The page was rendered in the cookie's language; local storage follows it.
  adoptRenderedLocale(renderedLocale);
  apiRequest<MasterDto>('/master', { locale: renderedLocale })
    .then(({ data }) => {
      const localeChanged = applyMaster(data);
      if (localeChanged && localeStore.get() !== renderedLocale) window.location.reload();
    })
    // docs/product.md §8.4: a failed /master is not shown; the server-rendered page stands.
    .catch((error: unknown) => console.warn('Could not load site settings', error));
}

if ('requestIdleCallback' in window) window.requestIdleCallback(loadSettings, { timeout: 2000 });
else setTimeout(loadSettings, 200);
