import type { BrowserContext, Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { signIn } from './support/session';
import { flash } from './support/shopper-api';

/**
 * Guest pages from the page cache (docs/decisions/018-page-cache.md), on the production
 * server: a guest's product page, listing and home page are served again from the cache,
 * cookie-free and public; a seller's price change shows on all three at once; a signed-in
 * page is private and never anyone else's, built from the guest copy it is the page their
 * own render gives; the language cookie is part of the key.
 */

test.describe.configure({ mode: 'serial' });
test.skip(({ viewport }) => (viewport?.width ?? 0) < 640, 'one width is enough: the cache does not depend on it');

const priceText = (dollars: number) => `$${dollars.toFixed(2)}`;

test("a seller's price change shows at once on the cached product page and listing", async ({ browser, baseURL, request }) => {
  test.setTimeout(90_000);
  // A product of the demo seller's shop that the home page lists among its newest.
  const { data } = await (await request.get('/api/products?per_page=50&sort_type=newest')).json();
  const seller = await browser.newContext({ baseURL });
  const page = await seller.newPage();
  await signIn(page, 'seller');
  const { data: mine } = await (await page.request.get('/api/seller/products?per_page=100')).json();
  const ownIds = new Set((mine.products as { id: number }[]).map((product) => product.id));
  const product = (data.products as { id: number; name: string; price: number; discount_price: number; shop: { id: number } }[]).find(
    (card) => ownIds.has(card.id) && card.discount_price === 0,
  );
  test.skip(!product, 'no undiscounted product of the demo shop among the newest');
  const url = `/products/${product!.id}/details`;
  const listing = `/products?search=${encodeURIComponent(product!.name)}`;

  // The seller's own, signed-in pages render their bodies once for all (components/RenderedOnce.astro): warm them too.
  for (const path of [url, listing]) {
    await page.request.get(path);
    expect(await (await page.request.get(path)).text(), `signed in: ${path}`).toContain(priceText(product!.discount_price || product!.price));
  }
  // Warm: the second guest request of each page is a hit, public, and sets no cookie.
  for (const path of [url, listing]) {
    await request.get(path);
    const again = await request.get(path);
    expect(again.headers()['x-page-cache'], path).toMatch(/HIT|STALE/);
    expect(again.headers()['cache-control']).toMatch(/^public, max-age=0, s-maxage=\d+/);
    expect(again.headers()['set-cookie']).toBeUndefined();
  }

  const newPrice = Math.round(product!.price) + 7.25;
  await page.goto(`/shop/products/${product!.id}/edit`);
  const main = page.getByRole('main');
  await main.getByRole('textbox', { name: 'Price', exact: true }).fill(newPrice.toFixed(2));
  await main.getByRole('button', { name: 'Save changes' }).click();
  await expect(flash(page)).toContainText('Product updated successfully.');

  for (const path of [url, listing]) {
    const fresh = await request.get(path);
    expect(await fresh.text(), path).toContain(priceText(newPrice));
  }
  for (const path of [url, listing]) expect(await (await page.request.get(path)).text(), `signed in: ${path}`).toContain(priceText(newPrice));
  await seller.close();
});

test("one shopper's heart never shows on another's product page, though its body is rendered once for many", async ({ page, shopper, browser, baseURL, request }) => {
  const { data } = await (await request.get('/api/products?per_page=1')).json();
  const product = data.products[0] as { id: number; name: string };
  expect((await shopper.call('POST', '/favorite-add-or-remove', { product_id: product.id })).status).toBe(200);
  // An address of its own, so that no earlier render of this body is involved.
  await expectOwnHeart(page, await browser.newContext({ baseURL, javaScriptEnabled: false }), `/products/${product.id}/details?shared-body=${Date.now()}`, product);
});

test("the home page's sections are rendered once for many, and each shopper sees their own hearts there", async ({ page, shopper, browser, baseURL, request }) => {
  const { data } = await (await request.get('/api/home')).json();
  const product = (data.popular_products as { id: number; name: string }[])[0];
  test.skip(!product, 'the home page lists no popular product');
  expect((await shopper.call('POST', '/favorite-add-or-remove', { product_id: product!.id })).status).toBe(200);
  // The other viewer is signed in too: the demo shopper, without the product in their wishlist.
  const other = await browser.newContext({ baseURL, javaScriptEnabled: false });
  const otherPage = await other.newPage();
  await signIn(otherPage, 'customer');
  const demoFavourites = new Set(((await (await otherPage.request.get('/api/favorite-products')).json()).data.products as { id: number }[]).map((card) => card.id));
  test.skip(demoFavourites.has(product!.id), "the demo shopper's wishlist holds the product already");
  // An address of its own, so that no earlier render of these sections is involved.
  const heart = await expectOwnHeart(page, other, `/?shared-sections=${Date.now()}`, product!);
  // Taken back, the shopper's page shows it at once.
  expect((await shopper.call('POST', '/favorite-add-or-remove', { product_id: product!.id })).status).toBe(200);
  await page.reload();
  await expect(heart(page)).toHaveAttribute('aria-pressed', 'false');
});

/**
 * The shopper's heart on `product` is pressed at `path`; the `other` context's viewer (a guest, or
 * another shopper), sharing the part rendered once, sees it unpressed on two visits; the shopper's
 * is pressed still. Closes `other`; returns how to find the heart on a page.
 */
async function expectOwnHeart(page: Page, other: BrowserContext, path: string, product: { name: string }) {
  const heart = (viewer: Page) => viewer.getByRole('button', { name: `Add ${product.name} to wishlist` }).first();
  await page.goto(path);
  await expect(heart(page)).toHaveAttribute('aria-pressed', 'true');
  const otherPage = await other.newPage();
  for (let visit = 0; visit < 2; visit += 1) {
    await otherPage.goto(path);
    await expect(heart(otherPage)).toHaveAttribute('aria-pressed', 'false');
  }
  await other.close();
  await page.reload();
  await expect(heart(page)).toHaveAttribute('aria-pressed', 'true');
  return heart;
}

/** A page's bytes without what differs between two renders of it: island ids, countdowns' milliseconds. */
const sameRender = (html: string) => html.replace(/ uid="[^"]*"/g, '').replace(/ data-remaining-ms="\d+"/g, '');

test("a signed-in shopper's page built from the guest copy is, byte for byte, the page their own render gives", async ({ page, shopper, browser, baseURL, request }) => {
  test.setTimeout(90_000);
  const { data } = await (await request.get('/api/products?per_page=2')).json();
  const [product, other] = data.products as { id: number; shop: { id: number } }[];
  // A heart pressed on the product page and in the listings, another left as it is.
  expect((await shopper.call('POST', '/favorite-add-or-remove', { product_id: product!.id })).status).toBe(200);
  const demo = await browser.newContext({ baseURL });
  const demoPage = await demo.newPage();
  await signIn(demoPage, 'customer');
  const stamp = Date.now();
  for (const base of [`/products/${product!.id}/details`, `/products/${other!.id}/details`, '/', '/products', `/shops/${product!.shop.id}`, '/blogs']) {
    // An address of its own: no guest copy of it yet, so the first answer is the shopper's own render.
    const path = `${base}${base.includes('?') ? '&' : '?'}personal=${stamp}`;
    const own = await page.request.get(path);
    expect(own.headers()['x-page-cache'], path).toBeUndefined();
    const guest = await request.get(path);
    expect(guest.headers()['x-page-cache'], path).toBe('MISS');
    for (const [viewer, name] of [
      [page, shopper.name],
      [demoPage, 'Alex Morgan'],
    ] as const) {
      // Only a fresh guest copy is built from (a write elsewhere in the run may have marked it
      // stale): a guest's request renders it fresh again for the shopper's.
      let built = await viewer.request.get(path);
      for (let tries = 0; tries < 5 && built.headers()['x-page-cache'] !== 'PERSONALIZED'; tries += 1) {
        await request.get(path);
        built = await viewer.request.get(path);
      }
      expect(built.headers()['x-page-cache'], path).toBe('PERSONALIZED');
      expect(built.headers()['cache-control'], path).toBe('private, no-store');
      const html = await built.text();
      expect(html, path).toContain(`aria-label="${name}"`);
      if (viewer === page) expect(sameRender(html), path).toBe(sameRender(await own.text()));
    }
    // The guest copy never took either shopper's parts.
    const after = await (await request.get(path)).text();
    expect(after, path).toContain('data-signed-in="false"');
    expect(after, path).not.toContain('logout-dialog');
  }
  await demo.close();
});

test('a signed-in page is private and never served to a guest; the language is part of the key', async ({ browser, baseURL, request }) => {
  const shopper = await browser.newContext({ baseURL });
  const page = await shopper.newPage();
  await signIn(page, 'customer');
  const signedIn = await page.request.get('/products');
  expect(signedIn.headers()['cache-control']).toBe('private, no-store');
  // Their own render, or the guest copy with their parts put in: never a cached answer as it is.
  expect(signedIn.headers()['x-page-cache'] ?? 'RENDERED').toMatch(/^(RENDERED|PERSONALIZED)$/);
  expect(await signedIn.text()).toContain('data-signed-in="true"');
  await shopper.close();

  const guest = await request.get('/products');
  expect(await guest.text()).toContain('data-signed-in="false"');

  const arabic = await request.get('/products', { headers: { Cookie: 'locale=ar' } });
  expect(await arabic.text()).toContain('dir="rtl"');
  const english = await request.get('/products');
  expect(await english.text()).not.toContain('dir="rtl"');
});
