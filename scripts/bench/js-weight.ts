/**
 * The JavaScript a browser downloads for one page: every script the HTML loads, plus
 * every chunk those scripts import statically, each counted once. measurePageJs takes a
 * path; `npx tsx scripts/bench/page-js.ts <origin> <path>...` prints it for any server.
 */
import { gzipSync } from 'node:zlib';
import { encodingOf, getOk } from './http.ts';
import { BROWSER_ENCODING } from './load.ts';

export interface Sizes {
  rawBytes: number;
  /** gzip level 9 computed here, comparable across servers. */
  gzipBytes: number;
}

export interface ScriptFile extends Sizes {
  path: string;
  /** Body bytes the server sends for Accept-Encoding: br, gzip (its pre-compressed file). */
  transferredBytes: number;
  encoding: string;
}

export interface JsWeight {
  files: ScriptFile[];
  inline: Sizes & { count: number };
  total: Sizes & { transferredBytes: number };
}

export interface PageScripts {
  /** URLs the HTML references: script src, modulepreload, the attributes of islands that load with the page. */
  urls: string[];
  /** Bodies of inline JavaScript <script> elements. */
  inline: string[];
}

const SCRIPT_ELEMENT = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;
const ISLAND_ELEMENT = /<astro-island\b[^>]*>/gi;
const LINK_ELEMENT = /<link\b[^>]*>/gi;
const ISLAND_URL_ATTRIBUTES = ['component-url', 'renderer-url', 'before-hydration-url'];
/**
 * Static imports and re-exports in (minified) ES modules: `import"./a.js"`,
 * `import{a as b}from"./c.js"`, `import*as d from"/e.js"`, `export{f}from"./g.js"`.
 * Dynamic `import("./x.js")` is lazy and deliberately left out.
 */
const STATIC_IMPORT = /\b(?:import|export)\s*(?:[\w$*{}\s,]*?\s*from\s*)?["']([^"']+)["']/g;

export function pageScripts(html: string): PageScripts {
  const urls: string[] = [];
  const inline: string[] = [];
  for (const [, attributes = '', body = ''] of html.matchAll(SCRIPT_ELEMENT)) {
    const src = attribute(attributes, 'src');
    if (src) urls.push(src);
    else if (isJavaScript(attribute(attributes, 'type'))) inline.push(body);
  }
  for (const [element] of html.matchAll(ISLAND_ELEMENT)) {
    // A client:wake island loads on the shopper's first use of it (src/islands/wake), not before.
    if (attribute(element, 'client') === 'wake') continue;
    for (const name of ISLAND_URL_ATTRIBUTES) {
      const url = attribute(element, name);
      if (url) urls.push(url);
    }
  }
  for (const [element] of html.matchAll(LINK_ELEMENT)) {
    const href = attribute(element, 'href');
    if (attribute(element, 'rel')?.toLowerCase() === 'modulepreload' && href) urls.push(href);
  }
  return { urls: [...new Set(urls)], inline };
}

export function staticImports(code: string): string[] {
  const specifiers = [...code.matchAll(STATIC_IMPORT)].map((match) => match[1] ?? '');
  // Only paths a browser can fetch; a bare specifier would not load without an import map.
  return specifiers.filter((specifier) => /^(\.{1,2}\/|\/)/.test(specifier));
}

/** Fetches the page's scripts and their static imports, breadth first, each once. */
export async function measureJs(pageUrl: string, html: string): Promise<JsWeight> {
  const { urls, inline } = pageScripts(html);
  const queue = [...urls, ...inline.flatMap(staticImports)].map((url) => new URL(url, pageUrl).href);
  const seen = new Set(queue);
  const files: ScriptFile[] = [];
  for (let next = queue.shift(); next !== undefined; next = queue.shift()) {
    const { file, code } = await measureFile(next);
    files.push(file);
    for (const specifier of staticImports(code)) {
      const url = new URL(specifier, next).href;
      if (!seen.has(url)) {
        seen.add(url);
        queue.push(url);
      }
    }
  }
  const inlineSizes = inline.map((body) => sizesOf(Buffer.from(body)));
  const inlineTotal = { count: inline.length, ...sumSizes(inlineSizes) };
  const filesTotal = sumSizes(files);
  return {
    files: files.sort((a, b) => b.rawBytes - a.rawBytes),
    inline: inlineTotal,
    total: {
      rawBytes: filesTotal.rawBytes + inlineTotal.rawBytes,
      gzipBytes: filesTotal.gzipBytes + inlineTotal.gzipBytes,
      // Inline scripts travel inside the HTML, so they are not counted again here.
      transferredBytes: files.reduce((total, file) => total + file.transferredBytes, 0),
    },
  };
}

/**
 * The JavaScript the page at `pagePath` (`/`, `/products/8/details`) ships when it loads:
 * its HTML is fetched here, then as measureJs. Lazy chunks (a drawer opened later) are
 * not counted, which is the point: this is what browsing costs before any click.
 */
export async function measurePageJs(origin: string, pagePath: string): Promise<JsWeight & { path: string }> {
  const url = new URL(pagePath, origin).href;
  const html = (await getOk(url)).body.toString('utf8');
  return { path: pagePath, ...(await measureJs(url, html)) };
}

async function measureFile(url: string): Promise<{ file: ScriptFile; code: string }> {
  const plain = await getOk(url);
  const compressed = await getOk(url, BROWSER_ENCODING);
  const file: ScriptFile = {
    path: new URL(url).pathname,
    ...sizesOf(plain.body),
    transferredBytes: compressed.body.length,
    encoding: encodingOf(compressed),
  };
  return { file, code: plain.body.toString('utf8') };
}

export function sizesOf(content: Buffer): Sizes {
  return { rawBytes: content.length, gzipBytes: gzipSync(content, { level: 9 }).length };
}

function sumSizes(sizes: Sizes[]): Sizes {
  return {
    rawBytes: sizes.reduce((total, size) => total + size.rawBytes, 0),
    gzipBytes: sizes.reduce((total, size) => total + size.gzipBytes, 0),
  };
}

/** An attribute's value from an element's source (quoted or bare), entities decoded. */
function attribute(element: string, name: string): string | undefined {
  const match = new RegExp(`\\s${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, 'i').exec(element);
  const value = match?.[1] ?? match?.[2] ?? match?.[3];
  return value?.replaceAll('&quot;', '"').replaceAll('&#39;', "'").replaceAll('&amp;', '&');
}

function isJavaScript(type: string | undefined): boolean {
  const normalized = (type ?? '').trim().toLowerCase();
  return normalized === '' || normalized === 'module' || normalized.endsWith('javascript');
}
