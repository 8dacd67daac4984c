/**
 * Checks an answer against the fields the original client reads (docs/product.md §7.6),
 * listed by each contract test. A path is JSON keys joined by dots; `a[]` is each element of the
 * array `a` (which must not be empty, so the check means something); a trailing `?` marks
 * a path read only sometimes, which may be absent or null.
 */

/** Where `path` is missing (or has the wrong type) in `body`; empty when it is all there. */
export function pathProblems(body: unknown, path: string): string[] {
  const optional = path.endsWith('?');
  const segments = (optional ? path.slice(0, -1) : path).split('.');
  const problems: string[] = [];
  const walk = (value: unknown, index: number, at: string): void => {
    if (index === segments.length) {
      const expected = typeOf(segments.at(-1)!.replace(/\[\]$/, ''));
      if (expected && !(optional && value === null) && !expected.test(value)) problems.push(`${at}: ${expected.name}, got ${JSON.stringify(value)}`);
      return;
    }
    const segment = segments[index]!;
    const many = segment.endsWith('[]');
    const key = many ? segment.slice(0, -2) : segment;
    if (value === null || typeof value !== 'object') {
      if (!optional) problems.push(`${at}: an object to read "${key}" from, got ${JSON.stringify(value)}`);
      return;
    }
    const child = (value as Record<string, unknown>)[key];
    const here = at ? `${at}.${key}` : key;
    if (child === undefined) {
      if (!optional) problems.push(`${here}: missing`);
      return;
    }
    if (!many) return walk(child, index + 1, here);
    if (!Array.isArray(child)) return void problems.push(`${here}: an array, got ${JSON.stringify(child)}`);
    if (child.length === 0 && !optional) problems.push(`${here}: empty, nothing to check`);
    child.forEach((element, n) => walk(element, index + 1, `${here}[${n}]`));
  };
  walk(body, 0, '');
  return problems;
}

interface TypeCheck {
  name: string;
  test: (value: unknown) => boolean;
}
const isNumber: TypeCheck = { name: 'a number', test: (value) => typeof value === 'number' && Number.isFinite(value) };
const isString: TypeCheck = { name: 'a string', test: (value) => typeof value === 'string' };
const isBoolean: TypeCheck = { name: 'true or false', test: (value) => typeof value === 'boolean' };
const isArray: TypeCheck = { name: 'an array', test: Array.isArray };
const isObject: TypeCheck = { name: 'an object', test: (value) => typeof value === 'object' && value !== null && !Array.isArray(value) };
const isImage: TypeCheck = { name: 'an image address or null', test: (value) => value === null || typeof value === 'string' };

/** What the client does arithmetic, comparisons or string work with, by field name. */
function typeOf(field: string): TypeCheck | undefined {
  if (field === 'phone_code') return { name: 'digits without "+"', test: (value) => typeof value === 'string' && /^\d{1,4}$/.test(value) };
  if (field === 'percentages')
    return {
      name: 'a percentage per star',
      test: (value) => isObject.test(value) && ['1', '2', '3', '4', '5'].every((star) => isNumber.test((value as Record<string, unknown>)[star])),
    };
  if (
    [
      'id',
      'total',
      'total_products',
      'total_review',
      'rating',
      'price',
      'discount_price',
      'discount_percentage',
      'quantity',
      'total_sold',
      'total_views',
      'rate_from_default',
    ].includes(field)
  )
    return isNumber;
  if (['name', 'title', 'slug', 'end_date', 'created_at', 'content', 'message', 'description', 'customer_name'].includes(field)) return isString;
  if (['is_favorite', 'is_new', 'is_default', 'multi_vendor'].includes(field)) return isBoolean;
  if (['thumbnail', 'logo', 'banner', 'customer_profile', 'profile_photo'].includes(field)) return isImage;
  if (['tags', 'colors', 'sizes', 'popular_blogs', 'related_products', 'cart_items'].includes(field)) return isArray;
  return undefined;
}

/**
 * The reads with `arrays` allowed to be empty: a category without sizes, a product
 * without colours. Each array must still be there; its elements are checked when present.
 */
export function mayBeEmpty(reads: string[], arrays: string[]): string[] {
  const relaxed = reads.map((read) => (arrays.some((array) => read.startsWith(`${array}[]`)) && !read.endsWith('?') ? `${read}?` : read));
  return [...arrays, ...relaxed];
}
