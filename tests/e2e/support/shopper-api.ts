import type { APIRequestContext, Page } from '@playwright/test';

/** A product as GET /api/products lists it: the fields the specs choose products by. */
export interface ProductCard {
  id: number;
  name: string;
  price: number;
  discount_price: number;
  quantity: number;
  shop: { id: number; name: string };
}

export interface Answer {
  status: number;
  /** The API envelope; `data` is whatever the call answers. */
  body: { message: string; data: any; errors?: Record<string, string[]> };
}

/**
 * A call to the API as a signed-in shopper (Bearer token, as the original client sends
 * it): `path` after /api on this run's server, or an absolute URL of another server.
 */
export async function shopperApi(request: APIRequestContext, token: string, method: 'GET' | 'POST', path: string, data?: unknown): Promise<Answer> {
  const url = /^https?:/.test(path) ? path : `/api${path}`;
  const response = await request.fetch(url, { method, headers: { Authorization: `Bearer ${token}` }, ...(data === undefined ? {} : { data }) });
  return { status: response.status(), body: await response.json() };
}

/** The one-shot message a form's redirect leaves on the next page (server/http/flash.ts). */
export const flash = (page: Page) => page.locator('[data-flash]');
