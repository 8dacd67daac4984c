import { postalLines } from '../../lib/postal-address';
import { ORDER_STATUS_LABELS, type OrderStatusKey } from '../../lib/order-status';
import { shownLine } from '../../lib/price';
import { paymentStatusKey } from '../../lib/order-payment';
import { DEFAULT_PER_PAGE, parsePageParam, pastLastPage, withoutPage } from '../../lib/pagination';
import { apiGet, apiPost } from '../pages/page-api';
import { apiCall, refusalMessage, refusedWith } from './api';
import { field, postedForm, sessionToken } from './forms';
import { notFound, page, redirect, type PageOutcome, type PageRequest, type Redirect } from './outcome';
import type { OrderDetailsDto, OrderSummaryDto, StatusWiseOrders } from '../../contracts/order';

/**
 * The order pages (docs/product.md §2.2, §7.4): /order-history with its status tabs, /order-history/{id}
 * with the actions that fit the order, and its printable invoice. The account pages render
 * only for a signed-in user (src/middleware.ts), whose session cookie travels with the
 * reads. Every action is a form posting to the order page itself, so it works without
 * JavaScript: the loader calls the API as the shopper (the same calls, rules and messages
 * as apps) and redirects with the API's message for the next page to show.
 */

const HISTORY = '/order-history';
const orderPath = (id: number | string) => `${HISTORY}/${id}`;

export type OrderTabKey = 'all' | OrderStatusKey;
const TAB_KEYS: OrderTabKey[] = ['all', ...(Object.keys(ORDER_STATUS_LABELS) as OrderStatusKey[])];
const isTabKey = (value: string): value is OrderTabKey => (TAB_KEYS as string[]).includes(value);

export interface OrderTab {
  key: OrderTabKey;
  /** English message key of its label. */
  label: string;
  count: number;
  href: string;
  current: boolean;
}

export interface OrderHistoryData {
  orders: OrderSummaryDto[];
  total: number;
  tabs: OrderTab[];
  status: OrderTabKey;
  page: number;
  perPage: number;
}

interface OrdersPage {
  total: number;
  orders: OrderSummaryDto[];
  status_wise_orders: StatusWiseOrders;
}

/**
 * /order-history?order_status=…&page=…: a page of the shopper's orders of one status (or
 * all) and a tab per status with its count. An unknown status goes to all orders, a page
 * number that is no number to the first page, one past the end to the last.
 */
export async function loadOrderHistoryPage(req: PageRequest): Promise<PageOutcome<OrderHistoryData>> {
  const requested = req.url.searchParams.get('order_status') ?? 'all';
  if (!isTabKey(requested)) return redirect(HISTORY);
  const number = parsePageParam(req.url.searchParams.get('page'));
  if (number === null) return redirect(withoutPage(req.url));
  const filter = requested === 'all' ? '' : `&order_status=${requested}`;
  const list = await apiGet<OrdersPage>(`/orders?page=${number}&per_page=${DEFAULT_PER_PAGE}${filter}`, apiCall(req));
  const past = pastLastPage(req.url, number, list.total, DEFAULT_PER_PAGE);
  if (past) return redirect(past);
  const tabs = TAB_KEYS.map((key) => ({
    key,
    label: key === 'all' ? 'All' : ORDER_STATUS_LABELS[key],
    count: list.status_wise_orders[key],
    href: key === 'all' ? HISTORY : `${HISTORY}?order_status=${key}`,
    current: key === requested,
  }));
  return page({ orders: list.orders, total: list.total, tabs, status: requested, page: number, perPage: DEFAULT_PER_PAGE });
}

/** The delivery address as the order kept it (orders/place.ts addressCopy). */
export interface OrderAddress {
  name: string;
  phone: string;
  lines: string[];
}

/** The address block of an order's kept copy, for the shopper's order page and the shop's (seller-orders.ts); lib/postal-address.ts orders its lines. */
export function addressOf(copy: unknown): OrderAddress | null {
  if (!copy || typeof copy !== 'object') return null;
  const fields = copy as Record<string, unknown>;
  const text = (key: string) => (typeof fields[key] === 'string' ? fields[key].trim() : '');
  return { name: text('name'), phone: text('phone'), lines: postalLines(fields) };
}

export type OrderLine = OrderDetailsDto['products'][number] & {
  /** What one unit cost the shopper, the regular one struck through when higher, and the line's total (lib/price.ts shownLine). */
  unitPrice: number;
  wasPrice: number | null;
  lineTotal: number;
};

function linesOf(order: OrderDetailsDto): OrderLine[] {
  return order.products.map((item) => {
    const shown = shownLine(item, item.order_qty);
    return { ...item, unitPrice: shown.current, wasPrice: shown.was, lineTotal: shown.total };
  });
}

export interface OrderDetailsData {
  order: OrderDetailsDto;
  lines: OrderLine[];
  address: OrderAddress | null;
  /** The products of a delivered order the shopper has not reviewed yet (a form each). */
  reviewable: OrderLine[];
  /** After the payment provider's page (`?payment=success|cancelled`): what happened, translated. */
  paymentNotice: { type: 'success' | 'warning'; message: string } | null;
}

/** The order of the path, or null when the id cannot be one or the order is not this shopper's. */
async function readOrder(req: PageRequest): Promise<OrderDetailsDto | null> {
  const id = req.params.id ?? '';
  if (!/^\d{1,9}$/.test(id)) return null;
  try {
    return (await apiGet<{ order: OrderDetailsDto }>(`/order-details?order_id=${id}`, apiCall(req))).order;
  } catch (error) {
    refusedWith(error, 404, 422);
    return null;
  }
}

function paymentNotice(req: PageRequest, order: OrderDetailsDto): OrderDetailsData['paymentNotice'] {
  const { t } = req.shop;
  const returned = req.url.searchParams.get('payment');
  if (returned === 'success') {
    return {
      type: 'success',
      message:
        paymentStatusKey(order.payment_status) === 'paid'
          ? t('Payment successful. Thank you!')
          : t('Thank you! Your payment is being confirmed; this page shows it as paid once the payment provider confirms it.'),
    };
  }
  if (returned === 'cancelled') return { type: 'warning', message: t('The payment was cancelled. Your order is kept: you can pay with Pay now.') };
  return null;
}

const ACTIONS = ['cancel', 'again', 'pay', 'review'] as const;
type Action = (typeof ACTIONS)[number];
const isAction = (value: string): value is Action => (ACTIONS as readonly string[]).includes(value);

/**
 * A form of the order page: cancel (after the confirmation dialog), order again (to the
 * cart), pay now (to the provider's page) or review a product. Back to the order with the
 * API's message; an order that is not the shopper's is Page Not Found, as it is to read.
 */
async function submitOrderForm(req: PageRequest, order: OrderDetailsDto): Promise<Redirect> {
  const form = await postedForm(req.request);
  const { t } = req.shop;
  const self = orderPath(order.id);
  const action = field(form, 'action');
  const call = { ...apiCall(req), token: sessionToken(req) };
  if (!isAction(action)) return redirect(self, { type: 'error', message: t('The given data was invalid.') });
  try {
    if (action === 'pay') {
      // The gateway is the order's own; the API refuses an order with nothing to pay.
      const { order_payment_url: url } = await apiGet<{ order_payment_url: string }>(`/order-payment/${order.id}/${encodeURIComponent(order.payment_gateway ?? 'none')}`, call);
      return redirect(url);
    }
    if (action === 'review') {
      const body = { order_id: order.id, product_id: field(form, 'product_id'), rating: field(form, 'rating'), review: field(form, 'review') };
      const { message } = await apiPost('/product-review', { ...call, body });
      return redirect(`${self}#reviews`, { type: 'success', message: message || t('Thank you for your review') });
    }
    // Order again here puts the products back in the cart to review (/orders/to-cart); POST /place-order/again places a new order at once.
    const { message } = await apiPost(action === 'cancel' ? '/orders/cancel' : '/orders/to-cart', { ...call, body: { order_id: order.id } });
    if (action === 'again') return redirect('/cart', { type: 'success', message: message || t('The products are back in your cart') });
    return redirect(self, { type: 'success', message: message || t('Order cancelled successfully') });
  } catch (error) {
    return redirect(action === 'review' ? `${self}#reviews` : self, { type: 'error', message: refusalMessage(error, 401, 404, 409, 422, 429, 503) });
  }
}

/** /order-history/{id}: the order, its lines, address and the review forms; a post is one of its actions. */
export async function loadOrderDetailsPage(req: PageRequest): Promise<PageOutcome<OrderDetailsData>> {
  const order = await readOrder(req);
  if (!order) return notFound();
  if (req.request.method === 'POST') return submitOrderForm(req, order);
  const lines = linesOf(order);
  return page({
    order,
    lines,
    address: addressOf(order.address),
    reviewable: order.can_review ? lines.filter((line) => line.id !== null && line.rating === 0) : [],
    paymentNotice: paymentNotice(req, order),
  });
}

export interface OrderInvoiceData {
  order: OrderDetailsDto;
  lines: OrderLine[];
  address: OrderAddress | null;
  customer: { name: string; email: string | null; phone: string | null };
  /** The shop's (site's) name at the head of the invoice. */
  siteName: string;
}

/** /order-history/{id}/invoice: the order as a printable invoice. */
export async function loadOrderInvoicePage(req: PageRequest): Promise<PageOutcome<OrderInvoiceData>> {
  const order = await readOrder(req);
  if (!order) return notFound();
  const user = req.shop.user;
  const code = user?.phone_code ? `+${user.phone_code.replace(/^\+/, '')}` : null;
  const phone = user?.phone ? [code, user.phone].filter(Boolean).join(' ') : null;
  return page({
    order,
    lines: linesOf(order),
    address: addressOf(order.address),
    customer: { name: user?.name ?? '', email: user?.email ?? null, phone },
    siteName: req.shop.master.app_name,
  });
}
