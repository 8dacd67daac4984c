import { and, eq, type SQL } from 'drizzle-orm';
import { products, shops } from '../../db/schema';

/**
 * The one rule for what shoppers may see and buy: a shop is public while it is active (not
 * under review or suspended), and a product while it and its shop are. Every listing, page,
 * cart line, favourite and order-again reads it from here, so a shop switched off leaves
 * all of them at once.
 */
export const isPublicShop: SQL = eq(shops.isActive, true);

/** Active products of public shops; the query joins `shops`. */
export const isPublicProduct: SQL = and(eq(products.isActive, true), isPublicShop)!;
