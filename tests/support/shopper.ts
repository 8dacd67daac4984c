import { expect } from 'vitest';
import type { App } from '../../src/server/app';
import type { Db } from '../../src/server/db';
import { issueAccessToken } from '../../src/server/modules/auth/tokens';
import { createAddress, createShop, createUser } from '../fixtures';
import type { ShopStatus } from '../../src/contracts/seller';
import { edgeCaller } from './edge-call';
import { freshAddress, randomEmail, randomPhone } from './people';

export { freshAddress, randomEmail, randomPhone };

/** The Authorization header the original client sends for a signed-in user (docs/product.md §7.1). */
export const bearer = (token: string): Record<string, string> => ({ Authorization: `Bearer ${token}` });

/** The Bearer header of a new sign-in of an existing user (a seeded one, say). */
export async function bearerFor(db: Db, userId: number): Promise<Record<string, string>> {
  return bearer((await issueAccessToken(db, userId)).token);
}

/** A new user of their own with a Bearer header, for API tests that need a signed-in shopper. */
export async function newShopper(db: Db, overrides: Parameters<typeof createUser>[1] = {}): Promise<{ id: number; token: string; auth: Record<string, string> }> {
  const user = await createUser(db, overrides);
  const { token } = await issueAccessToken(db, user.id);
  return { id: user.id, token, auth: bearer(token) };
}

/** A signed-in owner of a new shop (active unless `status` says otherwise), for the seller routes (`/api/seller`). */
export async function newSeller(db: Db, status: ShopStatus = 'active'): Promise<Awaited<ReturnType<typeof newShopper>> & { shopId: number }> {
  const person = await newShopper(db);
  const shop = await createShop(db, { userId: person.id, status });
  return { ...person, shopId: shop.id };
}

export type ShopperWithAddress = Awaited<ReturnType<typeof newShopper>> & { addressId: number };

/** A new shopper with an address of their own, ready to check out. */
export async function newShopperWithAddress(db: Db): Promise<ShopperWithAddress> {
  const person = await newShopper(db);
  const address = await createAddress(db, { userId: person.id });
  return { ...person, addressId: address.id };
}

/** A request with a JSON body (or none) and the given headers. */
export const request = (method: string, auth: Record<string, string>, body?: unknown): RequestInit => ({
  method,
  headers: { ...auth, 'Content-Type': 'application/json' },
  ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
});

export interface RegisteredShopper {
  id: number;
  token: string;
  name: string;
  email: string;
  phone: string;
  password: string;
  auth: Record<string, string>;
  /** POSTs JSON from this shopper's own client address, as a guest unless headers say otherwise. */
  call: ReturnType<typeof edgeCaller>;
  /** POSTs JSON as this shopper (their Bearer token, or `token`). */
  as: (path: string, payload: unknown, token?: string) => ReturnType<ReturnType<typeof edgeCaller>>;
}

/**
 * A shopper who signed up through POST /registration (docs/product.md §3.3), as the browser
 * does from a client address of their own: for tests of what registration sets up, or
 * of calls that need the registered password, e-mail or phone.
 */
export async function registerShopper(app: App, { name = 'New Shopper', password = 'first-secret', from = freshAddress() } = {}): Promise<RegisteredShopper> {
  const call = edgeCaller(app, from);
  const email = randomEmail();
  const phone = randomPhone();
  const { status, body } = await call('/registration', { name, country: 'United States', phone_code: '+1', phone, email, password });
  expect(status, JSON.stringify(body)).toBe(201);
  const token: string = body.data.access.token;
  return {
    id: body.data.user.id as number,
    token,
    name,
    email,
    phone,
    password,
    auth: bearer(token),
    call,
    as: (path, payload, as = token) => call(path, payload, bearer(as)),
  };
}
