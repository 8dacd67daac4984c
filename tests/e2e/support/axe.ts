import AxeBuilder from '@axe-core/playwright';
import type { Page, TestInfo } from '@playwright/test';
import { runsAtPhoneWidth } from './widths';

/** The WCAG 2.1 A and AA rules every page is held to (docs/product.md §9.4). */
const WCAG = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

interface AxeOptions {
  /** Only this part of the page (a dialog, `main`). */
  include?: string;
  /** Also axe's best practices (landmarks, one `h1`, ...). */
  bestPractice?: boolean;
  /** Every violation, not only the serious and critical ones. */
  all?: boolean;
}

/**
 * The page's axe violations as one readable line each (`rule: selector, selector`): the
 * serious and critical ones unless `all`. An empty list is the pass.
 */
export async function axeViolations(page: Page, { include, bestPractice = false, all = false }: AxeOptions = {}): Promise<string[]> {
  // Legacy mode runs axe.run in the page (and any same-origin frame) instead of runPartial
  // per frame then finishRun in a new blank page with axe injected again: the same findings
  // for our pages, which embed no cross-origin frame, in about half the time (2.3 s against
  // 5.2 s on the home page of the 600-product demo).
  let builder = new AxeBuilder({ page }).withTags(bestPractice ? [...WCAG, 'best-practice'] : WCAG).setLegacyMode(true);
  if (include) builder = builder.include(include);
  const { violations } = await builder.analyze();
  return violations
    .filter((violation) => all || violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}

/**
 * Whether a page's axe check in `locale` runs at this width. Axe judges markup, names and
 * colours, which are the same in every language; what differs is the layout, phone or
 * desktop, and right to left. So each page is checked once per layout: in English at
 * 1280 px, in Arabic at 375 px (the mobile project). A spec that does not run at phone width
 * (support/widths.ts) checks Arabic at 1280 px instead, so every page is still checked right
 * to left once.
 */
export function axeAtThisWidth(testInfo: TestInfo, locale: string): boolean {
  if (testInfo.project.name === 'mobile') return locale === 'ar';
  return locale !== 'ar' || !runsAtPhoneWidth(testInfo.file);
}

/** Skips a test that is only an axe check when axeAtThisWidth says no. */
export function axeOncePerLayout(testInfo: TestInfo, locale: string): void {
  testInfo.skip(!axeAtThisWidth(testInfo, locale), 'checked once per layout: English at 1280 px, Arabic at 375 px (support/axe.ts axeAtThisWidth)');
}
