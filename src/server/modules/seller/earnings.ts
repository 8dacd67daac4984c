/**
 * What a shop's dashboard and wallet read (docs/decisions/017-sellers.md, "Earnings"):
 * order counts and sales from `orders` (the split kept at placement, lib/earnings.ts),
 * what may be withdrawn from the ledger. Days and months are UTC. Sales are delivered
 * orders' payable amounts, by the day the order was placed; "revenue" on the overview is
 * every order placed that is not cancelled.
 */
import { and, asc, desc, eq, gte, inArray, lt, lte, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db';
import { orders, products, shopLedger } from '../../db/schema';
import { LOW_STOCK_QUANTITY, type DashboardFilter, type WalletFilter } from '@/contracts/seller-earnings';

const DAY = 24 * 60 * 60 * 1000;

export const startOfDay = (date: Date) => new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()));
const startOfMonth = (year: number, month: number) => new Date(Date.UTC(year, month, 1));
const startOfYear = (year: number) => new Date(Date.UTC(year, 0, 1));

/** Orders placed in [from, to) that are not cancelled: how many and their payable amount. */
async function placedIn(db: Db, shopId: number, from: Date, to: Date): Promise<{ orders: number; revenue: number }> {
  const [row] = await db
    .select({ orders: sql<number>`count(*)::int`, revenue: sql<number>`coalesce(sum(${orders.payableAmount}), 0)::int` })
    .from(orders)
    .where(and(eq(orders.shopId, shopId), gte(orders.placedAt, from), lt(orders.placedAt, to), ne(orders.orderStatus, 'cancelled')));
  return row ?? { orders: 0, revenue: 0 };
}

/** Delivered orders placed in [from, to): payable, commission and net, minor units. */
async function deliveredIn(db: Db, shopId: number, from: Date | null, to: Date | null) {
  const [row] = await db
    .select({
      sales: sql<number>`coalesce(sum(${orders.payableAmount}), 0)::bigint`,
      commission: sql<number>`coalesce(sum(${orders.commissionAmount}), 0)::bigint`,
      net: sql<number>`coalesce(sum(${orders.sellerNet}), 0)::bigint`,
    })
    .from(orders)
    .where(and(eq(orders.shopId, shopId), eq(orders.orderStatus, 'delivered'), from ? gte(orders.placedAt, from) : undefined, to ? lt(orders.placedAt, to) : undefined));
  return { sales: Number(row?.sales ?? 0), commission: Number(row?.commission ?? 0), net: Number(row?.net ?? 0) };
}

export async function orderCounts(db: Db, shopId: number) {
  const rows = await db
    .select({ status: orders.orderStatus, count: sql<number>`count(*)::int` })
    .from(orders)
    .where(eq(orders.shopId, shopId))
    .groupBy(orders.orderStatus);
  const count = (...statuses: string[]) => rows.filter((row) => statuses.includes(row.status)).reduce((sum, row) => sum + row.count, 0);
  return { pending: count('pending'), onTheWay: count('on_the_way'), toPickup: count('confirm', 'processing', 'pickup') };
}

/** Delivered sales per month of a year, January first, minor units. */
export async function monthlySales(db: Db, shopId: number, year: number): Promise<number[]> {
  const month = sql<number>`extract(month from ${orders.placedAt} at time zone 'UTC')::int`;
  const rows = await db
    .select({ month, sales: sql<number>`coalesce(sum(${orders.payableAmount}), 0)::bigint` })
    .from(orders)
    .where(and(eq(orders.shopId, shopId), eq(orders.orderStatus, 'delivered'), gte(orders.placedAt, startOfYear(year)), lt(orders.placedAt, startOfYear(year + 1))))
    .groupBy(month);
  const values = Array.from({ length: 12 }, () => 0);
  for (const row of rows) values[Number(row.month) - 1] = Number(row.sales);
  return values;
}

/** The 30 days ending today, oldest first: orders placed (not cancelled) and their payable amount. */
export async function dailyChart(db: Db, shopId: number, now: Date): Promise<{ date: string; orders: number; revenue: number }[]> {
  const from = new Date(startOfDay(now).getTime() - 29 * DAY);
  const day = sql<string>`to_char(${orders.placedAt} at time zone 'UTC', 'YYYY-MM-DD')`;
  const rows = await db
    .select({ day, orders: sql<number>`count(*)::int`, revenue: sql<number>`coalesce(sum(${orders.payableAmount}), 0)::bigint` })
    .from(orders)
    .where(and(eq(orders.shopId, shopId), gte(orders.placedAt, from), ne(orders.orderStatus, 'cancelled')))
    .groupBy(day);
  const byDay = new Map(rows.map((row) => [row.day, row]));
  return Array.from({ length: 30 }, (_, index) => {
    const date = new Date(from.getTime() + index * DAY).toISOString().slice(0, 10);
    const row = byDay.get(date);
    return { date, orders: row?.orders ?? 0, revenue: Number(row?.revenue ?? 0) };
  });
}

export async function lowStock(db: Db, shopId: number): Promise<{ id: number; name: string; quantity: number }[]> {
  return db
    .select({ id: products.id, name: products.name, quantity: products.quantity })
    .from(products)
    .where(and(eq(products.shopId, shopId), eq(products.isActive, true), lte(products.quantity, LOW_STOCK_QUANTITY)))
    .orderBy(asc(products.quantity), asc(products.id))
    .limit(10);
}

/** The dashboard's figures, minor units (the route makes them decimals). */
export async function dashboardFigures(db: Db, shopId: number, filter: DashboardFilter, now: Date) {
  const today = startOfDay(now);
  const month = startOfMonth(now.getUTCFullYear(), now.getUTCMonth());
  const nextMonth = startOfMonth(now.getUTCFullYear(), now.getUTCMonth() + 1);
  const year = now.getUTCFullYear() - (filter === 'last_year' ? 1 : 0);
  const [counts, todays, months, monthSales, chart, daily, low] = await Promise.all([
    orderCounts(db, shopId),
    placedIn(db, shopId, today, new Date(today.getTime() + DAY)),
    placedIn(db, shopId, month, nextMonth),
    deliveredIn(db, shopId, month, nextMonth),
    monthlySales(db, shopId, year),
    dailyChart(db, shopId, now),
    lowStock(db, shopId),
  ]);
  return { counts, today: todays, month: months, monthSales: monthSales.sales, chart, daily, low };
}

/** [from, to) of a wallet period and of the period before it. */
function periods(filter: WalletFilter, now: Date): { current: [Date, Date]; previous: [Date, Date] } {
  const y = now.getUTCFullYear();
  const m = now.getUTCMonth();
  switch (filter) {
    case 'this_month':
      return { current: [startOfMonth(y, m), startOfMonth(y, m + 1)], previous: [startOfMonth(y, m - 1), startOfMonth(y, m)] };
    case 'last_month':
      return { current: [startOfMonth(y, m - 1), startOfMonth(y, m)], previous: [startOfMonth(y, m - 2), startOfMonth(y, m - 1)] };
    case 'this_year':
      return { current: [startOfYear(y), startOfYear(y + 1)], previous: [startOfYear(y - 1), startOfYear(y)] };
    case 'last_year':
      return { current: [startOfYear(y - 1), startOfYear(y)], previous: [startOfYear(y - 2), startOfYear(y - 1)] };
  }
}

/** Growth of `current` over `previous` in percent, two decimals: 100 from nothing, 0 for nothing to nothing. */
export function growthPercentage(current: number, previous: number): number {
  if (previous === 0) return current > 0 ? 100 : 0;
  return Math.round(((current - previous) * 10_000) / previous) / 100;
}

/** The wallet's figures, minor units. */
export async function walletFigures(db: Db, shopId: number, filter: WalletFilter, now: Date) {
  const { current, previous } = periods(filter, now);
  const [period, before, lifetime, pending] = await Promise.all([
    deliveredIn(db, shopId, ...current),
    deliveredIn(db, shopId, ...previous),
    deliveredIn(db, shopId, null, null),
    db
      .select({ net: sql<number>`coalesce(sum(${orders.sellerNet}), 0)::bigint` })
      .from(orders)
      .where(and(eq(orders.shopId, shopId), inArray(orders.orderStatus, ['pending', 'confirm', 'processing', 'pickup', 'on_the_way']))),
  ]);
  return { period, lifetime: lifetime.sales, pendingEarnings: Number(pending[0]?.net ?? 0), growth: growthPercentage(period.sales, before.sales) };
}

/** A page of the shop's ledger, newest first, each entry with the balance right after it. */
export async function statementPage(db: Db, shopId: number, page: { limit: number; offset: number }) {
  const running = db
    .select({
      id: shopLedger.id,
      kind: shopLedger.kind,
      amount: shopLedger.amount,
      orderId: shopLedger.orderId,
      withdrawalId: shopLedger.withdrawalId,
      createdAt: shopLedger.createdAt,
      balanceAfter: sql<number>`(sum(${shopLedger.amount}) over (order by ${shopLedger.createdAt}, ${shopLedger.id}))::bigint`.as('balance_after'),
    })
    .from(shopLedger)
    .where(eq(shopLedger.shopId, shopId))
    .as('running');
  const [count] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(shopLedger)
    .where(eq(shopLedger.shopId, shopId));
  const rows = await db
    .select({
      id: running.id,
      kind: running.kind,
      amount: running.amount,
      orderId: running.orderId,
      withdrawalId: running.withdrawalId,
      createdAt: running.createdAt,
      balanceAfter: running.balanceAfter,
      orderCode: orders.orderCode,
      gross: orders.payableAmount,
      commission: orders.commissionAmount,
      net: orders.sellerNet,
    })
    .from(running)
    .leftJoin(orders, eq(orders.id, running.orderId))
    .orderBy(desc(running.createdAt), desc(running.id))
    .limit(page.limit)
    .offset(page.offset);
  return { total: count?.total ?? 0, rows };
}
