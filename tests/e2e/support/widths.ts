/**
 * The end-to-end specs that also run at phone width (playwright.config.ts's `mobile` project):
 * what a phone lays out or operates differently. The rest run at 1280 px only.
 */
export const MOBILE_SPECS = [
  'a11y',
  'accounts',
  'cart-choice',
  'cart-drawer',
  'cart-selection',
  'catalogue',
  'checkout',
  'checkout-island',
  'dashboard',
  'islands-on-demand',
  'profile',
  'seller-dashboard',
  'shell',
];

/** Whether a spec file (a test's `testInfo.file`) runs at phone width too. */
export function runsAtPhoneWidth(file: string): boolean {
  const name = file
    .split(/[\\/]/)
    .pop()!
    .replace(/\.spec\.ts$/, '');
  return MOBILE_SPECS.includes(name);
}
