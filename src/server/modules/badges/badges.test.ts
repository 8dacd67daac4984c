import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NO_BADGES, type CartDto } from '@/contracts/cart';
import { cartAmount } from '@/lib/price';
import { createProduct, createShop } from '@tests/fixtures';
import { createTestApp, newSeller, newShopper, request, type TestApp } from '@tests/support/api';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

const badges = async (auth: Record<string, string>) => (await app.json('/shopper-badges', request('GET', auth))).body.data;

// Without the Bearer token it is a 401: contract/auth-required.test.ts.
describe('GET /shopper-badges (the navbar and cart tab figures)', () => {
  it("counts the shopper's cart lines, what they come to and the wishlist, as the cart and wishlist calls do", async () => {
    const shopper = await newShopper(app.db);
    expect(await badges(shopper.auth)).toEqual(NO_BADGES);

    const shop = await createShop(app.db);
    const teapot = await createProduct(app.db, { shopId: shop.id, price: 2500, discountPrice: 1999 });
    const cup = await createProduct(app.db, { shopId: (await createShop(app.db)).id, price: 333 });
    await app.json('/cart/store', request('POST', shopper.auth, { product_id: teapot.id, quantity: 3 }));
    await app.json('/cart/store', request('POST', shopper.auth, { product_id: cup.id, quantity: 2 }));
    await app.json('/favorite-add-or-remove', request('POST', shopper.auth, { product_id: cup.id }));

    const cart = (await app.json('/carts', request('GET', shopper.auth))).body.data as CartDto;
    expect(await badges(shopper.auth)).toEqual({ cart_items: cart.total, cart_amount: cartAmount(cart.cart_items), favorites: 1, messages: 0 });
    expect(await badges(shopper.auth)).toEqual({ cart_items: 2, cart_amount: 66.63, favorites: 1, messages: 0 });
  });

  it("shows a shopper none of another shopper's figures", async () => {
    const owner = await newShopper(app.db);
    const stranger = await newShopper(app.db);
    const product = await createProduct(app.db);
    await app.json('/cart/store', request('POST', owner.auth, { product_id: product.id, quantity: 1 }));
    await app.json('/favorite-add-or-remove', request('POST', owner.auth, { product_id: product.id }));
    expect((await badges(owner.auth)).cart_items).toBe(1);
    expect(await badges(stranger.auth)).toEqual(NO_BADGES);
  });

  it("counts the shops' chat messages the shopper has not read, as GET /unread-messages does, until the thread is read", async () => {
    const shopper = await newShopper(app.db);
    const stranger = await newShopper(app.db);
    const seller = await newSeller(app.db);
    expect((await app.json('/store-message', request('POST', shopper.auth, { shop_id: seller.shopId, message: 'Do you ship abroad?' }))).status).toBe(200);
    expect((await badges(shopper.auth)).messages).toBe(0);
    for (const message of ['Yes, everywhere.', 'Delivery takes a week.']) {
      expect((await app.json('/seller/send-message', request('POST', seller.auth, { user_id: shopper.id, message }))).status).toBe(200);
    }
    const unread = (await app.json('/unread-messages', request('GET', shopper.auth))).body.data.unread_messages;
    expect(await badges(shopper.auth)).toEqual({ ...NO_BADGES, messages: unread });
    expect(unread).toBe(2);
    expect((await badges(stranger.auth)).messages).toBe(0);

    await app.json(`/get-message?shop_id=${seller.shopId}`, request('GET', shopper.auth));
    expect((await badges(shopper.auth)).messages).toBe(0);
  });

  it("names which of the products asked for are the shopper's favourites, and no one else's (?favorites_among=)", async () => {
    const shopper = await newShopper(app.db);
    const stranger = await newShopper(app.db);
    const [liked, other, strangers] = [await createProduct(app.db), await createProduct(app.db), await createProduct(app.db)];
    await app.json('/favorite-add-or-remove', request('POST', shopper.auth, { product_id: liked.id }));
    await app.json('/favorite-add-or-remove', request('POST', stranger.auth, { product_id: strangers.id }));
    const among = async (auth: Record<string, string>, ids: string) => app.json(`/shopper-badges?favorites_among=${ids}`, request('GET', auth));
    const asked = `${liked.id},${other.id},${strangers.id}`;
    expect((await among(shopper.auth, asked)).body.data).toEqual({ ...NO_BADGES, favorites: 1, favorite_ids: [liked.id] });
    expect((await among(stranger.auth, asked)).body.data.favorite_ids).toEqual([strangers.id]);
    expect((await among(stranger.auth, `${liked.id}`)).body.data.favorite_ids).toEqual([]);
    // Without the list, nothing is said of favourites beyond their count.
    expect(await badges(shopper.auth)).not.toHaveProperty('favorite_ids');
  });

  it('refuses a malformed or too long list with a 422, writing nothing', async () => {
    const shopper = await newShopper(app.db);
    const tooMany = Array.from({ length: 501 }, (_, index) => index + 1).join(',');
    for (const ids of ['abc', '1,-2', '0', tooMany, '1;drop table favorites']) {
      const response = await app.json(`/shopper-badges?favorites_among=${encodeURIComponent(ids)}`, request('GET', shopper.auth));
      expect(response.status, ids.slice(0, 20)).toBe(422);
    }
  });
});
