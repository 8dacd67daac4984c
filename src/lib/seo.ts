import { languageTag } from './locales';

/**
 * Links that tell search engines which URL is the page and where its other languages
 * are. The language of a page is a cookie for shoppers; crawlers get a `lang` parameter.
 */
export interface SeoLinks {
  canonical: string;
  alternates: { hreflang: string; href: string }[];
}

/** Query parameters that never make a different page (tracking, the language itself, an editor's preview token). */
const IGNORED = /^(lang|preview|utm_\w+|fbclid|gclid)$/;

/**
 * `paths` gives the page's path in each language whose slug differs (docs/product.md §9.1:
 * a category or a post has a slug per language); the others use the page's own path.
 */
export function seoLinks(url: URL, siteUrl: string, locales: readonly string[], locale: string, defaultLocale: string, paths: Readonly<Record<string, string>> = {}): SeoLinks {
  const base = new URL(url.pathname, siteUrl);
  for (const [key, value] of url.searchParams) if (!IGNORED.test(key)) base.searchParams.append(key, value);
  base.searchParams.sort();
  const forLocale = (code: string) => {
    const link = new URL(base);
    const path = paths[code];
    if (path) link.pathname = new URL(path, siteUrl).pathname;
    if (code !== defaultLocale) link.searchParams.set('lang', code);
    return link.toString();
  };
  return {
    canonical: forLocale(locale),
    alternates: [...locales.map((code) => ({ hreflang: languageTag(code), href: forLocale(code) })), { hreflang: 'x-default', href: forLocale(defaultLocale) }],
  };
}

export function absoluteUrl(path: string, siteUrl: string): string {
  return new URL(path, siteUrl).toString();
}

/** A meta description from HTML: tags dropped, spaces collapsed, cut at a word near `length`. */
export function plainTextExcerpt(html: string, length = 160): string {
  const text = html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  if (text.length <= length) return text;
  const cut = text.slice(0, length);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), length - 20)).trimEnd()}…`;
}
