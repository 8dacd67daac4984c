import { describe, expect, it } from 'vitest';
import { compareSizes } from './catalogue-report.ts';
import { type CatalogueResult, percentile } from './catalogue.ts';
import { summarizePlan } from './explain.ts';

describe('bench catalogue helpers', () => {
  it('percentile is nearest-rank', () => {
    const values = Array.from({ length: 30 }, (_, index) => 30 - index);
    expect(percentile(values, 95)).toBe(29);
    expect(percentile(values, 50)).toBe(15);
    expect(percentile([], 95)).toBe(0);
  });

  it('summarizePlan names the indexes read and a Seq Scan on products', () => {
    const plan = [
      'Limit  (cost=0.71..56.70 rows=10 width=210) (actual rows=10.00 loops=1)',
      '  ->  Index Scan Backward using products_created on products  (cost=0.42..81086.31 rows=16011 width=125)',
      '        ->  Bitmap Index Scan on products_name_search  (cost=0.00..1959.73 rows=4174 width=0)',
      '        ->  Seq Scan on products  (cost=0.00..20183.00 rows=100000 width=4)',
      '        ->  Seq Scan on shops  (cost=0.00..3.14 rows=13 width=4)',
      '  Sort Key: products.created_at DESC',
      'Execution Time: 12.5 ms',
    ].join('\n');
    expect(summarizePlan(plan)).toEqual({
      indexes: ['products_created', 'products_name_search'],
      seqScans: ['products', 'shops'],
      seqScanOnProducts: true,
      sorts: true,
      executionMs: 12.5,
    });
  });

  it('compareSizes divides the largest catalogue by the smallest', () => {
    const result = (medianMs: number): CatalogueResult => ({
      label: 'products',
      path: '/api/products',
      kind: 'products',
      medianMs,
      p95Ms: medianMs * 2,
      minMs: 0,
      maxMs: 0,
      firstMs: 0,
      samples: 30,
      failures: 0,
      bytes: 0,
      total: null,
    });
    const [row] = compareSizes([
      { products: 1000, catalogue: [result(4)] },
      { products: 100000, catalogue: [result(10)] },
    ]);
    expect(row?.medianRatio).toBe(2.5);
    expect(row?.p95Ratio).toBe(2.5);
    expect(row?.sizes.map((size) => size.products)).toEqual([1000, 100000]);
  });
});
