import type { APIRoute } from 'astro';
import { fitsOneFile, sitemapFilePath, sitemapFiles, sitemapIndexXml } from '../lib/sitemap';
import { loadSitemapSummary, urlsetStream, XML_HEADERS } from '../server/pages/sitemap-feed';

/** Every public page in one file while the shop is small; an index of files once it is not. */
export const GET: APIRoute = async ({ request, locals }) => {
  const { locale, siteUrl } = locals.shop;
  const caller = { request, locale };
  const summary = await loadSitemapSummary(caller);
  const body = fitsOneFile(summary)
    ? urlsetStream(caller, siteUrl, 'all')
    : sitemapIndexXml(sitemapFiles(summary).map((file) => new URL(sitemapFilePath(file), siteUrl).toString()));
  return new Response(body, { headers: XML_HEADERS });
};
