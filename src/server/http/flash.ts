import type { AstroCookies } from 'astro';

/**
 * A message for the next page after a form's redirect (post, redirect, get): "added to
 * cart", "Please login first!". Forms without JavaScript have no toast to show it in, so
 * the next page renders it (BaseLayout) and the cookie goes at once. It is display text
 * only, escaped where rendered, and lives a minute at most.
 */
export interface FlashMessage {
  type: 'success' | 'error';
  message: string;
}

export const FLASH_COOKIE = 'flash';
const MAX_MESSAGE = 300;

/** The cookie's value and options, for pages (Astro) and API routes that redirect to a page (Hono). */
export function flashCookie(flash: FlashMessage, secure: boolean) {
  const value = Buffer.from(JSON.stringify({ type: flash.type, message: flash.message.slice(0, MAX_MESSAGE) })).toString('base64url');
  return { value, options: { path: '/', httpOnly: true, sameSite: 'Lax' as const, secure, maxAge: 60 } };
}

export function setFlash(cookies: AstroCookies, flash: FlashMessage, secure: boolean): void {
  const { value, options } = flashCookie(flash, secure);
  cookies.set(FLASH_COOKIE, value, { ...options, sameSite: 'lax' });
}

/** The flash left by the previous response, taken (the cookie is deleted); null when none or not ours. */
export function takeFlash(cookies: AstroCookies): FlashMessage | null {
  const raw = cookies.get(FLASH_COOKIE)?.value;
  if (raw === undefined) return null;
  cookies.delete(FLASH_COOKIE, { path: '/' });
  try {
    const parsed = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8')) as Partial<FlashMessage>;
    if ((parsed.type === 'success' || parsed.type === 'error') && typeof parsed.message === 'string' && parsed.message.length <= MAX_MESSAGE) {
      return { type: parsed.type, message: parsed.message };
    }
  } catch {
    // A cookie we did not write: ignored.
  }
  return null;
}
