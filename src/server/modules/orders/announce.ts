import { eq, inArray } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Db } from '../../db';
import { orders, shops, users } from '../../db/schema';
import { summarizeError } from '../../http/log-safe';
import { isolate, isolateValues } from '@/lib/bidi';
import type { Translate } from '@/lib/i18n';
import { formatDefaultAmount } from '@/lib/money';
import { orderStatusValue } from '@/lib/order-status';
import { listedCurrencies } from '../master/default-currency';
import type { Delivery } from '../messaging/delivery';
import { translatorFor } from '../messaging/translator';
import type { PaymentProviders } from '../payments/provider';
import { refundAfterCancel } from '../payments/refunds';
import { closeStalePaymentPage } from '../payments/stale-pages';
import { notifyShop } from '../seller/notifications';
import type { StatusChange } from './lifecycle';
import { shippingAddressBlock } from './mail-address';
import type { Placement } from './place';

/**
 * What follows an order's change once it is committed (docs/decisions/017-sellers.md,
 * "Orders"): the refund of a cancelled order paid online goes to its provider, its open
 * payment page is closed, and the shopper is told by e-mail; a new order is announced to
 * its shop on the dashboard and to the shop's owner by e-mail. Nothing here fails the
 * change: each failure is logged.
 *
 * Languages: the shopper reads a change they made themselves (their cancel) in the
 * language of their request, and a change made by the shop, the operator or the system in
 * the language they ordered in (`orders.locale`; the site's default for orders placed
 * before it was kept). The shop's owner reads theirs in the shop's `locale`.
 */

export interface AnnounceDependencies {
  db: Db;
  log: Logger;
  delivery: Delivery;
  providers: PaymentProviders;
}

/** Sends one e-mail; a failure has been logged by delivery.send, and the change stands. */
async function mail(deps: AnnounceDependencies, to: string, subject: string, text: string): Promise<boolean> {
  if (!deps.delivery.available('email')) return false;
  try {
    await deps.delivery.send({ channel: 'email', to, subject, text }, { db: deps.db, log: deps.log });
    return true;
  } catch {
    return false;
  }
}

/** The shopper's e-mail of a change of their order's status, in `t` or else the order's language. */
async function mailShopper(deps: AnnounceDependencies, change: StatusChange, note: string | null, requestT: Translate | undefined): Promise<void> {
  const [row] = await deps.db
    .select({ name: users.name, email: users.email, shopName: shops.name, locale: orders.locale })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .innerJoin(shops, eq(shops.id, orders.shopId))
    .where(eq(orders.id, change.orderId));
  if (!row?.email) return;
  const t = requestT ?? (await translatorFor(deps.db, row.locale ?? undefined));
  const status = t(orderStatusValue(change.to));
  const text = [
    t('Hello {{name}},', isolateValues({ name: row.name })),
    '',
    t('Your order {{code}} from {{shop}} is now: {{status}}.', isolateValues({ code: change.orderCode, shop: row.shopName, status })),
    ...(note ? ['', isolate(note)] : []),
    '',
    t('You can follow it on your order page: {{path}}', isolateValues({ path: `/order-history/${change.orderId}` })),
  ].join('\n');
  await mail(deps, row.email, t('Your order {{code}}: {{status}}', isolateValues({ code: change.orderCode, status })), text);
}

/**
 * The shopper's e-mail of a committed status change: in `t` when the shopper made the
 * change, else in the language of the order. A change that wrote nothing (`changed: false`)
 * sends nothing, so a repeated change is one e-mail. Never throws.
 */
export async function mailStatusChange(deps: AnnounceDependencies, change: StatusChange, options: { note?: string | null; t?: Translate } = {}): Promise<void> {
  if (!change.changed) return;
  try {
    await mailShopper(deps, change, options.note ?? null, change.actor === 'shopper' ? options.t : undefined);
  } catch (error) {
    deps.log.error({ error: summarizeError(error), orderId: change.orderId }, 'order status e-mail not sent');
  }
}

/**
 * After a committed status change: the refund and the stale payment page of a cancel, then
 * the shopper's e-mail. Never throws.
 */
export async function announceStatusChange(deps: AnnounceDependencies, change: StatusChange, options: { note?: string | null; t?: Translate } = {}): Promise<void> {
  if (!change.changed) return;
  try {
    if (change.refundId !== null) await refundAfterCancel(deps.db, deps.providers, deps.log, change.orderId);
    if (change.to === 'cancelled') await closeStalePaymentPage(deps.db, deps.providers, deps.log, change.orderId);
  } catch (error) {
    deps.log.error({ error: summarizeError(error), orderId: change.orderId }, 'order cancel not settled with the payment provider');
  }
  await mailStatusChange(deps, change, options);
}

/**
 * A new placement's orders, each to its shop: a dashboard notification (once per order,
 * `order:<id>:new`) and an e-mail to the shop's owner in the shop's language. Never throws.
 */
export async function announceNewOrders(deps: AnnounceDependencies, placement: Placement): Promise<void> {
  try {
    const ids = placement.orders.map((order) => order.shopId);
    if (ids.length === 0) return;
    const owners = await deps.db
      .select({ id: shops.id, name: shops.name, locale: shops.locale, shopEmail: shops.email, ownerEmail: users.email, ownerName: users.name })
      .from(shops)
      .innerJoin(users, eq(users.id, shops.userId))
      .where(inArray(shops.id, ids));
    const currencies = await listedCurrencies(deps.db);
    for (const order of placement.orders) {
      const amount = formatDefaultAmount(order.payableAmount, currencies);
      const fresh = await notifyShop(deps.db, {
        shopId: order.shopId,
        type: 'new_order',
        eventKey: `order:${order.id}:new`,
        title: 'New order',
        message: 'New order {{code}} of {{amount}}.',
        params: { code: order.orderCode, amount },
        url: `/shop/orders/${order.id}`,
      });
      const owner = owners.find((shop) => shop.id === order.shopId);
      const to = owner?.ownerEmail ?? owner?.shopEmail;
      if (!fresh || !owner || !to) continue;
      const t = await translatorFor(deps.db, owner.locale);
      const text = [
        t('Hello {{name}},', isolateValues({ name: owner.ownerName })),
        '',
        t('{{shop}} has a new order: {{code}} of {{amount}}.', isolateValues({ shop: owner.name, code: order.orderCode, amount })),
        ...(await shippingAddressBlock(deps.db, order.id, t)),
        '',
        t('Confirm it from your dashboard: {{path}}', isolateValues({ path: `/shop/orders/${order.id}` })),
      ].join('\n');
      await mail(deps, to, t('New order {{code}}', isolateValues({ code: order.orderCode })), text);
    }
  } catch (error) {
    deps.log.error({ error: summarizeError(error) }, 'new orders not announced to their shops');
  }
}
