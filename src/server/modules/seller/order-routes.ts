import { inBackground } from '../../background';
import { Hono, type Context } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../../context';
import { refreshStock } from '../../cache';
import { ApiError, notFound } from '../../http/errors';
import { validBody, validParams, validQuery } from '../../http/validation';
import { recordId } from '@/contracts/numbers';
import { SellerOrderIdQuery, SellerOrderListQuery, SellerStatusUpdatePayload } from '@/contracts/seller-order';
import { ORDER_STATUS_LABELS } from '@/lib/order-status';
import { announceStatusChange } from '../orders/announce';
import { changeOrderStatus, OrderStatusError } from '../orders/lifecycle';
import { requireSeller } from './access';
import { listSellerOrders, sellerOrder } from './orders-service';
import type { SellerDependencies } from './routes';

/**
 * The seller API's order routes (docs/decisions/017-sellers.md "Orders"): the shop's
 * orders with counts by status, one order, and its status changes through the one
 * lifecycle (orders/lifecycle.ts changeOrderStatus, actor `seller`). Every route is the
 * owner's of an active shop and reads only that shop's orders: another shop's order is a
 * 404 and nothing changes.
 */
/** The seller's shop, set by requireSeller on every route here. */
const shopId = (c: Context<AppEnv>) => c.var.shop!.id;

export function sellerOrderRoutes(deps: SellerDependencies) {
  const orderOf = async (c: Context<AppEnv>, orderId: number) => {
    const order = await sellerOrder(c.var.db, shopId(c), orderId);
    if (!order) throw notFound(c.var.t('Order not found.'));
    return order;
  };
  return new Hono<AppEnv>()
    .use('/orders', requireSeller())
    .use('/orders/*', requireSeller())
    .get('/orders', validQuery(SellerOrderListQuery), async (c) => {
      return c.json({ message: '', data: await listSellerOrders(c.var.db, shopId(c), c.req.valid('query')) });
    })
    .get('/orders/details', validQuery(SellerOrderIdQuery), async (c) => {
      return c.json({ message: '', data: { order: await orderOf(c, c.req.valid('query').order_id) } });
    })
    .get('/orders/:id', validParams(z.strictObject({ id: recordId() })), async (c) => {
      return c.json({ message: '', data: { order: await orderOf(c, c.req.valid('param').id) } });
    })
    .post('/orders/status-update', validBody(SellerStatusUpdatePayload), async (c) => {
      const { order_id: orderId, order_status: to, note } = c.req.valid('json');
      const { db, t } = c.var;
      const change = await changeOrderStatus(db, { id: orderId, shopId: shopId(c) }, to, { actor: 'seller', note, now: deps.now() }).catch((error: unknown) => {
        if (!(error instanceof OrderStatusError)) throw error;
        if (error.problem === 'not_found') throw notFound(t('Order not found.'));
        const allowed = error.allowed.map((status) => t(ORDER_STATUS_LABELS[status])).join(', ');
        throw new ApiError(
          409,
          allowed
            ? t('An order that is {{from}} cannot become {{to}}. Allowed next: {{allowed}}.', {
                from: t(ORDER_STATUS_LABELS[error.from!]),
                to: t(ORDER_STATUS_LABELS[to]),
                allowed,
              })
            : t('An order that is {{from}} can no longer change.', { from: t(ORDER_STATUS_LABELS[error.from!]) }),
        );
      });
      if (change.changed && change.to === 'cancelled') refreshStock(db);
      // Committed: the refund, the payment page and the shopper's e-mail follow without holding up the answer.
      inBackground(announceStatusChange({ db, log: c.var.log, delivery: deps.delivery, providers: deps.paymentProviders }, change, { note: note ?? null }));
      const message = change.changed
        ? t('The order is now {{status}}.', { status: t(ORDER_STATUS_LABELS[change.to]) })
        : t('The order was already {{status}}.', { status: t(ORDER_STATUS_LABELS[change.to]) });
      return c.json({ message, data: { order: await orderOf(c, orderId), changed: change.changed } });
    });
}
