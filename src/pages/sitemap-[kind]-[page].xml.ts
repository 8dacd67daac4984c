import type { APIRoute } from 'astro';
import { sitemapFiles } from '../lib/sitemap';
import { loadSitemapSummary, urlsetStream, XML_HEADERS } from '../server/pages/sitemap-feed';

/** One file of the sitemap index: a kind's n-th range of ids (`/sitemap-products-3.xml`). */
export const GET: APIRoute = async ({ params, request, locals }) => {
  const { locale, siteUrl, master } = locals.shop;
  const languages = { locales: master.languages.map((language) => language.name), defaultLocale: master.app_locale };
  const caller = { request, locale };
  const file = sitemapFiles(await loadSitemapSummary(caller)).find((candidate) => candidate.kind === params.kind && String(candidate.page) === params.page);
  if (!file) return new Response('Not found\n', { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
  return new Response(urlsetStream(caller, siteUrl, languages, [file]), { headers: XML_HEADERS });
};
