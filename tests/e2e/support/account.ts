import type { Locator, Page } from '@playwright/test';

/**
 * The account menu (components/account/AccountSidebar.astro), opened where it folds under
 * one line (below 1024 px), so that its links and figures can be read and clicked.
 */
export async function openAccountMenu(page: Page): Promise<Locator> {
  const menu = page.getByRole('complementary', { name: 'Account' });
  const details = menu.locator('details[data-account-menu]');
  if (!(await details.evaluate((element: HTMLDetailsElement) => element.open))) await details.locator('summary').click();
  return menu;
}
