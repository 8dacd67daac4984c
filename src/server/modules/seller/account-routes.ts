import { Hono } from 'hono';
import type { AppEnv } from '../../context';
import type { SellerDependencies } from './routes';

/** The seller API's account routes (docs/decisions/017-sellers.md). */
export function sellerAccountRoutes(_deps: SellerDependencies) {
  return new Hono<AppEnv>();
}
