/**
 * Account pages leave for / as soon as the session ends in another tab (docs/product.md
 * §2.2). This tab's own logout navigates by itself (its form drops the session cookie);
 * reacting to this tab's store too would race that navigation, so only `storage` events,
 * which other tabs' changes fire, are watched.
 */
window.addEventListener('storage', (event) => {
  if (event.key !== 'auth' || event.storageArea !== window.localStorage) return;
  let token: unknown = null;
  try {
    token = event.newValue ? (JSON.parse(event.newValue) as { token?: unknown }).token : null;
  } catch {
    token = null;
  }
  if (!token) window.location.assign('/');
});
