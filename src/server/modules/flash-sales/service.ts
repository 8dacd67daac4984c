import { and, asc, count, eq, gt, lte } from 'drizzle-orm';
import type { Db } from '../../db';
import { flashSaleProducts, flashSales, products, shops } from '../../db/schema';
import { notFound } from '../../http/errors';
import { limitOffset, type Page } from '@/lib/pagination';
import { fromMinor } from '@/lib/money';
import { localeOf, selectCards, toCards, type Viewer } from '../catalog/product-cards';
import { pickLocalized } from '../../db/localized';
import { isPublicProduct } from '../catalog/visibility';
import type { FlashSaleDto, FlashSaleProductDto } from '@/contracts/flash-sale';

type FlashSaleRow = typeof flashSales.$inferSelect;

export const HOME_SALE_PRODUCTS = 9;

/** Row to DTO: the only place a flash sale is shaped. */
export function toFlashSaleDto(row: FlashSaleRow, now: Date, locale: string, saleProducts: FlashSaleProductDto[] | null = null): FlashSaleDto {
  return {
    id: row.id,
    name: pickLocalized(row.name, row.translations, 'name', locale),
    thumbnail: row.thumbnail,
    start_date: row.startDate.toISOString(),
    end_date: row.endDate.toISOString(),
    status: row.startDate > now ? 'upcoming' : row.endDate > now ? 'running' : 'ended',
    products: saleProducts,
  };
}

/** GET /flash-sales: running and upcoming sales, soonest first. */
export async function listFlashSales(db: Db, locale: string, now = new Date()): Promise<FlashSaleDto[]> {
  const rows = await db
    .select()
    .from(flashSales)
    .where(and(eq(flashSales.isActive, true), gt(flashSales.endDate, now)))
    .orderBy(asc(flashSales.startDate), asc(flashSales.id));
  return rows.map((row) => toFlashSaleDto(row, now, locale));
}

/**
 * GET /flash-sale/{id}/details: the sale with a page of its public products. An ended
 * sale is still answered (its page says so); an unknown or withdrawn one is a 404. The
 * page's products and their count are also at the top level, where the original client
 * reads them (`products`, `total_products`, docs/product.md §7.6).
 */
export async function flashSaleDetails(db: Db, id: number, page: Page, viewer: Viewer = {}) {
  const now = viewer.now ?? new Date();
  const [sale] = await db
    .select()
    .from(flashSales)
    .where(and(eq(flashSales.id, id), eq(flashSales.isActive, true)));
  if (!sale) throw notFound('Flash sale not found.');
  const { products: saleProducts, total } = await saleProductsPage(db, sale.id, page, { ...viewer, now });
  return { total, total_products: total, products: saleProducts, flash_sale: toFlashSaleDto(sale, now, localeOf(viewer), saleProducts) };
}

/** The running sale (with its first products) and the next upcoming one, for the home page. */
export async function homeFlashSales(db: Db, viewer: Viewer = {}) {
  const now = viewer.now ?? new Date();
  const active = eq(flashSales.isActive, true);
  const [[running], [incoming]] = await Promise.all([
    db
      .select()
      .from(flashSales)
      .where(and(active, lte(flashSales.startDate, now), gt(flashSales.endDate, now)))
      .orderBy(asc(flashSales.endDate))
      .limit(1),
    db
      .select()
      .from(flashSales)
      .where(and(active, gt(flashSales.startDate, now)))
      .orderBy(asc(flashSales.startDate))
      .limit(1),
  ]);
  const runningProducts = running ? (await saleProductsPage(db, running.id, { page: 1, per_page: HOME_SALE_PRODUCTS }, { ...viewer, now })).products : null;
  return {
    running_flash_sale: running ? toFlashSaleDto(running, now, localeOf(viewer), runningProducts) : null,
    incoming_flash_sale: incoming ? toFlashSaleDto(incoming, now, localeOf(viewer)) : null,
  };
}

async function saleProductsPage(db: Db, saleId: number, page: Page, viewer: Viewer) {
  const where = and(eq(flashSaleProducts.flashSaleId, saleId), isPublicProduct);
  const { limit, offset } = limitOffset(page);
  const [rows, [counted]] = await Promise.all([
    selectCards(db, localeOf(viewer), { salePrice: flashSaleProducts.price, saleQuantity: flashSaleProducts.quantity, saleSold: flashSaleProducts.sold })
      .innerJoin(flashSaleProducts, eq(flashSaleProducts.productId, products.id))
      .where(where)
      .orderBy(asc(products.id))
      .limit(limit)
      .offset(offset),
    db
      .select({ n: count() })
      .from(flashSaleProducts)
      .innerJoin(products, eq(products.id, flashSaleProducts.productId))
      .innerJoin(shops, eq(shops.id, products.shopId))
      .where(where),
  ]);
  const cards = await toCards(db, rows, viewer);
  const saleProducts = cards.map((card, index) => {
    const row = rows[index]!;
    return { ...card, sale_price: fromMinor(row.salePrice), sale_quantity: row.saleQuantity, sale_sold: row.saleSold };
  });
  return { total: counted?.n ?? 0, products: saleProducts };
}
