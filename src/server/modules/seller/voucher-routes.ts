import { Hono } from 'hono';
import type { AppEnv } from '../../context';
import type { SellerDependencies } from './routes';

/** The seller API's voucher routes (docs/decisions/017-sellers.md). */
export function sellerVoucherRoutes(_deps: SellerDependencies) {
  return new Hono<AppEnv>();
}
