import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { MOBILE_SPECS } from './tests/e2e/support/widths';

const PORT = Number(process.env.E2E_PORT ?? 4399);
const baseURL = `http://127.0.0.1:${PORT}`;
// Known to the tests too: servers with other settings reuse its drawn images (tests/e2e/support).
process.env.E2E_DATA_DIR ??= mkdtempSync(path.join(tmpdir(), 'storefront-e2e-'));
// The operator's key to the outbox of kept codes, for every server started here and the tests (support/outbox.ts).
process.env.OUTBOX_KEY ??= randomBytes(24).toString('base64url');

// Debian's Chromium: Playwright's own browser download is not available on these machines.
const chromium = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
};

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: true,
  workers: 2,
  // Journeys of a dozen full page loads (the no-JavaScript cart, an address book) take 20 s on
  // an idle 2-core machine with two workers and the server; 60 s leaves room for a busy one.
  timeout: 60_000,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  use: {
    baseURL,
    trace: 'retain-on-failure',
    launchOptions: chromium,
  },
  projects: [
    { name: 'desktop', use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 }, launchOptions: chromium } },
    {
      name: 'mobile',
      use: { ...devices['Pixel 5'], viewport: { width: 375, height: 740 }, launchOptions: chromium },
      // At 375 px only what a phone lays out or operates differently: the shell and its slide-out
      // menu, the listing's filter drawer, the cart drawer, checkout, the account and seller
      // layouts, and every page's axe check and fit (a11y). Flows that are the same HTML at any
      // width (content, seller forms, orders, payments, no-JavaScript forms) run at 1280 px only,
      // which keeps the whole run well inside CI's budget. Within these specs, a test tagged
      // `@any-width` (an API answer, a redirect, a listing's query handling, a footer's
      // contents) is the same at any width and runs at 1280 px only.
      testMatch: MOBILE_SPECS.map((name) => `**/${name}.spec.ts`),
      grepInvert: /@any-width/,
    },
  ],
  webServer: {
    // The production build on a freshly seeded embedded database of its own.
    command: 'bash scripts/e2e-server.sh',
    url: `${baseURL}/api/master`,
    env: { PORT: String(PORT), E2E_DATA_DIR: process.env.E2E_DATA_DIR },
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
