import { Hono } from 'hono';
import type { AppEnv } from '../../context';
import type { SellerDependencies } from './routes';

/** The seller API's order routes (docs/decisions/017-sellers.md). */
export function sellerOrderRoutes(_deps: SellerDependencies) {
  return new Hono<AppEnv>();
}
