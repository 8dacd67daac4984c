import { Faker, en } from '@faker-js/faker';
import { and, asc, eq, gt, like, sql } from 'drizzle-orm';
import type { Db } from '../client';
import { orderItems, orders, orderStatusHistory, payments, products, settings, shops, shopVatTaxes, users, vatTaxes, withdrawals } from '../schema/index.ts';
import { ORDER_FLOW, type LifecycleStatus } from '../../../lib/order-lifecycle.ts';
import { priceProduct } from '../../../lib/price.ts';
import { shopFigures } from '../../../lib/totals.ts';
import { splitOrder } from '../../../lib/earnings.ts';
import { creditDeliveredOrder, recordWithdrawalEvent } from '../../modules/seller/ledger.ts';
import { notifyShop } from '../../modules/seller/notifications.ts';
import { daysFrom } from './util.ts';
import type { User } from './factories.ts';

/**
 * The demo seller's orders (docs/decisions/017-sellers.md), so the shop dashboard is full on
 * first start: orders in every status over the last month, bought by the seeded shoppers,
 * priced by the same rules as a checkout (lib/price.ts, lib/totals.ts) and split by
 * lib/earnings.ts, with each status step in the history, delivered orders credited to the
 * shop's ledger and one approved withdrawal. Written directly rather than through the
 * placement code, which plain Node cannot load (its imports use the `@/` alias).
 */

/** How many orders of each status, and how many days ago the newest of them was placed. */
const PLAN: readonly { status: LifecycleStatus; count: number; daysAgo: number }[] = [
  { status: 'pending', count: 4, daysAgo: 0 },
  { status: 'confirm', count: 3, daysAgo: 1 },
  { status: 'processing', count: 3, daysAgo: 2 },
  { status: 'pickup', count: 2, daysAgo: 3 },
  { status: 'on_the_way', count: 2, daysAgo: 4 },
  { status: 'delivered', count: 9, daysAgo: 6 },
  { status: 'cancelled', count: 2, daysAgo: 5 },
];

const orderCode = (prefix: string, id: number) => `#${prefix}${String(id).padStart(6, '0')}`;

export async function seedSellerOrders(db: Db, seller: User, now: Date): Promise<void> {
  const [shop] = await db.select().from(shops).where(eq(shops.userId, seller.id));
  if (!shop) return;
  const faker = new Faker({ locale: [en], seed: 2026 });
  const buyers = await db.select({ id: users.id, name: users.name, phone: users.phone }).from(users).where(like(users.email, '%@example.net')).orderBy(asc(users.id)).limit(12);
  const stock = await db
    .select()
    .from(products)
    .where(and(eq(products.shopId, shop.id), eq(products.isActive, true), gt(products.quantity, 20)))
    .orderBy(asc(products.id))
    .limit(10);
  if (buyers.length === 0 || stock.length === 0) return;
  const vat = await db
    .select({ name: vatTaxes.name, percentage: vatTaxes.percentage })
    .from(shopVatTaxes)
    .innerJoin(vatTaxes, eq(vatTaxes.id, shopVatTaxes.vatTaxId))
    .where(eq(shopVatTaxes.shopId, shop.id));
  const [rate] = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, 'commission_percent'));
  const terms = { percent: typeof rate?.value === 'number' ? rate.value : 10, fixedPerOrder: 0 };

  let sequence = 0;
  let credited = 0;
  for (const { status, count, daysAgo } of PLAN) {
    for (let k = 0; k < count; k += 1) {
      sequence += 1;
      const buyer = buyers[sequence % buyers.length]!;
      const picked = faker.helpers.arrayElements(stock, { min: 1, max: 3 });
      const lines = picked.map((product) => {
        const quantity = faker.number.int({ min: 1, max: 3 });
        const price = priceProduct({ price: product.price, discountPrice: product.discountPrice }, { quantity, now });
        return { product, quantity, price, vatTaxes: vat };
      });
      const figures = shopFigures(
        { shopId: shop.id, deliveryCharge: shop.deliveryCharge, lines: lines.map((line) => ({ total: line.price.total, vatTaxes: line.vatTaxes })) },
        now,
      );
      const split = splitOrder(
        lines.map((line) => ({ total: line.price.total, vatTaxes: line.vatTaxes })),
        0,
        figures.deliveryCharge,
        terms,
      );
      const placedAt = daysFrom(now, -(daysAgo + k * 2), -(k * 97 + 30));
      const online = status !== 'cancelled' && sequence % 3 === 0;
      const paid = online || status === 'delivered';
      const [payment] = await db
        .insert(payments)
        .values({
          userId: buyer.id,
          idempotencyKey: `demo-seller-order-${sequence}`,
          method: online ? 'online' : 'cash',
          gateway: online ? 'stripe' : null,
          amount: status === 'cancelled' ? 0 : figures.payableAmount,
          status: paid ? 'paid' : 'pending',
          paidAt: paid ? placedAt : null,
          createdAt: placedAt,
          updatedAt: placedAt,
        })
        .returning({ id: payments.id });
      const drawn = (await db.execute(sql`select nextval(pg_get_serial_sequence('orders', 'id'))::int as id`)) as unknown as { rows: { id: number }[] };
      const id = Number(drawn.rows[0]!.id);
      const [order] = await db
        .insert(orders)
        .values({
          id,
          userId: buyer.id,
          shopId: shop.id,
          orderCode: orderCode(shop.orderPrefix, id),
          paymentId: payment!.id,
          address: {
            id: 0,
            name: buyer.name,
            phone: buyer.phone,
            area: faker.location.county(),
            flat_no: `Apt ${faker.number.int({ min: 1, max: 40 })}`,
            address_type: 'home',
            address_line: faker.location.streetAddress(),
            address_line2: null,
            // faker's English locale makes places of the United States. City and state are drawn
            // where the second line drew them before, so the seeded sequence stays the same.
            city: faker.location.city(),
            state: faker.location.state(),
            post_code: faker.location.zipCode('#####'),
            country: 'United States',
            latitude: null,
            longitude: null,
          },
          paymentMethod: online ? 'online' : 'cash',
          paymentGateway: online ? 'stripe' : null,
          paymentStatus: paid ? 'paid' : 'pending',
          orderStatus: status,
          totalAmount: figures.totalAmount,
          discount: lines.reduce((sum, line) => sum + line.price.saving, 0),
          deliveryCharge: figures.deliveryCharge,
          taxAmount: figures.orderTaxAmount,
          payableAmount: figures.payableAmount,
          commissionAmount: split.commission,
          sellerNet: split.net,
          placedAt,
          createdAt: placedAt,
          updatedAt: placedAt,
        })
        .returning();
      await db.insert(orderItems).values(
        lines.map((line, index) => ({
          orderId: id,
          productId: line.product.id,
          name: line.product.name,
          thumbnail: line.product.thumbnail,
          price: line.product.price,
          discountPrice: line.product.discountPrice,
          quantity: line.quantity,
          vatTaxes: line.vatTaxes,
          ...split.lines[index]!,
        })),
      );
      // The steps it went through, an hour or so apart; a cancelled order was cancelled while pending.
      const steps: LifecycleStatus[] = status === 'cancelled' ? ['pending', 'cancelled'] : ORDER_FLOW.slice(0, ORDER_FLOW.indexOf(status) + 1);
      await db.insert(orderStatusHistory).values(
        steps.map((step, index) => ({
          orderId: id,
          status: step,
          actor: index === 0 ? ('shopper' as const) : ('seller' as const),
          createdAt: daysFrom(placedAt, 0, index * 75),
        })),
      );
      if (status !== 'cancelled') {
        for (const line of lines) {
          await db
            .update(products)
            .set({ quantity: sql`${products.quantity} - ${line.quantity}`, totalSold: sql`${products.totalSold} + ${line.quantity}` })
            .where(eq(products.id, line.product.id));
        }
      }
      if (status === 'delivered') {
        await creditDeliveredOrder(db, order!, daysFrom(placedAt, 0, (steps.length - 1) * 75));
        credited += order!.sellerNet;
      }
      if (status === 'pending') {
        await notifyShop(
          db,
          {
            shopId: shop.id,
            type: 'new_order',
            eventKey: `order:${id}:new`,
            title: 'New order',
            message: 'Order {{code}} is waiting for you.',
            params: { code: order!.orderCode },
            url: `/shop/orders/${id}`,
          },
          placedAt,
        );
      }
    }
  }
  // One withdrawal paid out already (about a third of what was earned, in whole units), so the earnings page shows the whole cycle.
  const paidOut = Math.floor((credited * 0.3) / 10_000) * 10_000;
  if (paidOut <= 0) return;
  const [withdrawal] = await db
    .insert(withdrawals)
    .values({ shopId: shop.id, amount: paidOut, status: 'approved', name: seller.name, decidedAt: daysFrom(now, -1), createdAt: daysFrom(now, -2), updatedAt: daysFrom(now, -1) })
    .returning({ id: withdrawals.id });
  await recordWithdrawalEvent(db, shop.id, withdrawal!.id, 'withdrawal', paidOut, daysFrom(now, -2));
}
