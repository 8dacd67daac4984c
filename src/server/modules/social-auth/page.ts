import { createHash } from 'node:crypto';
import type { Context } from 'hono';
import { getCookie } from 'hono/cookie';
import type { AppEnv } from '../../context';
import { createTranslator, type Translate } from '@/lib/i18n';
import { languageTag } from '@/lib/locales';
import { SOCIAL_LOGIN_MESSAGE, type SocialLoginMessage } from '@/contracts/social-auth';
import { listLanguages, messagesFor } from '../languages/service';

/**
 * The page the callback answers in the login window (docs/decisions/011-social-login.md).
 * With a script and an opening window of this very site, it hands the outcome to that
 * window by postMessage, addressed to this origin only, and closes; without an opener a
 * success goes on to / (signed in by the cookie) and a failure stays, showing its message.
 * The script is constant, so the page's CSP allows exactly it by hash; the outcome travels
 * in a JSON block that is data, never code.
 */
const SCRIPT = `(() => {
  const result = JSON.parse(document.getElementById('result').textContent);
  let opener = null;
  try {
    if (window.opener && window.opener !== window && window.opener.location.origin === window.location.origin) opener = window.opener;
  } catch {
    opener = null;
  }
  if (opener) {
    opener.postMessage(result, window.location.origin);
    window.close();
  } else if (result.session) {
    window.location.replace('/');
  }
})();`;

const STYLE = `body{font-family:system-ui,sans-serif;margin:0;min-height:100vh;display:grid;place-items:center;background:#f8fafc;color:#0f172a}
main{max-width:28rem;margin:1rem;padding:2rem;border-radius:1rem;background:#fff;box-shadow:0 10px 30px rgb(15 23 42/.12);text-align:center}
a{color:#1d4ed8;font-weight:600}`;

const hashOf = (source: string) => `'sha256-${createHash('sha256').update(source).digest('base64')}'`;

const CSP = ["default-src 'none'", `script-src ${hashOf(SCRIPT)}`, `style-src ${hashOf(STYLE)}`, "base-uri 'none'", "form-action 'none'", "frame-ancestors 'none'"].join('; ');

/** Headers of every social-auth answer: nothing kept, and the login window keeps its opener. */
export const NO_STORE_HEADERS = {
  'Cache-Control': 'no-store',
  // The site's pages isolate themselves (same-origin-allow-popups); this page must stay
  // reachable from the window that opened it, through the provider's pages.
  'Cross-Origin-Opener-Policy': 'unsafe-none',
  'Referrer-Policy': 'no-referrer',
} as const;

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!);

/**
 * The translator of the shopper's chosen language: the `locale` cookie the pages keep (a
 * login window is a navigation, whose Accept-Language is the browser's, not the shop's
 * choice), else the request's.
 */
export async function pageLanguage(c: Context<AppEnv>): Promise<{ t: Translate; locale: string; direction: 'ltr' | 'rtl' }> {
  const { languages } = await listLanguages(c.var.db);
  const chosen = getCookie(c, 'locale');
  const locale = chosen && languages.some((language) => language.name === chosen) ? chosen : c.var.locale;
  const t = locale === c.var.locale ? c.var.t : createTranslator(locale, (await messagesFor(c.var.db, locale)) ?? {});
  const direction = languages.find((language) => language.name === locale)?.direction ?? 'ltr';
  return { t, locale, direction };
}

/** The HTML answer of the callback: `message` translated already, `session` only on success. */
export async function resultPage(c: Context<AppEnv>, status: 200 | 400 | 403 | 404 | 429 | 503, result: Omit<SocialLoginMessage, 'type'>, headers: Record<string, string> = {}) {
  // The provider sends a browser here, which asks for HTML; any other client under /api gets the envelope.
  if (!/\btext\/html\b/.test(c.req.header('accept') ?? '')) {
    return c.json(result.session ? { message: result.message, data: result.session } : { message: result.message }, status, { ...headers, ...NO_STORE_HEADERS });
  }
  const { t, locale, direction } = await pageLanguage(c);
  const payload: SocialLoginMessage = { type: SOCIAL_LOGIN_MESSAGE, ...result };
  const json = JSON.stringify(payload).replace(/</g, '\\u003c');
  const html = `<!doctype html>
<html lang="${escapeHtml(languageTag(locale))}" dir="${direction}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(result.message)}</title>
<style>${STYLE}</style>
<script type="application/json" id="result">${json}</script>
<script>${SCRIPT}</script>
</head>
<body>
<main>
<p role="${result.session ? 'status' : 'alert'}">${escapeHtml(result.message)}</p>
<p><a href="/">${escapeHtml(result.session ? t('Continue') : t('Back to the shop'))}</a></p>
</main>
</body>
</html>`;
  return c.html(html, status, { ...headers, ...NO_STORE_HEADERS, 'Content-Security-Policy': CSP });
}
