/**
 * The navbar's language and currency form (components/nav/ShopPreferences.astro) with
 * JavaScript: a change submits it at once, after the chosen language's messages load
 * (docs/product.md §4.1) and the persistent site settings record the choice. Their code
 * loads on the change (scripts/page-stores.ts), not with the page.
 */
const form = document.querySelector<HTMLFormElement>('form[data-preferences]');

form?.addEventListener('change', (event) => {
  const select = event.target;
  if (!(select instanceof HTMLSelectElement)) return;
  change(select)
    // The form posts the choice all the same: the server sets the cookies (POST /preferences).
    .catch((error: unknown) => console.warn('Could not store the choice', error))
    .finally(() => form.requestSubmit());
});

async function change(select: HTMLSelectElement): Promise<void> {
  const [{ syncSettings }, settings, { apiRequest }] = await Promise.all([import('./page-stores'), import('../stores/settings'), import('../lib/api-client')]);
  if (select.name !== 'locale') {
    await syncSettings();
    settings.selectCurrency(select.value);
    return;
  }
  // docs/product.md §4.1: the language's messages load first; a failure is only logged.
  const messages = apiRequest(`/lang/${encodeURIComponent(select.value)}`, { locale: select.value }).catch((error: unknown) => console.warn('Could not load language', error));
  await Promise.all([syncSettings(), messages]);
  settings.chooseLanguage(select.value);
}
