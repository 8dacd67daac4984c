import { randomInt } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { test as base, expect, type BrowserContext } from '@playwright/test';
import { randomEmail, randomPhone } from '../../support/people';
import { emptyCartWithAddress, shopperCaller, twoShopsProducts, type ProductCard, type ShopperCall } from './shopper-api';

/**
 * Playwright fixtures (test.extend): each test that asks for `shopper` gets an account of
 * its own, new for that test, so specs running in parallel never share a cart, a wishlist
 * or an order history, and nobody keeps a list of which spec uses which account.
 *
 *   import { expect, test } from './support/fixtures';
 *   test('…', async ({ page, shopper }) => { … });
 */

export const SHOPPER_PASSWORD = 'a-good-secret';

export interface Account {
  id: number;
  name: string;
  email: string;
  password: string;
}

export interface Shopper extends Account {
  /** The Bearer token of the sign-in (the islands keep it in their auth store). */
  token: string;
  /** API calls as this shopper. */
  call: ShopperCall;
}

export interface TwoShopCart {
  /** In the cart twice. */
  first: ProductCard;
  /** Of another shop, in the cart once. */
  second: ProductCard;
  /** The shopper's address, for the checkout. */
  address: { id: number; name: string };
}

/** POSTs JSON to `url` from the loopback address `from`, which the server sees as the client's. */
function postFrom(url: URL, body: unknown, from: string): Promise<{ status: number; body: any }> {
  const payload = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const sent = httpRequest(
      url,
      { method: 'POST', localAddress: from, headers: { 'Content-Type': 'application/json', Accept: 'application/json', 'Content-Length': Buffer.byteLength(payload) } },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text ? JSON.parse(text) : null }));
      },
    );
    sent.on('error', reject);
    sent.end(payload);
  });
}

/**
 * A new account, registered through POST /api/registration of the server at `baseURL` as a
 * person does. Each registration comes from a loopback address of its own (127.x.y.z, all
 * the server's machine): registration:ip allows 10 accounts an hour per address
 * (modules/rate-limit/limits.ts), which a suite of shoppers would spend at once.
 */
export async function registerAccount(baseURL: string, name = 'E2E Shopper'): Promise<Account> {
  for (let attempt = 0; ; attempt += 1) {
    const email = randomEmail('e2e');
    const from = `127.${randomInt(1, 255)}.${randomInt(0, 256)}.${randomInt(1, 255)}`;
    const data = { name, country: 'United States', phone_code: '+1', phone: randomPhone(), email, password: SHOPPER_PASSWORD };
    const answer = await postFrom(new URL('/api/registration', baseURL), data, from);
    if (answer.status === 201) return { id: answer.body.data.user.id, name, email, password: SHOPPER_PASSWORD };
    // A phone or e-mail another worker drew at the same moment: draw again.
    if (answer.status !== 422 || attempt === 2) throw new Error(`registration answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  }
}

/**
 * Signs `context` in as `account` on the server at `baseURL` through POST /api/login, as the
 * login dialog does: the session cookie goes into the context's cookie jar, and the token
 * into the islands' persistent auth store (docs/product.md §3.3) on every page it opens.
 */
export async function signInAccount(context: BrowserContext, baseURL: string, account: Pick<Account, 'email' | 'password'>): Promise<Shopper> {
  const response = await context.request.post(new URL('/api/login', baseURL).toString(), { data: { phone: account.email, password: account.password } });
  expect(response.status()).toBe(200);
  const { data } = await response.json();
  await context.addInitScript(
    (state) => {
      if (!window.localStorage.getItem('auth')) window.localStorage.setItem('auth', state);
    },
    JSON.stringify({ user: data.user, addresses: [], token: data.access.token, favoriteProducts: 0, loginModal: false }),
  );
  const token: string = data.access.token;
  const call = shopperCaller(context.request, token);
  // Calls to another server (a variant's) go to its absolute URL.
  const on = baseURL.replace(/\/$/, '');
  return { id: data.user.id, name: data.user.name, ...account, token, call: (method, path, body) => call(method, /^https?:/.test(path) ? path : `${on}/api${path}`, body) };
}

/** A new account on the server at `baseURL`, signed in to `context`. */
export async function newShopperIn(context: BrowserContext, baseURL: string, name?: string): Promise<Shopper> {
  return signInAccount(context, baseURL, await registerAccount(baseURL, name));
}

export const test = base.extend<{ shopper: Shopper; twoShopCart: TwoShopCart }>({
  /** A new shopper, signed in to the test's page (its browser context): empty cart, no address. */
  shopper: async ({ page, baseURL }, use) => {
    await use(await newShopperIn(page.context(), baseURL!));
  },
  /** The shopper with an address and a cart of two shops: `first` twice, `second` once. */
  twoShopCart: async ({ page, shopper }, use) => {
    const [first, second] = await twoShopsProducts(page.request);
    const address = await emptyCartWithAddress(shopper.call, 'Checkout Tester');
    expect((await shopper.call('POST', '/cart/store', { product_id: first.id, quantity: 2 })).status).toBe(200);
    expect((await shopper.call('POST', '/cart/store', { product_id: second.id, quantity: 1 })).status).toBe(200);
    await use({ first, second, address });
  },
});

export { expect };
