import { Hono } from 'hono';
import type { AppEnv } from '../../context';
import type { SellerDependencies } from './routes';

/** The seller API's notification routes (docs/decisions/017-sellers.md). */
export function sellerNotificationRoutes(_deps: SellerDependencies) {
  return new Hono<AppEnv>();
}
