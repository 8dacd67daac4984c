import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedContent } from '../../db/seed/content';
import { createUser } from '@tests/fixtures';
import { createPreviewTestApp } from '@tests/support/preview-app';

// Seeded as a draft (db/seed/data/legal.ts).
const DRAFT = 'shipping-policy';

let api: Awaited<ReturnType<typeof createPreviewTestApp>>;
beforeAll(async () => {
  api = await createPreviewTestApp(async (db) => seedContent(db, await createUser(db), new Date()));
});
afterAll(() => api.close());

const page = (slug: string, token?: string) => api.json(`/legal-pages/${slug}${token === undefined ? '' : `?preview=${encodeURIComponent(token)}`}`);

describe('GET /legal-pages/{slug}?preview=', () => {
  it('shows a draft page with a valid link, marked as a preview and uncached', async () => {
    const { status, headers, body } = await page(DRAFT, api.sign('page', DRAFT));
    expect(status).toBe(200);
    expect(body.data).toMatchObject({ preview: true, page: { slug: DRAFT, title: 'Shipping Policy' } });
    expect(headers.get('cache-control')).toBe('private, no-store');
  });

  it('keeps the draft a 404 for an expired, wrong-kind, wrong-slug, tampered or missing token', async () => {
    const valid = api.sign('page', DRAFT);
    const [expires, signature] = valid.split('.') as [string, string];
    const tokens = {
      none: undefined,
      expired: api.sign('page', DRAFT, -0.01),
      'wrong kind': api.sign('blog', DRAFT),
      'wrong slug': api.sign('page', 'return-policy'),
      'tampered expiry': `${Number(expires) - 1}.${signature}`,
      'tampered signature': `${expires}.${[...signature].reverse().join('')}`,
      'signed elsewhere': valid.replace(/^\d+/, '9999999999'),
    };
    for (const [name, token] of Object.entries(tokens)) {
      const { status, body } = await page(DRAFT, token);
      expect(status, name).toBe(404);
      expect(body, name).toEqual({ message: 'Page not found.' });
    }
  });

  it('ignores the parameter on a published page', async () => {
    for (const token of [api.sign('page', 'privacy-policy'), 'nonsense']) {
      const { status, headers, body } = await page('privacy-policy', token);
      expect(status).toBe(200);
      expect(body.data).toMatchObject({ preview: false, page: { slug: 'privacy-policy' } });
      expect(headers.get('cache-control')).toBeNull();
    }
  });

  it('is still a 404 for an unknown page, even with a link signed for it', async () => {
    expect((await page('no-such-page', api.sign('page', 'no-such-page'))).status).toBe(404);
  });
});
