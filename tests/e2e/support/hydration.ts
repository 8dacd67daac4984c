import { expect, type Page } from '@playwright/test';

/**
 * Waits until islands have hydrated, the signal to use instead of "the network went quiet".
 *
 * Astro 7 removes an `<astro-island>`'s `ssr` attribute right after handing its component
 * to React (`hydrate` in node_modules/astro/dist/runtime/server/astro-island.js). From then
 * on the island's root listens: React hydrates at once on a click, key or change event, so
 * the island can be used. What its effects do afterwards (a fetch, a store filled) is for a
 * web-first assertion of that result, such as `siteSettingsLoaded`.
 *
 * `names` are components as the page imports them (the `name` in the island's `opts`), e.g.
 * `hydrated(page, 'LoginDialog', 'Toasts')`; each must be on the page. Without names, every
 * island on the page, possibly none. A `client:visible` island hydrates only once on screen:
 * each is scrolled into view in turn, then the page is scrolled back to where it was. A
 * `client:wake` island loads on first use (src/islands/wake/directive.ts): it is woken here,
 * as a shopper's first touch would, for tests about what it does once loaded; what the first
 * touch itself does is tested in islands-on-demand.spec.ts.
 */
export async function hydrated(page: Page, ...names: string[]): Promise<void> {
  const selectors = names.length ? names.map((name) => `astro-island[opts*='"name":${JSON.stringify(name)}']`) : ['astro-island'];
  for (const [index, selector] of selectors.entries()) {
    const islands = page.locator(selector);
    if (names.length) await expect(islands, `island ${names[index]} on the page`).not.toHaveCount(0);
    const scrolledFrom = await page.evaluate(() => [window.scrollX, window.scrollY] as const);
    let scrolled = false;
    for (const island of await islands.all()) {
      if ((await island.getAttribute('client')) === 'wake') await island.evaluate((element) => element.dispatchEvent(new Event('island:wake')));
      if ((await island.getAttribute('client')) !== 'visible') continue;
      scrolled =
        (await island.evaluate((element) => {
          if (!element.hasAttribute('ssr')) return false;
          element.firstElementChild?.scrollIntoView({ block: 'center' });
          return true;
        })) || scrolled;
      await expect(island, `client:visible island ${await island.getAttribute('opts')} hydrated`).not.toHaveAttribute('ssr');
    }
    if (scrolled) await page.evaluate(([x, y]) => window.scrollTo(x, y), scrolledFrom);
    await expect(page.locator(`${selector}[ssr]`), names.length ? `island ${names[index]} hydrated` : 'every island hydrated').toHaveCount(0);
  }
}

/**
 * The stores, joined on first use (src/scripts/page-stores.ts: an island woke), have loaded
 * `/master` into the persistent site-settings store.
 */
export async function siteSettingsLoaded(page: Page): Promise<void> {
  await expect
    .poll(() => page.evaluate(() => (JSON.parse(window.localStorage.getItem('siteSettings') ?? '{}') as { currencies?: unknown[] }).currencies?.length ?? 0), {
      message: 'site settings loaded from /master',
    })
    .toBeGreaterThan(0);
}
