import { expect, type Page } from '@playwright/test';

/**
 * Whether a floating element lies over the page's controls (the cart tab,
 * components/cart/CartTab.astro; docs/product.md §2.10), at any scroll the page allows.
 */

export interface Covered {
  control: string;
  scrollY: number;
}

/**
 * For every visible control: the scroll that brings its middle to the tab's middle (as far
 * as the page scrolls), then whether its box meets the tab's there and, where they meet,
 * whether the control is what shows once the tab is out of the way (a card scrolled out of
 * a carousel's view meets the tab's box but is not there to cover). Nothing when the tab is
 * not shown.
 */
export function controlsUnderTab(page: Page): Promise<Covered[]> {
  return page.evaluate(() => {
    const tab = document.querySelector<HTMLElement>('[data-cart-tab]');
    if (!tab || tab.getClientRects().length === 0) return [];
    const controls = [...document.querySelectorAll<HTMLElement>('button, a[href], input:not([type="hidden"]), select, textarea, summary')].filter((element) => {
      if (tab.contains(element) || element.closest('dialog:not([open])')) return false;
      const box = element.getBoundingClientRect();
      // Screen-reader-only text (a 1 px box) is not a control anyone can point at.
      return box.width * box.height > 4 && getComputedStyle(element).visibility !== 'hidden';
    });
    const covered: { control: string; scrollY: number }[] = [];
    const furthest = document.documentElement.scrollHeight - window.innerHeight;
    for (const control of controls) {
      const before = control.getBoundingClientRect();
      const tabBefore = tab.getBoundingClientRect();
      const wanted = before.top + window.scrollY + before.height / 2 - (tabBefore.top + tabBefore.height / 2);
      window.scrollTo({ top: Math.min(Math.max(0, wanted), furthest), behavior: 'instant' });
      const box = control.getBoundingClientRect();
      const over = tab.getBoundingClientRect();
      const left = Math.max(box.left, over.left);
      const right = Math.min(box.right, over.right);
      const top = Math.max(box.top, over.top);
      const bottom = Math.min(box.bottom, over.bottom);
      if (left >= right || top >= bottom) continue;
      tab.style.visibility = 'hidden';
      const under = document.elementFromPoint((left + right) / 2, (top + bottom) / 2);
      tab.style.visibility = '';
      if (under && (under === control || control.contains(under))) {
        const name = (control.getAttribute('aria-label') ?? control.getAttribute('name') ?? control.textContent ?? '').trim().slice(0, 40);
        covered.push({ control: `${control.tagName.toLowerCase()} "${name}"`, scrollY: window.scrollY });
      }
    }
    window.scrollTo({ top: 0, behavior: 'instant' });
    return covered;
  });
}

/** The control is the one hit at its middle once scrolled into view: nothing lies over it. */
export async function reachable(page: Page, selector: string): Promise<void> {
  const control = page.locator(selector).first();
  await control.scrollIntoViewIfNeeded();
  const hit = await control.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const top = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    return Boolean(top && (element === top || element.contains(top)));
  });
  expect(hit, selector).toBe(true);
}
