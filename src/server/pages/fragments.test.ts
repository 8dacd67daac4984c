import { afterEach, describe, expect, it, vi } from 'vitest';
import { applyRemoteInvalidation, CACHE, invalidateCatalog, invalidateSettings } from '../cache';
import { keptForPages, renderedFragment, setFragmentsTrusted } from './fragments';

/** The database handle the invalidations are sent for: any object will do here. */
const db = {};
const page = ({ method = 'GET', flash = null }: { method?: string; flash?: App.Locals['flash'] } = {}) => ({
  request: new Request('http://shop.test/products/1/details', { method }),
  locals: { flash } as App.Locals,
});
let rendered = 0;
const render = vi.fn(async () => `<p>render ${++rendered}</p>`);
const fragment = (variant: string, context = page()) => renderedFragment(context, CACHE.productPageHtml, variant, render);

afterEach(() => {
  setFragmentsTrusted(true);
  render.mockClear();
});

describe('rendered page fragments (components/RenderedOnce.astro)', () => {
  it('are rendered once per variant, concurrent misses waiting for the same render', async () => {
    const [first, second] = await Promise.all([fragment('once'), fragment('once')]);
    expect(second).toBe(first);
    expect(await fragment('once')).toBe(first);
    expect(render).toHaveBeenCalledTimes(1);
    expect(await fragment('once, another variant')).not.toBe(first);
    expect(render).toHaveBeenCalledTimes(2);
  });

  it('are dropped by an invalidation of an area they show, from this process or another, and only by those', async () => {
    const first = await fragment('invalidated');
    await invalidateCatalog(db);
    const second = await fragment('invalidated');
    expect(second).not.toBe(first);
    applyRemoteInvalidation(db, '["reviews"]');
    const third = await fragment('invalidated');
    expect(third).not.toBe(second);
    // The product page's body shows no country.
    applyRemoteInvalidation(db, '["countries"]');
    expect(await fragment('invalidated')).toBe(third);
  });

  it('are rendered for the request alone after a form (a message to show), for a write, and while invalidations cannot be heard', async () => {
    const kept = await fragment('personal');
    expect(await fragment('personal', page({ flash: { type: 'error', message: 'The name field is required.' } as App.Locals['flash'] }))).not.toBe(kept);
    expect(await fragment('personal', page({ method: 'POST' }))).not.toBe(kept);
    expect(await fragment('personal')).toBe(kept);

    setFragmentsTrusted(false);
    const untrusted = await fragment('personal');
    expect(untrusted).not.toBe(kept);
    expect(await fragment('personal')).not.toBe(untrusted);
    // Back to trusted: nothing kept from before is served.
    setFragmentsTrusted(true);
    const fresh = await fragment('personal');
    expect([kept, untrusted]).not.toContain(fresh);
    expect(await fragment('personal')).toBe(fresh);
  });

  it('drop with everything the data they are built from drops with, and with the language and settings they are written in', () => {
    const pages = [
      [CACHE.productPageHtml, CACHE.productDetails],
      [CACHE.homeSectionsHtml, CACHE.guestHome],
      [CACHE.listingHtml, CACHE.catalogFacets],
    ] as const;
    for (const [html, data] of pages) expect(html.dependsOn).toEqual(expect.arrayContaining([...data.dependsOn, 'languages', 'settings']));
  });

  it("keep what every render reads (/master, a language's messages) on the same terms", async () => {
    let loads = 0;
    const master = () => keptForPages(CACHE.pageMaster, 'en', async () => ({ load: ++loads }));
    const first = await master();
    expect(await master()).toBe(first);
    expect(await keptForPages(CACHE.pageMaster, 'ar', async () => ({ load: ++loads }))).not.toBe(first);
    await invalidateCatalog(db);
    expect(await master()).toBe(first);
    await invalidateSettings(db);
    const second = await master();
    expect(second).not.toBe(first);
    applyRemoteInvalidation(db, '["languages"]');
    expect(await master()).not.toBe(second);
    // The variant is the visitor's cookie: however many they send, a bounded number is kept.
    for (let other = 0; other < 50; other += 1) await keptForPages(CACHE.pageMaster, `x${other}`, async () => ({ load: ++loads }));
    const afterMany = loads;
    await keptForPages(CACHE.pageMaster, 'x0', async () => ({ load: ++loads }));
    expect(loads).toBe(afterMany + 1);
    setFragmentsTrusted(false);
    const untrusted = await master();
    expect(await master()).not.toBe(untrusted);
  });
});
