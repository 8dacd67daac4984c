/**
 * Paths of the account layout (spec, section 2): a visitor without a session is sent
 * to / before any of their content is rendered.
 */
const ACCOUNT_PATHS = [
  /^\/dashboard\/?$/,
  /^\/order-history(\/[^/]+)?\/?$/,
  /^\/wishlist\/?$/,
  /^\/profile\/?$/,
  /^\/manage-address(\/new|\/[^/]+\/edit)?\/?$/,
  /^\/change-password\/?$/,
  /^\/support-tickets\/?$/,
  /^\/support-ticket\/[^/]+\/?$/,
  // Seller entry needs a signed-in user too (spec, section 6).
  /^\/shop(\/register)?\/?$/,
];

export function isAccountPath(pathname: string): boolean {
  return ACCOUNT_PATHS.some((pattern) => pattern.test(pathname));
}
