import { expect, test, type Page } from '@playwright/test';
import { signIn } from './support/session';

/** The owner of the seeded shop under review (src/server/db/seed/data/people.ts). */
async function signInPendingSeller(page: Page) {
  const response = await page.request.post('/api/login', { data: { phone: 'pending.seller@example.com', password: 'password' } });
  expect(response.status()).toBe(200);
}

test.describe('shop entry (docs/product.md §4)', () => {
  test('a shop under review sees that state on /shop and a disabled sidebar entry, never a dashboard', async ({ page }) => {
    await signInPendingSeller(page);
    await page.goto('/shop');
    await expect(page).toHaveURL(/\/shop$/);
    await expect(page.locator('[data-shop-state="under-review"]')).toContainText('Under review');
    await expect(page.getByText('This page is being prepared.')).toHaveCount(0);

    await page.goto('/dashboard');
    const sidebar = page.getByRole('complementary', { name: 'Account' });
    await expect(sidebar.getByText('Under review', { exact: true })).toHaveAttribute('aria-disabled', 'true');
    await expect(sidebar.getByRole('link', { name: 'Shop dashboard' })).toHaveCount(0);
    await expect(sidebar.getByRole('link', { name: 'Shop Registration' })).toHaveCount(0);
  });

  test('a user without a shop is sent from /shop to registration', async ({ page }) => {
    await signIn(page, 'customer');
    await page.goto('/shop');
    await expect(page).toHaveURL(/\/shop\/register$/);
    await page.goto('/dashboard');
    await expect(page.getByRole('complementary', { name: 'Account' }).getByRole('link', { name: 'Shop Registration' })).toHaveAttribute('href', '/shop/register');
  });

  test('a seller with an active shop is sent from registration to the dashboard', async ({ page }) => {
    await signIn(page, 'seller');
    await page.goto('/shop/register');
    await expect(page).toHaveURL(/\/shop$/);
    // The dashboard's overview (src/pages/shop/index.astro), with its navigation.
    await expect(page.getByRole('heading', { level: 1, name: 'Overview' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Shop dashboard' })).toBeVisible();
    await page.goto('/dashboard');
    await expect(page.getByRole('complementary', { name: 'Account' }).getByRole('link', { name: 'Shop dashboard' })).toHaveAttribute('href', '/shop');
  });
});
