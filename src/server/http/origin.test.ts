import { describe, expect, it } from 'vitest';
import { isCrossSiteForm, ownOrigins, publicOrigin } from './origin';

const config = { HOST: '127.0.0.1', PORT: 4321, SITE_URL: undefined };

describe('publicOrigin', () => {
  it('is SITE_URL when set, else the listening address, never a request header', () => {
    expect(publicOrigin({ ...config, SITE_URL: 'https://shop.example.com/store/' })).toBe('https://shop.example.com');
    expect(publicOrigin(config)).toBe('http://127.0.0.1:4321');
    expect(publicOrigin({ ...config, HOST: '0.0.0.0' })).toBe('http://127.0.0.1:4321');
    expect(publicOrigin({ ...config, HOST: '::1', PORT: 8080 })).toBe('http://[::1]:8080');
  });
});

describe('isCrossSiteForm', () => {
  const own = ownOrigins('shop.example:4321', config);
  const post = (headers: Record<string, string>) => ({ method: 'POST', headers: new Headers(headers) });

  it('lets safe methods and same-site posts through', () => {
    expect(isCrossSiteForm({ method: 'GET', headers: new Headers({ Origin: 'https://evil.example' }) }, own, { requireOrigin: true })).toBe(false);
    expect(isCrossSiteForm(post({ Origin: 'http://shop.example:4321', 'Content-Type': 'application/x-www-form-urlencoded' }), own, { requireOrigin: true })).toBe(false);
    expect(isCrossSiteForm(post({ Origin: 'http://127.0.0.1:4321' }), own, { requireOrigin: true })).toBe(false);
    // Behind a TLS proxy the browser's origin is https although this server sees http.
    expect(isCrossSiteForm(post({ Origin: 'https://shop.example:4321' }), own, { requireOrigin: true })).toBe(false);
  });

  it("refuses another site's form posts and body-less posts", () => {
    for (const type of ['application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'text/plain;charset=UTF-8']) {
      expect(isCrossSiteForm(post({ Origin: 'https://evil.example', 'Content-Type': type }), own, { requireOrigin: false })).toBe(true);
    }
    expect(isCrossSiteForm(post({ Origin: 'https://evil.example' }), own, { requireOrigin: false })).toBe(true);
    expect(isCrossSiteForm(post({ Origin: 'null', 'Content-Type': 'text/plain' }), own, { requireOrigin: false })).toBe(true);
  });

  it('serves clients without a browser (no Origin) unless the route requires one', () => {
    expect(isCrossSiteForm(post({ 'Content-Type': 'application/x-www-form-urlencoded' }), own, { requireOrigin: false })).toBe(false);
    expect(isCrossSiteForm(post({}), own, { requireOrigin: false })).toBe(false);
    expect(isCrossSiteForm(post({ 'Content-Type': 'application/x-www-form-urlencoded' }), own, { requireOrigin: true })).toBe(true);
  });

  it('lets JSON from another origin through: a browser cannot send it without a CORS preflight', () => {
    expect(isCrossSiteForm(post({ Origin: 'https://evil.example', 'Content-Type': 'application/json' }), own, { requireOrigin: false })).toBe(false);
  });
});
