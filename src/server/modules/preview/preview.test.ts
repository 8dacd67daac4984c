import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseEnv } from '../../env';
import { previewLink } from './link';
import { previewSecret } from './secret';
import { signPreview, verifyPreview } from './tokens';

const SECRET = 'a-test-secret-that-is-long-enough-123';
const now = new Date('2030-01-01T12:00:00Z');
const inHours = (hours: number) => new Date(now.getTime() + hours * 3_600_000);
const dirs: string[] = [];
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));
const tempDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'preview-secret-'));
  dirs.push(dir);
  return dir;
};

describe('preview tokens', () => {
  const token = signPreview(SECRET, 'blog', 'spring-sale', inHours(24));

  it('open exactly the kind and slug they were signed for, until they expire', () => {
    expect(verifyPreview(SECRET, token, 'blog', 'spring-sale', now)).toBe(true);
    expect(verifyPreview(SECRET, token, 'blog', 'spring-sale', inHours(23.9))).toBe(true);
    expect(verifyPreview(SECRET, token, 'blog', 'spring-sale', inHours(24))).toBe(false);
    expect(verifyPreview(SECRET, token, 'page', 'spring-sale', now)).toBe(false);
    expect(verifyPreview(SECRET, token, 'blog', 'spring-sale-2', now)).toBe(false);
    expect(verifyPreview(`${SECRET}x`, token, 'blog', 'spring-sale', now)).toBe(false);
  });

  it('refuse tampered, truncated and malformed tokens', () => {
    const [expires, signature] = token.split('.') as [string, string];
    const later = `${Number(expires) + 3600}.${signature}`;
    const flipped = `${expires}.${signature.slice(0, -2)}${signature.at(-2) === 'A' ? 'B' : 'A'}${signature.at(-1)}`;
    for (const bad of [later, flipped, `${expires}.${signature.slice(1)}`, `${expires}.`, signature, '', 'x'.repeat(5000), `${token}.${token}`, undefined]) {
      expect(verifyPreview(SECRET, bad, 'blog', 'spring-sale', now), String(bad).slice(0, 40)).toBe(false);
    }
  });
});

describe('preview secret', () => {
  it('is PREVIEW_SECRET when set', () => {
    expect(previewSecret({ PREVIEW_SECRET: SECRET, DATA_DIR: tempDir() })).toBe(SECRET);
  });

  it('is otherwise generated once per data directory, private to its owner, and kept', () => {
    const one = tempDir();
    const secret = previewSecret({ PREVIEW_SECRET: undefined, DATA_DIR: one });
    expect(secret).toMatch(/^[\w-]{43}$/);
    const file = path.join(one, 'preview-secret');
    expect(readFileSync(file, 'utf8').trim()).toBe(secret);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(previewSecret({ PREVIEW_SECRET: undefined, DATA_DIR: one })).toBe(secret);
    expect(previewSecret({ PREVIEW_SECRET: undefined, DATA_DIR: tempDir() })).not.toBe(secret);
  });

  it('must be long enough when configured', () => {
    expect(() => parseEnv({ PREVIEW_SECRET: 'short' })).toThrow(/PREVIEW_SECRET/);
  });
});

describe('preview links', () => {
  const config = parseEnv({ PREVIEW_SECRET: SECRET, SITE_URL: 'https://shop.example.com' });

  it('point at the storefront page of the draft with a token valid for 24 hours by default', () => {
    const { url, expiresAt } = previewLink(config, 'blog', 'spring-sale', { now });
    expect(expiresAt).toEqual(inHours(24));
    const link = new URL(url);
    expect(`${link.origin}${link.pathname}`).toBe('https://shop.example.com/blog/spring-sale');
    expect(verifyPreview(SECRET, link.searchParams.get('preview')!, 'blog', 'spring-sale', inHours(23))).toBe(true);
    expect(verifyPreview(SECRET, link.searchParams.get('preview')!, 'blog', 'spring-sale', inHours(25))).toBe(false);
  });

  it('use the route of each legal page and the chosen lifetime', () => {
    expect(previewLink(config, 'page', 'privacy-policy', { now }).url).toMatch(/^https:\/\/shop\.example\.com\/privacy-policy\?preview=/);
    const { url, expiresAt } = previewLink(config, 'page', 'shipping-policy', { now, hours: 2 });
    expect(url).toMatch(/^https:\/\/shop\.example\.com\/page\/shipping-policy\?preview=/);
    expect(expiresAt).toEqual(inHours(2));
  });

  it('fall back to the server address and refuse bad slugs and lifetimes', () => {
    expect(previewLink(parseEnv({ PREVIEW_SECRET: SECRET }), 'blog', 'a', { now }).url).toMatch(/^http:\/\/127\.0\.0\.1:4321\/blog\/a\?preview=\d+\./);
    expect(() => previewLink(config, 'blog', 'Bad_Slug')).toThrow(/not a slug/);
    for (const hours of [0, -1, Number.NaN, 24 * 365]) expect(() => previewLink(config, 'blog', 'a', { hours }), String(hours)).toThrow(/hours/);
  });
});
