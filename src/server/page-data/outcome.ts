import type { AstroGlobal } from 'astro';

/**
 * What a page's loader decides: render the page with its data, send the shopper
 * elsewhere (a tidier or valid address), or show Page Not Found. The page only renders;
 * `respond` turns the other two into Astro's answer.
 */
export type PageOutcome<T> = { kind: 'page'; data: T } | Redirect | NotFound;
export type Redirect = { kind: 'redirect'; location: string };
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

export function redirect(location: string): Redirect {
  return { kind: 'redirect', location };
}

export function notFound(): NotFound {
  return { kind: 'not-found' };
}

/** The answer for an outcome that is not a page: a redirect, or the 404 page rendered at this address. */
export function respond(astro: Pick<AstroGlobal, 'redirect' | 'rewrite'>, outcome: Redirect | NotFound): Response | Promise<Response> {
  return outcome.kind === 'redirect' ? astro.redirect(outcome.location) : astro.rewrite('/404');
}
