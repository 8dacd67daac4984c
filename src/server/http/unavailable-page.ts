import ar from '../db/seed/messages/ar.json' with { type: 'json' };
import en from '../db/seed/messages/en.json' with { type: 'json' };
import ir from '../db/seed/messages/ir.json' with { type: 'json' };
import { ApiError as PageApiError } from '../../lib/api-envelope';
import { languageTag } from '../../lib/locales';
import { isDatabaseUnavailable } from '../db/errors';
import { DATABASE_UNAVAILABLE, RETRY_AFTER_SECONDS } from './errors';

/**
 * The page a browser gets while the database is out of reach (a restart, a failover). It
 * cannot read the translations or settings kept in the database, so it takes its two
 * sentences from the catalogues the database is seeded from, and is plain HTML: no
 * stylesheet, script or image the server would have to look up.
 */
const CATALOGUES: Record<string, Record<string, string>> = { en, ar, ir };
const RIGHT_TO_LEFT = new Set(['ar', 'ir']);

/** Whether a page failed because the database is unavailable (directly, or as the in-process API's 503). */
export function isUnavailable(error: unknown): boolean {
  return (error instanceof PageApiError && error.status === 503) || isDatabaseUnavailable(error);
}

export function unavailablePage(locale: string | undefined, url: URL): Response {
  const key = locale && Object.hasOwn(CATALOGUES, locale) ? locale : 'en';
  const t = (text: string) => CATALOGUES[key]![text] ?? text;
  const here = escapeHtml(url.pathname + url.search);
  const html = `<!doctype html>
<html lang="${languageTag(key)}" dir="${RIGHT_TO_LEFT.has(key) ? 'rtl' : 'ltr'}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${escapeHtml(t(DATABASE_UNAVAILABLE))}</title></head>
<body style="font-family:system-ui,sans-serif;max-width:32rem;margin:4rem auto;padding:0 1rem;line-height:1.5">
<h1 style="font-size:1.25rem">${escapeHtml(t(DATABASE_UNAVAILABLE))}</h1>
<p><a href="${here}">${escapeHtml(t('Try again'))}</a></p>
</body>
</html>`;
  return new Response(html, {
    status: 503,
    headers: { 'Content-Type': 'text/html; charset=utf-8', 'Retry-After': String(RETRY_AFTER_SECONDS), 'Cache-Control': 'no-store' },
  });
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}
