import { parse } from 'hono/utils/cookie';
import { SESSION_COOKIE } from '../http/xsrf';
import { tokenOrUndefined } from '../page-context';
import type { PageRequest } from './outcome';

/**
 * What loaders of forms that work without JavaScript share: the signed-in shopper's token
 * (pages call the API as that shopper), the posted fields, and where to go back to.
 */

/** The session cookie's token, or undefined for a guest. */
export function sessionToken(req: PageRequest): string | undefined {
  return tokenOrUndefined(parse(req.request.headers.get('cookie') ?? '', SESSION_COOKIE)[SESSION_COOKIE]);
}

/** The posted form; a body that is no form counts as an empty one (the API then answers 422). */
export async function postedForm(request: Request): Promise<FormData> {
  return request.formData().catch(() => new FormData());
}

/** A text field of a posted form, '' when absent or a file. */
export function field(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === 'string' ? value : '';
}

/** A line break or other control character: never part of an address to go back to. */
const hasControlCharacter = (value: string) => [...value].some((char) => char.charCodeAt(0) < 0x20 || char.charCodeAt(0) === 0x7f);

/**
 * The page a form asks to go back to (`return_to`): a path on this site only. Anything
 * else (another host, `//host`, a backslash trick, a scheme, a line break) is `fallback`,
 * so a link cannot make the shop send shoppers elsewhere.
 */
export function returnPath(value: string, fallback: string): string {
  if (!value.startsWith('/') || value.startsWith('//') || value.includes('\\') || hasControlCharacter(value) || value.length > 500) return fallback;
  try {
    const url = new URL(value, 'http://shop.invalid');
    return url.host === 'shop.invalid' ? `${url.pathname}${url.search}` : fallback;
  } catch {
    return fallback;
  }
}

/** The shops a cart or checkout address names (`?shop_ids=1,2` or repeated): positive ids, at most 100. */
export function shopIdsParam(url: URL): number[] {
  const ids = url.searchParams
    .getAll('shop_ids')
    .flatMap((value) => value.split(','))
    .filter((value) => /^\d{1,9}$/.test(value))
    .map(Number)
    .filter((id) => id > 0);
  return [...new Set(ids)].slice(0, 100);
}
