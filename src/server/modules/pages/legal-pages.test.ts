import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { legalPages } from '../../db/schema';
import { seedContent } from '../../db/seed/content';
import { createUser } from '@tests/fixtures';
import { createTestApp, type TestApp } from '@tests/support/api';
import { findLegalPage } from './service';

let api: TestApp;
beforeAll(async () => {
  api = await createTestApp(async (db) => {
    await seedContent(db, await createUser(db), new Date());
    await db
      .insert(legalPages)
      .values({ slug: 'cookies', title: 'Cookies', status: 'published', content: '<h2>Cookies</h2><p>Fine.</p><script>alert(1)</script><img src=x onerror=alert(1)>' });
  });
});
afterAll(() => api.close());

describe('GET /legal-pages/{slug}', () => {
  it('gives a published page', async () => {
    const { status, body } = await api.json('/legal-pages/terms-and-conditions');
    expect(status).toBe(200);
    expect(Object.keys(body.data.page).sort()).toEqual(['content', 'slug', 'title', 'updated_at']);
    expect(body.data.page).toMatchObject({ title: 'Terms and Conditions', slug: 'terms-and-conditions' });
    expect(body.data.page.content).toMatch(/^<h2>1\. About these terms<\/h2><p>/);
  });

  it('serves every page the storefront links', async () => {
    for (const slug of ['privacy-policy', 'about-us', 'return-policy']) expect((await api.json(`/legal-pages/${slug}`)).status, slug).toBe(200);
  });

  it('sanitises the content', async () => {
    const { body } = await api.json('/legal-pages/cookies');
    expect(body.data.page.content).toBe('<h2>Cookies</h2><p>Fine.</p><img src="x" />');
  });

  it('is a 404 for a draft and for an unknown page', async () => {
    for (const slug of ['shipping-policy', 'no-such-page']) {
      const { status, body } = await api.json(`/legal-pages/${slug}`);
      expect(status, slug).toBe(404);
      expect(body).toEqual({ message: 'Page not found.' });
    }
  });

  it('lets a trusted caller (editor preview) read a draft', async () => {
    await expect(findLegalPage(api.db, 'shipping-policy', 'en', { includeDrafts: true })).resolves.toMatchObject({ title: 'Shipping Policy' });
  });

  it('is a 422 for a malformed slug', async () => {
    for (const slug of ['bad_slug', 'x'.repeat(500), '--']) {
      const { status, body } = await api.json(`/legal-pages/${slug}`);
      expect(status, slug).toBe(422);
      expect(Object.keys(body.errors)).toEqual(['slug']);
    }
  });
});
