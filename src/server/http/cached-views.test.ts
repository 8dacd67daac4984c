import { describe, expect, it } from 'vitest';
import { productViewOf } from './cached-views';

const CLIENT_ADDRESS = Symbol.for('astro.clientAddress');

function pageRequest(path: string, peer: string, headers: Record<string, string> = {}): [Request, URL] {
  const request = new Request(`http://shop.test${path}`, { headers });
  Reflect.set(request, CLIENT_ADDRESS, peer);
  return [request, new URL(request.url)];
}

describe('productViewOf (a cached product page still counts its view)', () => {
  it('is the product of the path and the guest by address', () => {
    expect(productViewOf(...pageRequest('/products/42/details', '203.0.113.9'), undefined)).toEqual({ productId: 42, visitor: 'ip:203.0.113.9' });
    expect(productViewOf(...pageRequest('/products/42/details/', '::ffff:203.0.113.9'), undefined)).toEqual({ productId: 42, visitor: 'ip:203.0.113.9' });
  });

  it('counts an IPv6 guest by their /64, as the API does', () => {
    const a = productViewOf(...pageRequest('/products/7/details', '2001:db8:1:2::1'), undefined);
    const b = productViewOf(...pageRequest('/products/7/details', '2001:db8:1:2:ffff:1:2:3'), undefined);
    expect(a?.visitor).toBe(b?.visitor);
  });

  it('believes X-Forwarded-For only from a trusted proxy', () => {
    const forwarded = { 'x-forwarded-for': '198.51.100.4' };
    expect(productViewOf(...pageRequest('/products/7/details', '10.0.0.2', forwarded), undefined)?.visitor).toBe('ip:10.0.0.2');
    expect(productViewOf(...pageRequest('/products/7/details', '10.0.0.2', forwarded), '10.0.0.0/8')?.visitor).toBe('ip:198.51.100.4');
  });

  it("counts a signed-in shopper's page built from the guest copy as their account's view, wherever they are", () => {
    expect(productViewOf(...pageRequest('/products/7/details', '203.0.113.9'), undefined, 41)).toEqual({ productId: 7, visitor: 'user:41' });
    expect(productViewOf(...pageRequest('/products', '203.0.113.9'), undefined, 41)).toBeNull();
  });

  it('is nothing for other pages', () => {
    for (const path of ['/', '/products', '/products/7', '/products/abc/details', '/products/7/details/extra', '/products/12345678901/details']) {
      expect(productViewOf(...pageRequest(path, '203.0.113.9'), undefined), path).toBeNull();
    }
  });
});
