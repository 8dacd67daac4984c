import { Hono } from 'hono';
import type { AppEnv } from '../../context';
import type { SellerDependencies } from './routes';

/** The seller API's earnings routes (docs/decisions/017-sellers.md). */
export function sellerEarningsRoutes(_deps: SellerDependencies) {
  return new Hono<AppEnv>();
}
