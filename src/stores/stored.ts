/**
 * Where the persistent stores keep their state in local storage (docs/product.md §9), and a
 * look at one without loading the stores: a page's first scripts read it to decide whether
 * the stores must load at all (docs/decisions/019-islands-on-demand.md). No nanostores here.
 */
export const STORE_KEYS = { auth: 'auth', cart: 'cart', siteSettings: 'siteSettings', locale: 'locale' } as const;

/** A store's stored fields as written (JSON), or null when absent, unreadable or not an object. */
export function peekStored(key: (typeof STORE_KEYS)[keyof typeof STORE_KEYS]): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(localStorage.getItem(key) ?? 'null');
    return value && typeof value === 'object' ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}
