import { expect, test } from '@playwright/test';
import { signIn } from './support/session';

// docs/product.md §2: every path of the route tables, with the title each page carries.
const STOREFRONT = [
  ['/', 'Home'],
  ['/shops', 'Shops'],
  ['/products', 'Products'],
  ['/products-shops', 'Search Results'],
  ['/categories', 'Categories'],
  ['/most-popular', 'Most Popular'],
  ['/best-deal', 'Best Deal'],
  ['/checkout', 'Checkout'],
  ['/buynow', 'Buy Now'],
  ['/support', 'Support'],
  ['/contact-us', 'Contact Us'],
  ['/blogs', 'Blogs'],
] as const;

const ACCOUNT = [
  ['/dashboard', 'Dashboard'],
  ['/order-history', 'Order History'],
  ['/wishlist', 'Wishlist'],
  ['/profile', 'My Profile'],
  ['/manage-address', 'Manage Address'],
  ['/manage-address/new', 'Add New Address'],
  ['/manage-address/1/edit', 'Edit Address'],
  ['/change-password', 'Change Password'],
  ['/support-tickets', 'Support Ticket'],
] as const;

test.describe('route table', () => {
  test('every storefront and blog path renders with the title "<page> | <app name>"', async ({ request }) => {
    const appName = (await (await request.get('/api/master')).json()).data.app_name;
    for (const [path, title] of STOREFRONT) {
      const response = await request.get(path);
      expect(response.status(), path).toBe(200);
      const html = await response.text();
      expect(html, path).toContain(`<title>${title.replace('&', '&amp;')} | ${appName}</title>`);
      expect(html, path).toMatch(/<h1[^>]*>/);
    }
  });

  test('account pages send a visitor without a session to / before any content', async ({ request }) => {
    // An order's pages render only the shopper's own orders (tests/e2e/order-history.spec.ts).
    for (const [path] of [...ACCOUNT, ['/order-history/1'], ['/order-history/1/invoice'], ['/shop'], ['/shop/register']]) {
      const response = await request.get(path, { maxRedirects: 0 });
      expect(response.status(), path).toBe(302);
      expect(response.headers()['location'], path).toBe('/');
      expect(await response.text(), path).not.toContain('<h1');
    }
  });

  test('account pages render in the account layout for a signed-in user', async ({ page }) => {
    const { user } = await signIn(page);
    for (const [path, title] of ACCOUNT) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(200);
      await expect(page.getByRole('heading', { level: 1 }), path).toHaveText(title);
      await expect(page.getByRole('complementary', { name: 'Account' }).getByText(user.name), path).toBeVisible();
    }
  });

  test('an ended session sends the account page to / on the client too', async ({ page }) => {
    await signIn(page);
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Dashboard');
    // The guard listening is the account layout's module script: it has run once the page has loaded.
    // Another tab logs out: the persistent auth store loses its token.
    await page.evaluate(() => {
      const state = JSON.parse(window.localStorage.getItem('auth') ?? '{}');
      window.localStorage.setItem('auth', JSON.stringify({ ...state, token: null, user: null }));
      window.dispatchEvent(new StorageEvent('storage', { key: 'auth', newValue: window.localStorage.getItem('auth'), storageArea: window.localStorage }));
    });
    await page.waitForURL((url) => url.pathname === '/');
  });

  test('an unknown path shows Page Not Found with 404', async ({ request }) => {
    for (const path of ['/definitely-not-here', '/products/extra/segments/here', '/dashboard/unknown']) {
      const response = await request.get(path, { maxRedirects: 0 });
      expect(response.status(), path).toBe(404);
      expect(await response.text()).toContain('Page Not Found');
    }
  });
});
