import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFlashSale, seedShowcase, type Showcase } from '@tests/fixtures';
import { createTestApp, type TestApp } from '@tests/support/api';

let api: TestApp;
let shop: Showcase;
let withdrawnId: number;
beforeAll(async () => {
  api = await createTestApp(async (db) => {
    shop = await seedShowcase(db);
    withdrawnId = (await createFlashSale(db, { name: 'Withdrawn', isActive: false })).id;
  });
});
afterAll(() => api.close());

describe('GET /flash-sales', () => {
  it('lists running and upcoming sales, soonest first, without products', async () => {
    const { status, body } = await api.json('/flash-sales');
    expect(status).toBe(200);
    const { runningSale, upcomingSale } = shop.flashSales;
    expect(body.data.flash_sales).toEqual([
      {
        id: runningSale.id,
        name: 'Mega Sale',
        thumbnail: null,
        status: 'running',
        products: null,
        start_date: runningSale.startDate.toISOString(),
        end_date: runningSale.endDate.toISOString(),
      },
      expect.objectContaining({ id: upcomingSale.id, name: 'Weekend Deals', status: 'upcoming', products: null }),
    ]);
  });
});

describe('GET /flash-sale/{id}/details', () => {
  it('gives the sale with its public products at their sale price', async () => {
    const { status, body } = await api.json(`/flash-sale/${shop.flashSales.runningSale.id}/details`);
    expect(status).toBe(200);
    expect(body.data.total).toBe(2);
    const { flash_sale } = body.data;
    expect(flash_sale).toMatchObject({ id: shop.flashSales.runningSale.id, name: 'Mega Sale', status: 'running' });
    // The product of the shop under review is in the sale but never shown.
    expect(flash_sale.products.map((p: any) => p.id)).toEqual([shop.products.speaker.id, shop.products.shirt.id]);
    expect(flash_sale.products[0]).toMatchObject({ price: 89.99, discount_price: 69.99, sale_price: 69.99, sale_quantity: 10, sale_sold: 4 });
    // Sold out at the sale price: the card is back to the regular price.
    expect(flash_sale.products[1]).toMatchObject({ price: 29.99, discount_price: 0, sale_price: 19.99, sale_quantity: 5, sale_sold: 5 });
  });

  it('pages its products', async () => {
    const id = shop.flashSales.runningSale.id;
    const second = await api.json(`/flash-sale/${id}/details?per_page=1&page=2`);
    expect(second.body.data.flash_sale.products.map((p: any) => p.id)).toEqual([shop.products.shirt.id]);
    const past = await api.json(`/flash-sale/${id}/details?per_page=1&page=3`);
    expect(past.body.data.total).toBe(2);
    expect(past.body.data.flash_sale.products).toEqual([]);
  });

  it('shows an upcoming or ended sale as such, its offers not yet or no longer applied', async () => {
    const upcoming = await api.json(`/flash-sale/${shop.flashSales.upcomingSale.id}/details`);
    expect(upcoming.body.data.flash_sale.status).toBe('upcoming');
    expect(upcoming.body.data.flash_sale.products[0]).toMatchObject({ id: shop.products.phone.id, discount_price: 449.99, sale_price: 399.99 });
    const ended = await api.json(`/flash-sale/${shop.flashSales.endedSale.id}/details`);
    expect(ended.status).toBe(200);
    expect(ended.body.data.flash_sale.status).toBe('ended');
    expect(ended.body.data.flash_sale.products[0]).toMatchObject({ id: shop.products.headphones.id, discount_price: 149.99, sale_price: 99.99 });
  });

  it('is a 404 for an unknown or withdrawn sale', async () => {
    for (const id of [999_999, withdrawnId]) {
      const { status, body } = await api.json(`/flash-sale/${id}/details`);
      expect(status).toBe(404);
      expect(body.message).toBe('Flash sale not found.');
    }
  });

  it('is a 422 for a non-numeric id or bad page', async () => {
    const { status, body } = await api.json('/flash-sale/abc/details?page=0&per_page=1000');
    expect(status).toBe(422);
    expect(Object.keys(body.errors)).toEqual(['id']);
    const paging = await api.json(`/flash-sale/${shop.flashSales.runningSale.id}/details?page=0&per_page=1000`);
    expect(paging.status).toBe(422);
    expect(Object.keys(paging.body.errors).sort()).toEqual(['page', 'per_page']);
  });
});
