import { getDatabase } from '../db';
import { env } from '../env';
import { resolveClientAddress, UNKNOWN_CLIENT } from './client-ip';
import { recordProductView } from '../modules/catalog/view-counts';
import { addressVisitorKey, userVisitorKey } from '../modules/rate-limit/middleware';

const PRODUCT_PAGE = /^\/products\/(\d{1,10})\/details\/?$/;
/** Where Astro's Node adapter keeps the socket's peer on the request (astro/dist/core/constants.js). */
const CLIENT_ADDRESS = Symbol.for('astro.clientAddress');

/**
 * The product view a page request stands for, when it is a product page: the product and the
 * visitor key (a signed-in shopper's account; a guest's address, through a trusted proxy's
 * X-Forwarded-For as the API reads it). Null for any other page.
 */
export function productViewOf(request: Request, url: URL, trustProxy: string | undefined, userId?: number): { productId: number; visitor: string } | null {
  const match = PRODUCT_PAGE.exec(url.pathname);
  if (!match) return null;
  if (userId !== undefined) return { productId: Number(match[1]), visitor: userVisitorKey(userId) };
  const peer = Reflect.get(request, CLIENT_ADDRESS) as string | undefined;
  const address = resolveClientAddress(peer, request.headers.get('x-forwarded-for'), trustProxy) ?? UNKNOWN_CLIENT;
  return { productId: Number(match[1]), visitor: addressVisitorKey(address) };
}

/**
 * A product page answered from the page cache (docs/decisions/018-page-cache.md), a guest's
 * or a signed-in shopper's built from it (`userId`), never reached GET /product-details,
 * which counts views: the view is counted here instead (catalog/view-counts.ts: once per
 * visitor a day, written in batches).
 */
export function countCachedProductView(request: Request, url: URL, userId?: number): void {
  const view = productViewOf(request, url, env().TRUST_PROXY, userId);
  if (!view) return;
  void getDatabase()
    .then(({ db }) => recordProductView(db, view.productId, view.visitor))
    .catch(() => undefined);
}
