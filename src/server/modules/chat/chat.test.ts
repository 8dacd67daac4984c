import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { chatMessages, conversations, liveEvents, shops } from '../../db/schema';
import { createProduct, seedBase } from '@tests/fixtures';
import { createTestApp, newSeller, newShopper, request, type TestApp } from '@tests/support/api';

/** Conversations between shoppers and shops (docs/decisions/020-support-and-live-updates.md). */
let app: TestApp;
beforeAll(async () => {
  app = await createTestApp((db) => seedBase(db));
});
afterAll(() => app.close());

async function sellerWithProduct() {
  const seller = await newSeller(app.db);
  const product = await createProduct(app.db, { shopId: seller.shopId, name: 'Brass Lamp', isActive: true, quantity: 5 });
  return { ...seller, productId: product.id };
}

describe('a shopper and a shop talk', () => {
  it('opens a conversation about a product, answers both ways, counts unread, marks read, and tells both sides live', async () => {
    const seller = await sellerWithProduct();
    const shopper = await newShopper(app.db);
    const opened = await app.json('/store-message', request('POST', shopper.auth, { shop_id: seller.shopId, product_id: seller.productId, message: 'Is it brass?' }));
    expect(opened.status).toBe(200);
    const conversationId = opened.body.data.conversation_id as number;

    // The shop's side: one conversation, two unread messages (the card and the text), no phone or e-mail of the shopper.
    const list = await app.json('/seller/get-users', { headers: seller.auth });
    expect(list.body.data.total).toBe(1);
    const [conversation] = list.body.data.data;
    expect(conversation).toMatchObject({
      id: conversationId,
      unread_message_user: 2,
      unread_message_shop: 0,
      last_message: 'Is it brass?',
      product: { id: seller.productId, name: 'Brass Lamp' },
    });
    expect(Object.keys(conversation.user).sort()).toEqual(['id', 'name', 'profile_photo']);
    expect((await app.json('/seller/unread-messages', { headers: seller.auth })).body.data.unread_messages).toBe(2);

    // Reading marks the shopper's messages seen; the shop answers.
    const thread = await app.json(`/seller/get-message?user_id=${shopper.id}`, { headers: seller.auth });
    expect(thread.body.data.data.map((message: { type: string; message: string | null; product: unknown }) => [message.type, message.message, message.product !== null])).toEqual([
      ['user', 'Is it brass?', false],
      ['user', null, true],
    ]);
    expect(thread.body.data.conversation).toMatchObject({ id: conversationId, user: { id: shopper.id }, unread_message_user: 0 });
    expect((await app.json('/seller/unread-messages', { headers: seller.auth })).body.data.unread_messages).toBe(0);
    const answer = await app.json('/seller/send-message', request('POST', seller.auth, { user_id: shopper.id, message: 'Solid brass.', type: 'user' }));
    expect(answer.status).toBe(200);
    expect(answer.body.data.data).toMatchObject({ type: 'shop', message: 'Solid brass.', is_seen: false });

    expect((await app.json('/unread-messages', { headers: shopper.auth })).body.data.unread_messages).toBe(1);
    const mine = await app.json('/get-shops', { headers: shopper.auth });
    expect(mine.body.data.data[0]).toMatchObject({ shop: { id: seller.shopId }, unread_message_shop: 1, last_message: 'Solid brass.' });
    const read = await app.json(`/get-message?shop_id=${seller.shopId}`, { headers: shopper.auth });
    expect(read.body.data.data[0]).toMatchObject({ type: 'shop', message: 'Solid brass.' });
    expect((await app.json('/unread-messages', { headers: shopper.auth })).body.data.unread_messages).toBe(0);

    const events = await app.db.select().from(liveEvents).where(eq(liveEvents.kind, 'chat.message'));
    const about = events.filter((event) => event.subject === String(conversationId));
    expect(about.some((event) => event.userId === shopper.id)).toBe(true);
    expect(about.some((event) => event.shopId === seller.shopId)).toBe(true);
  });

  it('takes the sender from the session: a shopper cannot post as the shop, nor open a conversation for someone else', async () => {
    const seller = await sellerWithProduct();
    const shopper = await newShopper(app.db);
    const other = await newShopper(app.db);
    await app.json('/store-message', request('POST', shopper.auth, { shop_id: seller.shopId, user_id: other.id }));
    const sent = await app.json('/send-message', request('POST', shopper.auth, { shop_id: seller.shopId, message: 'hello', type: 'shop', user_id: other.id }));
    expect(sent.body.data.data.type).toBe('user');
    const rows = await app.db.select().from(conversations).where(eq(conversations.shopId, seller.shopId));
    expect(rows.map((row) => row.userId)).toEqual([shopper.id]);
  });

  it("refuses what is not the caller's: 404 for a conversation never opened, 422 for another shop's product or another shopper's order, 403 for a shopper on the seller side", async () => {
    const seller = await sellerWithProduct();
    const elsewhere = await sellerWithProduct();
    const shopper = await newShopper(app.db);
    const none = await app.json('/send-message', request('POST', shopper.auth, { shop_id: seller.shopId, message: 'hi' }));
    expect(none.status).toBe(404);
    expect((await app.json(`/get-message?shop_id=${seller.shopId}`, { headers: shopper.auth })).status).toBe(404);
    const wrongProduct = await app.json('/store-message', request('POST', shopper.auth, { shop_id: seller.shopId, product_id: elsewhere.productId }));
    expect(wrongProduct.status).toBe(422);
    expect(wrongProduct.body.errors.product_id).toBeDefined();
    const wrongOrder = await app.json('/store-message', request('POST', shopper.auth, { shop_id: seller.shopId, order_id: 999999 }));
    expect(wrongOrder.status).toBe(422);
    const own = await app.json('/store-message', request('POST', seller.auth, { shop_id: seller.shopId }));
    expect(own.status).toBe(422);
    expect((await app.json('/seller/get-users', { headers: shopper.auth })).status).toBe(403);
    // The other shop does not see this shopper's conversation.
    await app.json('/store-message', request('POST', shopper.auth, { shop_id: seller.shopId, message: 'private' }));
    expect((await app.json(`/seller/get-message?user_id=${shopper.id}`, { headers: elsewhere.auth })).status).toBe(404);
    expect((await app.json('/seller/get-users', { headers: elsewhere.auth })).body.data.total).toBe(0);
    for (const path of ['/get-shops', '/unread-messages', `/get-message?shop_id=${seller.shopId}`]) expect((await app.json(path)).status).toBe(401);
  });

  it('refuses empty, oversized and malformed messages with a clear 422, writing nothing', async () => {
    const seller = await sellerWithProduct();
    const shopper = await newShopper(app.db);
    await app.json('/store-message', request('POST', shopper.auth, { shop_id: seller.shopId }));
    const before = await app.db.select().from(chatMessages);
    for (const body of [
      { shop_id: seller.shopId, message: '   ' },
      { shop_id: seller.shopId, message: 'x'.repeat(2001) },
      { shop_id: 'abc', message: 'hi' },
      { shop_id: seller.shopId, message: 'a\u0000b' },
    ]) {
      expect((await app.json('/send-message', request('POST', shopper.auth, body))).status).toBe(422);
    }
    expect(await app.db.select().from(chatMessages)).toHaveLength(before.length);
  });

  it('keeps what the conversation is about when opened again without it, and posts a card once per opening', async () => {
    const seller = await sellerWithProduct();
    const shopper = await newShopper(app.db);
    await app.json('/store-message', request('POST', shopper.auth, { shop_id: seller.shopId, product_id: seller.productId }));
    await app.json('/store-message', request('POST', shopper.auth, { shop_id: seller.shopId, product_id: seller.productId }));
    await app.json('/store-message', request('POST', shopper.auth, { shop_id: seller.shopId }));
    const [row] = await app.db.select().from(conversations).where(eq(conversations.userId, shopper.id));
    expect(row!.productId).toBe(seller.productId);
    expect(await app.db.select().from(chatMessages).where(eq(chatMessages.conversationId, row!.id))).toHaveLength(1);
  });

  it("names the product card and the shop in the reader's language, each side its own, and finds the shop by that name", async () => {
    const seller = await newSeller(app.db);
    const product = await createProduct(app.db, {
      shopId: seller.shopId,
      name: 'Brass Lamp',
      isActive: true,
      quantity: 5,
      translations: { ar: { name: 'مصباح نحاسي' }, ir: { name: 'چراغ برنجی' } },
    });
    await app.db
      .update(shops)
      .set({ name: 'Lamp House', translations: { ar: { name: 'بيت المصابيح' } } })
      .where(eq(shops.id, seller.shopId));
    const shopper = await newShopper(app.db);
    await app.json('/store-message', request('POST', shopper.auth, { shop_id: seller.shopId, product_id: product.id }));
    const arabic = { ...shopper.auth, 'Accept-Language': 'ar' };

    const list = await app.json('/get-shops', { headers: arabic });
    expect(list.body.data.data[0]).toMatchObject({ shop: { name: 'بيت المصابيح' }, product: { name: 'مصباح نحاسي' }, last_message: 'مصباح نحاسي' });
    const thread = await app.json(`/get-message?shop_id=${seller.shopId}`, { headers: { ...shopper.auth, 'Accept-Language': 'fa-IR' } });
    expect(thread.body.data.data[0].product.name).toBe('چراغ برنجی');
    // The shop's page in English reads the same card in English; a language with no text falls back.
    expect((await app.json(`/seller/get-message?user_id=${shopper.id}`, { headers: seller.auth })).body.data.data[0].product.name).toBe('Brass Lamp');
    expect((await app.json('/get-shops', { headers: { ...shopper.auth, 'Accept-Language': 'fa-IR' } })).body.data.data[0].shop.name).toBe('Lamp House');

    for (const search of ['المصابيح', 'lamp house']) {
      expect((await app.json(`/get-shops?search=${encodeURIComponent(search)}`, { headers: arabic })).body.data.total).toBe(1);
    }
    expect((await app.json(`/get-shops?search=${encodeURIComponent('nothing like it')}`, { headers: arabic })).body.data.total).toBe(0);
  });

  it('stops a flood: the 21st message within a minute is 429', async () => {
    const seller = await sellerWithProduct();
    const shopper = await newShopper(app.db);
    await app.json('/store-message', request('POST', shopper.auth, { shop_id: seller.shopId }));
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) statuses.push((await app.json('/send-message', request('POST', shopper.auth, { shop_id: seller.shopId, message: `line ${i}` }))).status);
    expect(statuses.slice(0, 20).every((status) => status === 200)).toBe(true);
    expect(statuses[20]).toBe(429);
  });
});
