import { describe, expect, it } from 'vitest';
import { declaresTooLargeForm, limitedForm, PAGE_FORM_BYTES, postedForm, returnPath } from './forms';

describe('returnPath', () => {
  it('keeps a path on this site with its query', () => {
    expect(returnPath('/products?page=2', '/cart')).toBe('/products?page=2');
    expect(returnPath('/products/12/details', '/cart')).toBe('/products/12/details');
  });

  it('falls back for anything that could leave the site', () => {
    for (const hostile of ['https://evil.example/', '//evil.example', '/\\evil.example', 'javascript:alert(1)', '', 'products', '/ok\r\nSet-Cookie: x=1', `/${'a'.repeat(600)}`]) {
      expect(returnPath(hostile, '/cart'), hostile).toBe('/cart');
    }
  });
});

describe('page form bodies (no more than a page form may be is kept in memory)', () => {
  const post = (body: BodyInit, headers: Record<string, string> = {}) =>
    new Request('http://shop.test/cart', { method: 'POST', body, headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...headers }, duplex: 'half' } as RequestInit);
  /** A body sent in chunks with no Content-Length, as a client streaming it would. */
  const streamed = (chunks: number, chunkBytes: number) =>
    new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('action=add&filler='));
        for (let index = 0; index < chunks; index++) controller.enqueue(new Uint8Array(chunkBytes).fill(0x61));
        controller.close();
      },
    });

  it("reads a page form's fields", async () => {
    const form = await postedForm(post('action=add&product_id=12'));
    expect(form.get('action')).toBe('add');
    expect(form.get('product_id')).toBe('12');
  });

  it('counts a body larger than a page form as an empty form, declared or streamed', async () => {
    const big = `action=add&filler=${'a'.repeat(PAGE_FORM_BYTES)}`;
    expect([...(await postedForm(post(big))).keys()]).toEqual([]);
    expect(await limitedForm(post(streamed(40, 4096)), PAGE_FORM_BYTES)).toBeNull();
    // A lying Content-Length does not let more through either.
    expect(await limitedForm(post(streamed(40, 4096), { 'Content-Length': '10' }), PAGE_FORM_BYTES)).toBeNull();
  });

  it("tells a post declaring more than a page form may be, except the profile photo's upload", () => {
    const declaring = (bytes: number, method = 'POST') => new Request('http://shop.test/x', { method, headers: { 'Content-Length': String(bytes) } });
    expect(declaresTooLargeForm(declaring(PAGE_FORM_BYTES + 1), '/cart')).toBe(true);
    expect(declaresTooLargeForm(declaring(PAGE_FORM_BYTES), '/cart')).toBe(false);
    expect(declaresTooLargeForm(declaring(PAGE_FORM_BYTES + 1), '/profile')).toBe(false);
    expect(declaresTooLargeForm(declaring(PAGE_FORM_BYTES + 1, 'GET'), '/cart')).toBe(false);
  });

  it('counts a body that is no form as an empty form', async () => {
    const form = await postedForm(new Request('http://shop.test/cart', { method: 'POST', body: '{"action":"add"}', headers: { 'Content-Type': 'application/json' } }));
    expect([...form.keys()]).toEqual([]);
  });
});
