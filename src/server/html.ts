import sanitizeHtml from 'sanitize-html';

/**
 * Rich text (product descriptions, blog posts, legal pages) is stored sanitised, and
 * sanitised again on the way out: whatever reaches the database some other way (an
 * import, an admin tool, a bug) still never carries script into a page.
 */
const RICH_TEXT: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'hr',
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'ul',
    'ol',
    'li',
    'blockquote',
    'pre',
    'code',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'small',
    'sub',
    'sup',
    'mark',
    'span',
    'a',
    'img',
    'figure',
    'figcaption',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
    'caption',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'target', 'rel'],
    img: ['src', 'alt', 'width', 'height', 'loading'],
    th: ['scope', 'colspan', 'rowspan'],
    td: ['colspan', 'rowspan'],
  },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowProtocolRelative: false,
  // Links that open elsewhere must not hand the new page a handle on this one.
  transformTags: {
    a: (tagName, attribs) => (attribs.target === '_blank' ? { tagName, attribs: { ...attribs, rel: 'noopener noreferrer' } } : { tagName, attribs }),
  },
};

export function cleanHtml(html: string | null | undefined): string {
  return html ? sanitizeHtml(html, RICH_TEXT) : '';
}

const ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'", '&nbsp;': ' ' };

/** The text of an HTML fragment: tags gone, blocks separated by spaces, whitespace collapsed. */
export function plainText(html: string | null | undefined): string {
  if (!html) return '';
  const spaced = html.replace(/<\/?(p|div|h[1-6]|li|ul|ol|br|hr|blockquote|tr|td|th|figcaption)\b[^>]*>/gi, ' ');
  const text = sanitizeHtml(spaced, { allowedTags: [], allowedAttributes: {} });
  return text
    .replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (entity) => ENTITIES[entity] ?? entity)
    .replace(/\s+/g, ' ')
    .trim();
}

/** The first `length` characters of a fragment's text (blog cards). */
export function excerpt(html: string | null | undefined, length: number): string {
  const text = plainText(html);
  return text.length <= length ? text : text.slice(0, length).trimEnd();
}
