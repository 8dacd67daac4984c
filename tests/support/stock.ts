import { eq } from 'drizzle-orm';
import type { Db } from '../../src/server/db';
import { products } from '../../src/server/db/schema';

/** A product's stock and sold count as stored: what placing, cancelling and refusing orders change. */
export async function stockOf(db: Db, productId: number): Promise<{ quantity: number; sold: number }> {
  const [row] = await db.select({ quantity: products.quantity, sold: products.totalSold }).from(products).where(eq(products.id, productId));
  if (!row) throw new Error(`No product ${productId}`);
  return row;
}
