import { expect, test, type Page } from '@playwright/test';
import { hydrated } from './support/hydration';
import { isMobile, openLoginDialog, signIn } from './support/session';

test.describe('language', () => {
  test('switching to Arabic renders right-to-left, translated, and survives a reload', async ({ page, request }) => {
    const ar = (await (await request.get('/api/lang/ar')).json()).data;
    await page.goto('/');
    await expect(page.getByLabel('Language')).toBeEnabled();
    await Promise.all([page.waitForEvent('load'), page.getByLabel('Language').selectOption('ar')]);
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
    await expect(page.getByRole('heading', { name: ar['Categories'] })).toBeVisible();
    expect(await page.evaluate(() => window.localStorage.getItem('locale'))).toBe('ar');
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.getByRole('link', { name: ar['Skip to content'] })).toBeAttached();
  });

  test('API calls carry the stored language', { tag: '@any-width' }, async ({ page, baseURL }) => {
    await page.context().addCookies([{ name: 'locale', value: 'ir', url: baseURL! }]);
    await page.goto('/');
    // The stores load /master on their first use: here, the navbar basket.
    const call = page.waitForRequest((request) => request.url().endsWith('/api/master'));
    await page.locator('header a[data-open-cart]').first().click();
    const request = await call;
    expect(request.headers()['accept-language']).toBe('ir');
    expect(request.headers()['x-requested-with']).toBe('XMLHttpRequest');
  });
});

test.describe('currency', () => {
  test('changing the currency converts the prices the server renders', { tag: '@any-width' }, async ({ page, request }) => {
    const { user } = await signIn(page);
    const master = (await (await request.get('/api/master')).json()).data;
    const euro = master.currencies.find((currency: any) => currency.name === 'EUR');
    await page.goto('/dashboard');
    // The sidebar's balance (the dashboard's overview shows it too).
    const wallet = page.locator('aside').getByText(/Wallet Balance/);
    await expect(wallet).toContainText(`$${user.wallet.balance.toFixed(2)}`);
    // The change loads /master into the store first: the currency picked is in its list.
    await Promise.all([page.waitForEvent('load'), page.getByLabel('Currency').selectOption('EUR')]);
    const converted = `${(Math.round(user.wallet.balance * euro.rate_from_default * 100) / 100).toFixed(2)}${euro.symbol}`;
    await expect(page.locator('aside').getByText(/Wallet Balance/)).toContainText(converted);
    // Rendered that way by the server: the HTML before any script already has it.
    expect(await (await page.request.get('/dashboard')).text()).toContain(converted);
  });
});

test.describe('navbar', () => {
  test('the categories dropdown opens by mouse, with sub-category panels on hover', async ({ page }) => {
    test.skip(isMobile(page), 'the dropdown is a desktop control; phones use the slide-out menu');
    await page.goto('/');
    await page.getByText('Categories', { exact: true }).first().click();
    const first = page.locator('[data-category]').first();
    await expect(first).toBeVisible();
    const panel = first.locator('[data-subcategory-panel]');
    await expect(panel).toBeHidden();
    await first.hover();
    await expect(panel).toBeVisible();
    await expect(panel.getByRole('link').first()).toHaveAttribute('href', /^\/categories\/\d+\?subcategory=\d+$/);
  });

  test('the categories dropdown works by keyboard and by touch, and Escape returns focus', async ({ page }) => {
    test.skip(isMobile(page), 'desktop control');
    await page.goto('/');
    const summary = page.locator('details[data-menu] summary').first();
    await summary.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('link', { name: 'All Categories' })).toBeVisible();
    await page.keyboard.press('Tab'); // All Categories
    await page.keyboard.press('Tab'); // first category
    const first = page.locator('[data-category]').first();
    await expect(first.locator('a').first()).toBeFocused();
    await expect(first.locator('[data-subcategory-panel]')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(summary).toBeFocused();
    await expect(page.getByRole('link', { name: 'All Categories' })).toBeHidden();

    // Touch has no hover: the chevron button opens the panel.
    await summary.click();
    const second = page.locator('[data-category]').nth(1);
    await second.locator('[data-subcategory-toggle]').dispatchEvent('click');
    await expect(second.locator('[data-subcategory-toggle]')).toHaveAttribute('aria-expanded', 'true');
    await expect(second.locator('[data-subcategory-panel]')).toBeVisible();
  });

  test('search goes to /products?search=… and the box keeps the text only there', async ({ page }) => {
    await page.goto('/');
    if (isMobile(page)) {
      await page.getByRole('button', { name: 'Search' }).click();
      await page.locator('#dialog-search').fill('lamp');
      await page.locator('#dialog-search').press('Enter');
    } else {
      await page.locator('#navbar-search').fill('lamp');
      await page.locator('#navbar-search').press('Enter');
    }
    await page.waitForURL(/\/products\?search=lamp$/);
    const box = isMobile(page) ? page.locator('#dialog-search') : page.locator('#navbar-search');
    await expect(box).toHaveValue('lamp');
    await page.goto('/?search=lamp');
    await expect(box).toHaveValue('');
  });

  test('the mobile slide-out menu has login, wishlist, cart and the menu links; Escape closes it', async ({ page, request }) => {
    test.skip(!isMobile(page), 'phones only');
    const master = (await (await request.get('/api/master')).json()).data;
    await page.goto('/');
    const opener = page.getByRole('button', { name: 'Menu' });
    await opener.click();
    const menu = page.getByRole('dialog', { name: 'Menu' });
    await expect(menu.getByRole('button', { name: 'Login' })).toBeVisible();
    await expect(menu.getByRole('link', { name: /Wishlist/ })).toBeVisible();
    await expect(menu.getByRole('link', { name: /Cart/ })).toBeVisible();
    expect(master.menus.length).toBeGreaterThan(0);
    for (const item of master.menus) await expect(menu.getByRole('link', { name: item.name, exact: true })).toHaveAttribute('href', item.url);
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(opener).toBeFocused();
  });

  test('server menu entries: external ones are plain links with their target', { tag: '@any-width' }, async ({ page, request }) => {
    test.skip(isMobile(page), 'desktop menu bar');
    const master = (await (await request.get('/api/master')).json()).data;
    await page.goto('/');
    const bar = page.getByRole('navigation', { name: 'Main menu' }).first();
    // The seed has both kinds, so both branches below assert.
    expect(master.menus.some((item: any) => item.is_external)).toBe(true);
    expect(master.menus.some((item: any) => !item.is_external)).toBe(true);
    for (const item of master.menus) {
      const link = bar.getByRole('link', { name: item.name });
      await expect(link).toHaveAttribute('href', item.url);
      if (item.is_external) await expect(link).toHaveAttribute('target', item.target);
      else await expect(link).not.toHaveAttribute('target', /.+/);
    }
  });

  test('a guest following the wishlist gets the login dialog instead', async ({ page }) => {
    await page.goto('/');
    await hydrated(page, 'LoginDialog');
    if (isMobile(page)) {
      await page.getByRole('button', { name: 'Menu' }).click();
      await page
        .getByRole('dialog', { name: 'Menu' })
        .getByRole('link', { name: /Wishlist/ })
        .click();
    } else {
      await page.getByRole('link', { name: 'Wishlist' }).click();
    }
    await expect(page.getByRole('dialog', { name: 'Login' })).toBeVisible();
    await expect(page.getByText('Please login first!')).toBeVisible();
    expect(new URL(page.url()).pathname).toBe('/');
    if (isMobile(page)) {
      // The menu gives way to the dialog it opened, and focus comes back to its opener.
      await expect(page.getByRole('dialog', { name: 'Menu' })).toBeHidden();
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog', { name: 'Login' })).toBeHidden();
      await expect(page.getByRole('button', { name: 'Menu' })).toBeFocused();
    }
  });

  test('Become a Seller: a guest is asked to log in; a user goes to registration, a seller to the shop', async ({ page }) => {
    test.skip(isMobile(page), 'top bar link is shown from 640px');
    await page.goto('/');
    await hydrated(page, 'LoginDialog');
    await page.getByRole('link', { name: 'Become a Seller' }).first().click();
    await expect(page.getByRole('dialog', { name: 'Login' })).toBeVisible();

    await signIn(page, 'customer');
    await page.goto('/');
    await expect(page.getByRole('link', { name: 'Become a Seller' }).first()).toHaveAttribute('href', '/shop/register');
    // The click is handled by the shell's module script, which has run once the page has loaded.
    await page.getByRole('link', { name: 'Become a Seller' }).first().click();
    await page.waitForURL('**/shop/register');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Shop Registration');
  });

  test('Become a Seller leads a seller to the shop dashboard', async ({ page }) => {
    test.skip(isMobile(page), 'top bar link is shown from 640px');
    await signIn(page, 'seller');
    await page.goto('/');
    await expect(page.getByRole('link', { name: 'Become a Seller' }).first()).toHaveAttribute('href', '/shop');
  });

  test('logout asks "Log Out" / "Logout Confirmation" with Cancel and Yes', async ({ page }) => {
    const { user } = await signIn(page);
    await page.goto('/');
    // Menus and dialogs are native, "Yes" is the shell's module script (run by the time the page
    // has loaded); the toast on the next page needs the Toasts island, which web-first waits cover.
    const openMenu = async () => {
      if (isMobile(page)) await page.getByRole('button', { name: 'Menu' }).click();
      else await page.locator('details[data-menu] summary', { hasText: user.name }).click();
      await page.getByRole('button', { name: 'Logout' }).filter({ visible: true }).click();
    };
    await openMenu();
    const dialog = page.getByRole('dialog', { name: 'Log Out' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText('Logout Confirmation')).toBeVisible();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    if (isMobile(page)) await page.keyboard.press('Escape');

    await openMenu();
    await dialog.getByRole('button', { name: 'Yes' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await expect(page.getByText('Logout successfully')).toBeVisible();
    const stored = await page.evaluate(() => JSON.parse(window.localStorage.getItem('auth') ?? '{}'));
    expect(stored.token).toBeNull();
    const account = await page.request.get('/dashboard', { maxRedirects: 0 });
    expect(account.status()).toBe(302);
  });
});

test.describe('footer', () => {
  test('below 640px link groups collapse under their title and open on demand', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto('/');
    const group = page.locator('details[data-footer-group]').first();
    await expect(group).not.toHaveAttribute('open');
    const firstLink = group.getByRole('link').first();
    await expect(firstLink).toBeHidden();
    await group.locator('summary').click();
    await expect(firstLink).toBeVisible();
  });

  test('at 640px and wider every group is open and stays open', async ({ page }) => {
    await page.setViewportSize({ width: 640, height: 800 });
    await page.goto('/');
    const groups = page.locator('details[data-footer-group]');
    await expect(groups).not.toHaveCount(0);
    for (const group of await groups.all()) await expect(group).toHaveAttribute('open');
    await groups.first().locator('summary').press('Enter');
    await expect(groups.first()).toHaveAttribute('open');
  });

  test('has every item type and the copyright line', { tag: '@any-width' }, async ({ page, request }) => {
    const master = (await (await request.get('/api/master')).json()).data;
    await page.goto('/');
    const footer = page.getByRole('contentinfo');
    await expect(footer.getByText('Scan the QR')).toBeAttached();
    await expect(footer.getByRole('link', { name: /Google Play/ })).toHaveAttribute('href', master.google_playstore_link);
    expect(master.social_links.length).toBeGreaterThan(0);
    for (const social of master.social_links) await expect(footer.getByRole('link', { name: social.name })).toHaveAttribute('href', social.link);
    await expect(footer).toContainText(`© ${new Date().getFullYear()} ${master.web_footer_text}`);
  });
});

test.describe('toasts', () => {
  const toaster = (page: Page, x: string, y: string) => page.locator(`[data-sonner-toaster][data-x-position="${x}"][data-y-position="${y}"]`);

  async function failLogin(page: Page) {
    const dialog = await openLoginDialog(page);
    await dialog.getByLabel('Password').fill('wrong password');
    await dialog.getByRole('button', { name: 'Login' }).click();
    return dialog;
  }

  test('an error toast sits bottom-left in ltr, with the field errors under the fields', async ({ page }) => {
    await page.goto('/');
    await hydrated(page, 'LoginDialog', 'Toasts');
    const dialog = await failLogin(page);
    await expect(toaster(page, 'left', 'bottom').getByText('These credentials do not match our records.')).toBeVisible();
    await expect(dialog.getByText('These credentials do not match our records.')).toHaveCount(2);
  });

  test('toasts sit bottom-right in rtl, the inline start: errors and successes alike', async ({ page, request, baseURL }) => {
    const ar = (await (await request.get('/api/lang/ar')).json()).data;
    await page.context().addCookies([{ name: 'locale', value: 'ar', url: baseURL! }]);
    await page.goto('/');
    await hydrated(page, 'LoginDialog', 'Toasts');
    if (isMobile(page)) {
      await page.getByRole('button', { name: ar['Menu'] }).click();
      await page.getByRole('dialog', { name: ar['Menu'] }).getByRole('button', { name: ar['Login'] }).click();
    } else {
      await page.getByRole('button', { name: ar['Login'] }).click();
    }
    const dialog = page.getByRole('dialog', { name: ar['Login'] });
    await dialog.getByLabel(ar['Password']).fill('wrong password');
    await dialog.getByRole('button', { name: ar['Login'] }).click();
    await expect(toaster(page, 'right', 'bottom').getByText(ar['These credentials do not match our records.'])).toBeVisible();

    await dialog.getByLabel(ar['Password']).fill('password');
    await dialog.getByRole('button', { name: ar['Login'] }).click();
    await expect(toaster(page, 'right', 'bottom').getByText(ar['Login successfully'])).toBeVisible();
  });
});

test.describe('resilience', () => {
  test('a chunk that fails to load reloads the page once, then shows a message instead of looping', { tag: '@any-width' }, async ({ page }) => {
    // The recovery listener is the shell's module script: it has run once the page has loaded.
    await page.goto('/');
    await Promise.all([page.waitForEvent('load'), page.evaluate(() => window.dispatchEvent(new Event('vite:preloadError', { cancelable: true })))]);
    await page.evaluate(() => window.dispatchEvent(new Event('vite:preloadError', { cancelable: true })));
    await expect(page.getByRole('alert').filter({ hasText: 'could not load completely' })).toBeVisible();
  });
});

test.describe('logout when the API fails', () => {
  test('the next page is rendered signed out whatever /api/logout answered', { tag: '@any-width' }, async ({ page }) => {
    const { user } = await signIn(page);
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/dashboard$/);
    // The API call fails (network down); the session cookie must go all the same.
    await page.route('**/api/logout', (route) => route.abort('failed'));
    if (isMobile(page)) await page.getByRole('button', { name: 'Menu' }).click();
    else await page.locator('details[data-menu] summary', { hasText: user.name }).click();
    await page.getByRole('button', { name: 'Logout' }).filter({ visible: true }).click();
    await page.getByRole('dialog', { name: 'Log Out' }).getByRole('button', { name: 'Yes' }).click();
    // A web-first wait: the form's POST /logout answers 303 to /, and a waitForURL can see
    // that intermediate navigation reported as aborted.
    await expect(page).toHaveURL((url) => url.pathname === '/');
    await expect(page.getByText('Logout successfully')).toBeVisible();
    await expect(page.getByText(user.name)).toHaveCount(0);
    const cookies = await page.context().cookies();
    expect(cookies.find((cookie) => cookie.name === 'session')).toBeUndefined();
    expect((await page.request.get('/dashboard', { maxRedirects: 0 })).status()).toBe(302);
  });
});

test.describe('account pages and other tabs', () => {
  test('an account page leaves for / when the session ends in another tab', { tag: '@any-width' }, async ({ page, context }) => {
    await signIn(page);
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/dashboard$/);
    const other = await context.newPage();
    await other.goto('/');
    // The other tab's logout clears the shared auth store (local storage).
    await other.evaluate(() => {
      const state = JSON.parse(window.localStorage.getItem('auth') ?? '{}');
      window.localStorage.setItem('auth', JSON.stringify({ ...state, token: null, user: null }));
    });
    await expect(page).toHaveURL((url) => url.pathname === '/');
    await other.close();
  });
});
