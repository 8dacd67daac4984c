import type { APIRoute } from 'astro';
import { fitsOneFile, sitemapFilePath, sitemapFiles, sitemapIndexXml } from '../lib/sitemap';
import { loadSitemapSummary, urlsetStream, XML_HEADERS } from '../server/pages/sitemap-feed';

/** Every public page in one file while the shop is small; an index of files once it is not. */
export const GET: APIRoute = async ({ request, locals }) => {
  const { locale, siteUrl, master } = locals.shop;
  const languages = { locales: master.languages.map((language) => language.name), defaultLocale: master.app_locale };
  const caller = { request, locale };
  const summary = await loadSitemapSummary(caller);
  const body = fitsOneFile(summary)
    ? urlsetStream(caller, siteUrl, languages, 'all')
    : sitemapIndexXml(sitemapFiles(summary).map((file) => new URL(sitemapFilePath(file), siteUrl).toString()));
  return new Response(body, { headers: XML_HEADERS });
};
