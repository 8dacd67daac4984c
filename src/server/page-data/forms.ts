import { parse } from 'hono/utils/cookie';
import { SESSION_COOKIE } from '../http/xsrf';
import { tokenOrUndefined } from '../pages/page-context';
import type { PageRequest } from './outcome';
import { SELLER_UPLOAD_MAX_BYTES } from '../../contracts/seller';
import { TICKET_UPLOAD_MAX_BYTES } from '../../contracts/support';

/**
 * What loaders of forms that work without JavaScript share: the signed-in shopper's token
 * (pages call the API as that shopper), the posted fields, and where to go back to.
 */

/** The session cookie's token, or undefined for a guest. */
export function sessionToken(req: PageRequest): string | undefined {
  return tokenOrUndefined(parse(req.request.headers.get('cookie') ?? '', SESSION_COOKIE)[SESSION_COOKIE]);
}

/** What a page's form may post (text fields); the profile photo's form allows its upload's size. */
export const PAGE_FORM_BYTES = 64 * 1024;

/**
 * Whether a post to a page declares a body larger than its form may be: answered 413 before
 * anything reads it. The profile page reads its upload with its own limit and says so in
 * the form; a body without a declared length is cut by the readers below.
 */
export function declaresTooLargeForm(request: Request, pathname: string): boolean {
  if (request.method !== 'POST' || pathname === '/profile') return false;
  return Number(request.headers.get('content-length') ?? '0') > uploadLimit(pathname);
}

/** What a post to a page may declare: a page form's size, or an upload page's. */
function uploadLimit(pathname: string): number {
  if (isSellerUploadPage(pathname)) return SELLER_UPLOAD_MAX_BYTES;
  if (isTicketUploadPage(pathname)) return TICKET_UPLOAD_MAX_BYTES;
  return PAGE_FORM_BYTES;
}

/**
 * The seller pages whose forms send pictures (shop registration and profile, product
 * forms): their posts may carry SELLER_UPLOAD_MAX_BYTES, read with limitedForm.
 */
export const isSellerUploadPage = (pathname: string) => /^\/shop\/(register|profile|products\/new|products\/\d+\/edit)\/?$/.test(pathname);

/**
 * The support ticket pages, whose forms send a message with its files (the list's new
 * ticket, a ticket's reply, the shop's reply on its dashboard;
 * docs/decisions/020-support-and-live-updates.md): their posts may carry
 * TICKET_UPLOAD_MAX_BYTES, read with limitedForm.
 */
export const isTicketUploadPage = (pathname: string) => /^\/(support-tickets|support-ticket\/[^/]+|shop\/tickets\/[^/]+)\/?$/.test(pathname);

/** A larger post is read on to this size and dropped, so the browser sees the page rather than a reset connection. */
const DRAIN_BYTES = 16 * 1024 * 1024;

/**
 * The posted form when its body is at most `maxBytes`, else null (too large); a body that
 * is no form counts as an empty one (the API answers 422). Nothing larger is kept in memory:
 * the adapter would otherwise buffer any body whole.
 */
export async function limitedForm(request: Request, maxBytes: number): Promise<FormData | null> {
  const declared = Number(request.headers.get('content-length') ?? '0');
  const reader = request.body?.getReader();
  if (!reader) return new FormData();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > DRAIN_BYTES) {
      await reader.cancel();
      break;
    }
    if (size <= maxBytes && declared <= maxBytes) chunks.push(value);
  }
  if (size > maxBytes || declared > maxBytes) return null;
  const body = new Response(new Blob(chunks as BlobPart[]), { headers: { 'Content-Type': request.headers.get('content-type') ?? '' } });
  return body.formData().catch(() => new FormData());
}

/**
 * A page form's fields; a body that is no form, or larger than a page form may be, counts
 * as an empty one (the API then answers 422 naming the fields).
 */
export async function postedForm(request: Request): Promise<FormData> {
  return (await limitedForm(request, PAGE_FORM_BYTES)) ?? new FormData();
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
