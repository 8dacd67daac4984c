import { expect } from 'vitest';
import type { Db } from '../../src/server/db';
import { createProduct, createShop, type Product, type Shop } from '../fixtures';
import { request } from './shopper';

type Call = (path: string, init?: RequestInit) => Promise<{ status: number; body: any }>;

/**
 * A cart over several shops: for each price a new shop (made with `shop`) with one product
 * at that price and `stock` in stock, `quantity` of it added to the shopper's cart through
 * POST /cart/store. The shops and products in the order of `prices`.
 */
export async function cartOverShops(
  db: Db,
  call: Call,
  auth: Record<string, string>,
  { prices, quantity = 1, stock = 50, shop = {} }: { prices: number[]; quantity?: number; stock?: number; shop?: Parameters<typeof createShop>[1] },
): Promise<{ shops: Shop[]; products: Product[]; shopIds: number[] }> {
  const shops: Shop[] = [];
  const products: Product[] = [];
  for (const price of prices) {
    const created = await createShop(db, shop);
    const product = await createProduct(db, { shopId: created.id, price, quantity: stock });
    const added = await call('/cart/store', request('POST', auth, { product_id: product.id, quantity }));
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    shops.push(created);
    products.push(product);
  }
  return { shops, products, shopIds: shops.map((created) => created.id) };
}
