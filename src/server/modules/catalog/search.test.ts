import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedShowcase, type Showcase } from '@tests/fixtures';
import { createTestApp, listProducts, type TestApp } from '@tests/support/api';

let api: TestApp;
let shop: Showcase;
beforeAll(async () => {
  api = await createTestApp(async (db) => {
    shop = await seedShowcase(db);
  });
});
afterAll(() => api.close());

const list = (query: string) => listProducts(api, query);

describe('GET /products search', () => {
  const names = async (search: string) => (await list(`search=${encodeURIComponent(search)}`)).products.map((card) => card.name).sort();

  it('ignores case and accents, and finds words inside words', async () => {
    expect(await names('HEADPHONES')).toEqual(['Wireless Headphones Pro']);
    expect(await names('cafe creme')).toEqual(['Café Crème Speaker']);
    expect(await names('CRÈME')).toEqual(['Café Crème Speaker']);
    expect(await names('phone')).toEqual(['Smartphone X', 'Wireless Headphones Pro']);
  });

  it('needs every word, in any order', async () => {
    expect(await names('pro wireless')).toEqual(['Wireless Headphones Pro']);
    expect(await names('wireless speaker')).toEqual([]);
  });

  it('matches short words at the start of a word only', async () => {
    expect(await names('smartphone x')).toEqual(['Smartphone X']);
    expect(await names('ne')).toEqual([]);
  });

  it('works in Arabic and Persian, folding letter variants, diacritics and the zero-width non-joiner', async () => {
    expect(await names('سماعات')).toEqual(['سماعات لاسلكية']);
    expect(await names('سَمّاعات لاسلكيه')).toEqual(['سماعات لاسلكية']);
    expect(await names('بی سیم')).toEqual(['هدفون بی‌سیم']);
    expect(await names('هدفون بي‌سيم')).toEqual(['هدفون بی‌سیم']);
  });

  it('treats LIKE wildcards and quotes as plain text', async () => {
    expect(await names('%')).toEqual([]);
    expect(await names('_')).toEqual([]);
    expect(await names("x' OR '1'='1")).toEqual([]);
    expect(await names('\\')).toEqual([]);
  });

  it('an empty search lists everything', async () => {
    expect((await list('search=')).total).toBe(shop.publicProducts.length);
    expect((await list('search=%20%20')).total).toBe(shop.publicProducts.length);
  });
});
