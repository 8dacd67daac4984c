import { randomInt } from 'node:crypto';

/**
 * Made-up contact details for accounts that tests create, shared by the API tests and the
 * end-to-end specs (no test runner imported here). A number drawn once per process, then
 * counted up: nothing repeats within a test file or a Playwright worker, and parallel
 * workers or runs starting at random points practically never meet.
 */
let serial = randomInt(0, 10_000_000);
const next = () => (serial = (serial + 1) % 10_000_000);

/** A US phone number (10 digits, for phone_code "+1"; docs/product.md §4.4 Registration). */
export const randomPhone = () => `202${String(next()).padStart(7, '0')}`;

/** An e-mail address nobody has: `<prefix>.<serial><random>@example.test`. */
export const randomEmail = (prefix = 'shopper') => `${prefix}.${next()}${randomInt(0, 1000)}@example.test`;

/** A client address of its own in 198.18.0.0/15 (reserved for tests), so per-address rate limits never meet. */
export const freshAddress = () => {
  const n = next() % 131_072;
  return `198.${18 + (n >> 16)}.${(n >> 8) & 255}.${n & 255}`;
};
