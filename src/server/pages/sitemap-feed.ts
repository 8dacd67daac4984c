import { entryPath, fileRange, localizedUrlsXml, STATIC_PATHS, URLSET_CLOSE, URLSET_OPEN, type SitemapFile, type SitemapLanguages } from '../../lib/sitemap';
import { apiGet } from './page-api';
import { SITEMAP_KINDS, type SitemapEntry, type SitemapSummary } from '../../contracts/sitemap';

/** Entries per API call; a file of 40,000 URLs takes 40 calls and never sits in memory whole. */
const BATCH = 1000;

interface Caller {
  request: Request;
  locale: string;
}

export async function loadSitemapSummary(caller: Caller): Promise<SitemapSummary> {
  return (await apiGet<{ kinds: SitemapSummary }>('/sitemap', caller)).kinds;
}

/** A kind's public entries in an id range, fetched a batch at a time by keyset. */
async function* entries(caller: Caller, kind: SitemapFile['kind'], range: { after: number; until?: number }): AsyncGenerator<SitemapEntry> {
  let after: number | null = range.after;
  while (after !== null) {
    const until = range.until === undefined ? '' : `&until=${range.until}`;
    const page: { entries: SitemapEntry[]; next: number | null } = await apiGet(`/sitemap/${kind}?after=${after}${until}&per_page=${BATCH}`, caller);
    yield* page.entries;
    after = page.next;
  }
}

async function* urlsetLines(caller: Caller, siteUrl: string, languages: SitemapLanguages, files: SitemapFile[] | 'all'): AsyncGenerator<string> {
  yield URLSET_OPEN;
  const parts = files === 'all' ? SITEMAP_KINDS.map((kind) => ({ kind, range: { after: 0 } })) : files.map((file) => ({ kind: file.kind, range: fileRange(file.page) }));
  if (files === 'all' || files.some((file) => file.kind === 'pages' && file.page === 1)) {
    for (const path of STATIC_PATHS) yield localizedUrlsXml(() => path, siteUrl, languages);
  }
  for (const { kind, range } of parts) {
    let chunk = '';
    for await (const entry of entries(caller, kind, range)) {
      chunk += localizedUrlsXml((locale) => entryPath(kind, entry, locale), siteUrl, languages, entry.updated_at);
      if (chunk.length > 64_000) {
        yield chunk;
        chunk = '';
      }
    }
    if (chunk) yield chunk;
  }
  yield URLSET_CLOSE;
}

/** A `<urlset>` of the given files (or of everything) in every language, streamed as it is read. */
export function urlsetStream(caller: Caller, siteUrl: string, languages: SitemapLanguages, files: SitemapFile[] | 'all'): ReadableStream<Uint8Array> {
  const lines = urlsetLines(caller, siteUrl, languages, files);
  const encoder = new TextEncoder();
  return new ReadableStream({
    async pull(controller) {
      const { value, done } = await lines.next();
      if (done) controller.close();
      else controller.enqueue(encoder.encode(value));
    },
    async cancel() {
      await lines.return(undefined);
    },
  });
}

export const XML_HEADERS = { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': 'max-age=3600' };
