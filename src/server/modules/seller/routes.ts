import { Hono } from 'hono';
import type { AppEnv } from '../../context';
import type { Delivery } from '../messaging/delivery';
import type { PaymentProviders } from '../payments/provider';
import { sellerAccountRoutes } from './account-routes';
import { sellerAppAccountRoutes } from './app-account-routes';
import { sellerBannerRoutes } from './banner-routes';
import { sellerEarningsRoutes } from './earnings-routes';
import { sellerNotificationRoutes } from './notification-routes';
import { sellerOrderRoutes } from './order-routes';
import { sellerProductRoutes } from './product-routes';
import { sellerVoucherRoutes } from './voucher-routes';

/** What the seller routes need beyond the request: mail, the clock, the payment providers (refunds). */
export interface SellerDependencies {
  delivery: Delivery;
  now: () => Date;
  paymentProviders: PaymentProviders;
}

/**
 * The seller API, mounted at `/api/seller` (docs/decisions/017-sellers.md): the original
 * product's seller routes where their shapes are sound, and ours for what it lacks. Each
 * group guards its own routes (access.ts requireSeller); the same envelopes, validation,
 * XSRF and Bearer rules as the rest of the API apply.
 */
export function sellerRoutes(deps: SellerDependencies) {
  return new Hono<AppEnv>()
    .route('/', sellerAccountRoutes(deps))
    .route('/', sellerAppAccountRoutes(deps))
    .route('/', sellerBannerRoutes(deps))
    .route('/', sellerOrderRoutes(deps))
    .route('/', sellerEarningsRoutes(deps))
    .route('/', sellerProductRoutes(deps))
    .route('/', sellerVoucherRoutes(deps))
    .route('/', sellerNotificationRoutes(deps));
}
