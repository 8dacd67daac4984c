import { inBackground } from '../../background';
import { setTimeout as sleep } from 'node:timers/promises';
import { Hono, type Context } from 'hono';
import { and, eq } from 'drizzle-orm';
import { OrderIdPayload, OrderStatusFilter, PlaceAgainPayload, PlaceOrderPayload, ProductReviewPayload, type PlacedOrdersDto } from '@/contracts/order';
import type { AppEnv } from '../../context';
import { invalidateReviews, refreshStock } from '../../cache';
import { orders, paymentGateways, users } from '../../db/schema';
import { ApiError, notFound, validationError } from '../../http/errors';
import { summarizeError } from '../../http/log-safe';
import { validBody, validQuery } from '../../http/validation';
import { fromMinor } from '@/lib/money';
import { paginationFields } from '@/lib/pagination';
import { z } from 'zod';
import { requireUser } from '../auth/middleware';
import { loadSiteSettings } from '../master/settings';
import type { PaymentProviders } from '../payments/provider';
import { refundAfterCancel } from '../payments/refunds';
import { openPaymentPage } from '../payments/service';
import { closeStalePaymentPage } from '../payments/stale-pages';
import { applyCheckoutCode } from '../vouchers/service';
import { placeAgain } from './again';
import { placementGate } from './limits';
import { sendOrderConfirmation } from './confirmation';
import { announceNewOrders, mailStatusChange } from './announce';
import { placeOrders, type Placement, type PlacementChoice } from './place';
import type { Delivery } from '../messaging/delivery';
import { cancelOrder, listOrders, orderAgain, orderDetails, reviewProduct, statusWiseOrders } from './service';

/**
 * The order calls (docs/product.md §7.4; contracts/order.ts): placing a checkout, the
 * shopper's orders and what they may do with one. Bearer token required.
 */

const userId = (c: Context<AppEnv>) => c.var.userId!;

/** GET /orders: a page, and one status in either form (`all` or none for every order). */
const OrderListQuery = z.strictObject({ ...paginationFields(), order_status: OrderStatusFilter.optional() });

/**
 * The payment the shopper chose, if the shop offers it: cash on delivery when the site
 * allows it; online payment when the site allows it and the gateway is switched on and
 * configured (a provider registered for it).
 */
async function paymentChoice(c: Context<AppEnv>, requested: string, providers: PaymentProviders): Promise<PlacementChoice> {
  const site = await loadSiteSettings(c.var.db);
  const refuse = (message: string) => validationError({ payment_method: [c.var.t(message)] });
  if (requested === 'cash' || requested === 'cash_on_delivery') {
    if (!site.cash_on_delivery) throw refuse('Cash on delivery is not available.');
    return { method: 'cash', gateway: null };
  }
  if (!site.online_payment) throw refuse('Online payment is not available.');
  const gateways = await c.var.db.select({ name: paymentGateways.name }).from(paymentGateways).where(eq(paymentGateways.isActive, true));
  const usable = gateways.map((gateway) => gateway.name).filter((name) => providers.has(name));
  const gateway = requested === 'online' ? usable[0] : usable.find((name) => name === requested);
  if (!gateway) throw refuse(usable.length ? 'The selected payment method is not available.' : 'Online payment is not available. Please choose cash on delivery.');
  return { method: 'online', gateway };
}

/**
 * The answer to a placement (POST /place-order, POST /place-order/again): the orders, and
 * the payment page of an online payment. A new placement also sends its confirmation.
 */
async function answerPlacement(c: Context<AppEnv>, placement: Placement, providers: PaymentProviders, delivery: Delivery) {
  const { db, t } = c.var;
  if (placement.created) {
    refreshStock(db);
    // Not awaited: the shopper's answer does not wait for the mail server.
    // A failure outside the mail's own send (the database going away) is logged, never an unhandled rejection.
    inBackground(
      sendOrderConfirmation(db, c.var.log, delivery, userId(c), placement, t).catch((error: unknown) =>
        c.var.log.error({ error: summarizeError(error) }, 'order confirmation not sent'),
      ),
    );
    // Each shop hears of its new order (dashboard and e-mail), also without holding up the answer.
    inBackground(announceNewOrders({ db, log: c.var.log, delivery, providers }, placement));
  }
  const paymentUrl = placement.method === 'online' && placement.gateway ? await openPaymentPage(c, providers, placement.paymentId) : null;
  const data: PlacedOrdersDto = {
    payment_id: placement.paymentId,
    orders: placement.orders.map((order) => ({ id: order.id, order_code: order.orderCode, shop_id: order.shopId, payable_amount: fromMinor(order.payableAmount) })),
    payable_amount: fromMinor(placement.amount),
    order_payment_url: paymentUrl,
  };
  const message =
    placement.method === 'online' && !paymentUrl ? 'Your order is placed. The payment page could not be opened: pay from your order page.' : 'Order placed successfully';
  return c.json({ message: t(message), data }, placement.created ? 201 : 200);
}

/** The site may ask for a verified account before the first order (the OTP step of checkout). */
async function requireVerifiedIfAsked(c: Context<AppEnv>): Promise<void> {
  const site = await loadSiteSettings(c.var.db);
  if (!site.order_place_account_verify) return;
  const [user] = await c.var.db
    .select({ phoneVerifiedAt: users.phoneVerifiedAt, emailVerifiedAt: users.emailVerifiedAt })
    .from(users)
    .where(eq(users.id, userId(c)));
  if (!user?.phoneVerifiedAt && !user?.emailVerifiedAt) throw new ApiError(403, c.var.t('Please verify your account before placing an order.'));
}

/** How long a shopper's cancel waits for the payment provider's refund answer. */
const REFUND_WAIT_MS = 3_000;

export const orderRoutes = (providers: PaymentProviders, delivery: Delivery, now: () => Date) =>
  new Hono<AppEnv>()
    .use('/place-order', requireUser())
    .use('/place-order/*', requireUser())
    .use('/orders', requireUser())
    .use('/orders/*', requireUser())
    .use('/order-details', requireUser())
    .use('/order-payment/*', requireUser())
    .use('/product-review', requireUser())
    .post('/place-order', validBody(PlaceOrderPayload), async (c) => {
      const payload = c.req.valid('json');
      const { db, t } = c.var;
      await requireVerifiedIfAsked(c);
      const choice = { ...(await paymentChoice(c, payload.payment_method, providers)), locale: c.var.locale };
      // A typed code goes to the selected shop it belongs to, by the rule of POST /apply-voucher.
      if (payload.coupon_code) await applyCheckoutCode(db, userId(c), payload.coupon_code, { shopIds: payload.shop_ids, buyNow: payload.is_buy_now }, t, now());
      const placement = await placeOrders(db, userId(c), payload, choice, t, now(), await placementGate(c));
      return answerPlacement(c, placement, providers, delivery);
    })
    .get('/orders', validQuery(OrderListQuery), async (c) => {
      const query = c.req.valid('query');
      const page = { page: query.page, per_page: query.per_page };
      const status = query.order_status && query.order_status !== 'all' ? query.order_status : undefined;
      const [list, counts] = await Promise.all([listOrders(c.var.db, userId(c), status, page), statusWiseOrders(c.var.db, userId(c))]);
      return c.json({ message: '', data: { ...list, status_wise_orders: counts } });
    })
    .get('/order-details', validQuery(OrderIdPayload), async (c) => {
      const order = await orderDetails(c.var.db, userId(c), c.req.valid('query').order_id);
      if (!order) throw notFound(c.var.t('Order not found.'));
      return c.json({ message: '', data: { order } });
    })
    .post('/orders/cancel', validBody(OrderIdPayload), async (c) => {
      const orderId = c.req.valid('json').order_id;
      const change = await cancelOrder(c.var.db, userId(c), orderId, c.var.t, now());
      // The shopper's e-mail, in the language they cancelled in; in the background, it never fails the cancel.
      inBackground(mailStatusChange({ db: c.var.db, log: c.var.log, delivery, providers }, change, { t: c.var.t }));
      refreshStock(c.var.db);
      // Committed: the money of an order paid online goes back now; a failure leaves it owed, never fails the cancel.
      // The answer waits for the provider a few seconds at most (its page then shows the refund sent); a slower
      // provider finishes in the background, and the refund row says where it stands.
      const waited = new AbortController();
      const refund = Promise.all([refundAfterCancel(c.var.db, providers, c.var.log, orderId), closeStalePaymentPage(c.var.db, providers, c.var.log, orderId)]).finally(() =>
        waited.abort(),
      );
      inBackground(refund);
      await Promise.race([refund, sleep(REFUND_WAIT_MS, undefined, { signal: waited.signal }).catch(() => undefined)]);
      return c.json({ message: c.var.t('Order cancelled successfully'), data: {} });
    })
    .post('/place-order/again', validBody(PlaceAgainPayload), async (c) => {
      const payload = c.req.valid('json');
      await requireVerifiedIfAsked(c);
      const [order] = await c.var.db
        .select({ method: orders.paymentMethod, gateway: orders.paymentGateway })
        .from(orders)
        .where(and(eq(orders.id, payload.order_id), eq(orders.userId, userId(c))));
      if (!order) throw notFound(c.var.t('Order not found.'));
      // Paid as chosen now, else as the order was.
      const choice = { ...(await paymentChoice(c, payload.payment_method ?? (order.method === 'cash' ? 'cash' : (order.gateway ?? 'online')), providers)), locale: c.var.locale };
      const gate = await placementGate(c);
      const placement = await placeAgain(c.var.db, userId(c), { orderId: payload.order_id, choice, idempotencyKey: payload.idempotency_key, gate }, c.var.t, now());
      return answerPlacement(c, placement, providers, delivery);
    })
    // Our order page's "Order again": the products back in the cart, to review before checking out.
    .post('/orders/to-cart', validBody(OrderIdPayload), async (c) => {
      const { added, skipped } = await orderAgain(c.var.db, userId(c), c.req.valid('json').order_id, c.var.t);
      if (added === 0) throw new ApiError(409, c.var.t('None of these products can be bought any more.'));
      const message = skipped.length ? c.var.t('Added to your cart, except: {{names}}', { names: skipped.join(', ') }) : c.var.t('The products are back in your cart');
      return c.json({ message, data: { added, skipped, order_payment_url: null } });
    })
    .get('/order-payment/:order/:gateway', async (c) => {
      const orderId = Number(c.req.param('order'));
      if (!/^\d{1,9}$/.test(c.req.param('order'))) throw notFound(c.var.t('Order not found.'));
      const [order] = await c.var.db
        .select()
        .from(orders)
        .where(and(eq(orders.id, orderId), eq(orders.userId, userId(c))));
      if (!order) throw notFound(c.var.t('Order not found.'));
      if (order.paymentMethod !== 'online' || order.paymentStatus === 'paid' || order.orderStatus === 'cancelled' || order.paymentId === null) {
        throw new ApiError(409, c.var.t('This order has nothing to pay.'));
      }
      if (!providers.has(c.req.param('gateway'))) throw validationError({ gateway: [c.var.t('The selected payment method is not available.')] });
      const url = await openPaymentPage(c, providers, order.paymentId);
      if (!url) throw new ApiError(503, c.var.t('The payment page could not be opened. Please try again.'));
      return c.json({ message: '', data: { order_payment_url: url } });
    })
    .post('/product-review', validBody(ProductReviewPayload), async (c) => {
      const input = c.req.valid('json');
      await reviewProduct(c.var.db, userId(c), { productId: input.product_id, orderId: input.order_id, rating: input.rating, review: input.review }, c.var.t);
      invalidateReviews(c.var.db);
      return c.json({ message: c.var.t('Thank you for your review'), data: {} }, 201);
    });
