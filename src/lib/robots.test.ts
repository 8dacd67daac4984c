import { describe, expect, it } from 'vitest';
import { DISALLOWED, robotsTxt } from './robots';
import { isAccountPath } from './account-routes';

/** Google's matching: a rule is a path prefix; `$` anchors its end. */
const blocked = (path: string) => DISALLOWED.some((rule) => (rule.endsWith('$') ? path === rule.slice(0, -1) : path.startsWith(rule)));

describe('robots.txt', () => {
  it('allows everything else and points to the sitemap', () => {
    const text = robotsTxt('https://shop.example.com');
    expect(text).toMatch(/^User-agent: \*\nAllow: \/\n/);
    expect(text).toContain('Disallow: /api/\n');
    expect(text.trimEnd().split('\n').at(-1)).toBe('Sitemap: https://shop.example.com/sitemap.xml');
  });

  it('keeps crawlers out of the API and every account page', () => {
    for (const path of [
      '/api/products',
      '/dashboard',
      '/dashboard?tab=1',
      '/checkout',
      '/buynow?product=1',
      '/order-history',
      '/order-history/12',
      '/wishlist',
      '/profile',
      '/manage-address/new',
      '/manage-address/3/edit',
      '/change-password',
      '/support-tickets',
      '/support-ticket/T-1',
      '/shop',
      '/shop/register',
    ]) {
      expect(isAccountPath(path.split('?')[0]!) || /^\/(api|checkout|buynow)\b/.test(path), path).toBe(true);
      expect(blocked(path), path).toBe(true);
    }
  });

  it('leaves the public pages that share a prefix with them crawlable', () => {
    for (const path of ['/', '/shops', '/shops/4', '/support', '/products/1/details', '/blogs', '/blog/a-post', '/privacy-policy', '/page/return-policy']) {
      expect(blocked(path), path).toBe(false);
    }
  });
});
