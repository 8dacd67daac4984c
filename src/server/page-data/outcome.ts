import type { AstroGlobal } from 'astro';
import { setFlash, type FlashMessage } from '../http/flash';

/**
 * What a page's loader decides: render the page with its data, send the shopper
 * elsewhere (a tidier or valid address), or show Page Not Found. The page only renders;
 * `respond` turns the other two into Astro's answer.
 */
export type PageOutcome<T> = { kind: 'page'; data: T } | Redirect | NotFound;
/** `flash`: a message the next page shows (server/http/flash.ts), for forms that post and redirect. */
export type Redirect = { kind: 'redirect'; location: string; flash?: FlashMessage };
export type NotFound = { kind: 'not-found' };

/** What a loader may read of the page request: never the whole Astro global. */
export interface PageRequest {
  request: Request;
  url: URL;
  params: Record<string, string | undefined>;
  shop: App.Locals['shop'];
}

export function pageRequest(astro: Pick<AstroGlobal, 'request' | 'url' | 'params' | 'locals'>): PageRequest {
  return { request: astro.request, url: astro.url, params: astro.params, shop: astro.locals.shop };
}

export function page<T>(data: T): PageOutcome<T> {
  return { kind: 'page', data };
}

export function redirect(location: string, flash?: FlashMessage): Redirect {
  return flash ? { kind: 'redirect', location, flash } : { kind: 'redirect', location };
}

export function notFound(): NotFound {
  return { kind: 'not-found' };
}

/** The answer for an outcome that is not a page: a redirect, or the 404 page rendered at this address. */
export function respond(astro: Pick<AstroGlobal, 'redirect' | 'rewrite' | 'cookies' | 'locals' | 'request'>, outcome: Redirect | NotFound): Response | Promise<Response> {
  if (outcome.kind === 'not-found') return astro.rewrite('/404');
  if (outcome.flash) setFlash(astro.cookies, outcome.flash, astro.locals.https);
  // After a form's POST, 303: the next page is fetched with GET (a reload does not post again).
  return astro.redirect(outcome.location, astro.request.method === 'POST' ? 303 : 302);
}
