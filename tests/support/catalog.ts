import { expect } from 'vitest';
import type { TestApp } from './app';

export interface ProductListing {
  total: number;
  products: any[];
  filters: any;
}

/** GET /products with a query string, expecting 200: the listing's data. */
export async function listProducts(api: TestApp, query: string): Promise<ProductListing> {
  const { status, body } = await api.json(`/products?${query}`);
  expect(status, JSON.stringify(body)).toBe(200);
  return body.data as ProductListing;
}
