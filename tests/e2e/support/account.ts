import type { Locator, Page } from '@playwright/test';

/**
 * The account menu (components/account/AccountSidebar.astro), opened where it folds under
 * one line (below 1024 px), so that its links and figures can be read and clicked, with
 * JavaScript on or off.
 */
export async function openAccountMenu(page: Page): Promise<Locator> {
  const menu = page.getByRole('complementary', { name: 'Account' });
  const details = menu.locator('details[data-account-menu]');
  const summary = details.locator('summary');
  // From 1024 px there is no summary: CSS shows the menu, whatever the script did.
  if ((await summary.isVisible()) && !(await details.evaluate((element: HTMLDetailsElement) => element.open))) await summary.click();
  return menu;
}
