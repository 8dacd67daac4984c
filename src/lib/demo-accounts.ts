/**
 * The demo accounts of the seed. In the local environment (APP_ENV=local) the login
 * dialog is prefilled with the customer's (docs/product.md §2.8); never in production.
 */
export const DEMO_ACCOUNTS = {
  customer: { email: 'customer@example.com', password: 'password' },
  seller: { email: 'seller@example.com', password: 'password' },
} as const;
