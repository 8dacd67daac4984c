/** A year: how long the language and currency cookies last, set here or by the preferences form. */
export const PREFERENCE_COOKIE_MAX_AGE_SECONDS = 31_536_000;

/**
 * Preferences the server needs to render the first byte right (language, currency) are
 * mirrored into cookies; local storage alone never reaches the server.
 */
export function setPreferenceCookie(name: 'locale' | 'currency', value: string): void {
  if (typeof document === 'undefined') return;
  document.cookie = `${name}=${encodeURIComponent(value)}; path=/; max-age=${PREFERENCE_COOKIE_MAX_AGE_SECONDS}; samesite=lax`;
}
