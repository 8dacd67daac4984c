/**
 * Which status an order may move to from the one it has, and who may move it (the
 * statuses of docs/product.md §3.5, whose transitions §4 leaves to the project; the
 * actors of docs/decisions/017-sellers.md): forward one step at a time along
 * pending → confirm → processing → pickup → on_the_way → delivered, by the shop (seller)
 * or the operator; cancelled by the shop or the operator until the order leaves the
 * shop (pending, confirm, processing), by the shopper only while the shop has not started
 * on it (pending, confirm), by the system only while it is pending (an online payment
 * never made). Delivered and cancelled are final.
 * One rule for the shopper's cancel, the seller's dashboard, the operator command and the
 * order pages. No server imports: the pages read it too.
 */

/** The way an order goes, in order; `cancelled` leaves it. */
export const ORDER_FLOW = ['pending', 'confirm', 'processing', 'pickup', 'on_the_way', 'delivered'] as const;

export type LifecycleStatus = (typeof ORDER_FLOW)[number] | 'cancelled';

/** Who changes an order's status; written on each history row. */
export const ORDER_ACTORS = ['shopper', 'seller', 'operator', 'system'] as const;
export type OrderActor = (typeof ORDER_ACTORS)[number];

/** Statuses a shopper may still cancel in: the shop has not started on the order. */
export const CANCELLABLE_STATUSES: readonly LifecycleStatus[] = ['pending', 'confirm'];

/** Statuses the shop (and the operator) may still cancel in: the order has not left the shop. */
export const SHOP_CANCELLABLE_STATUSES: readonly LifecycleStatus[] = ['pending', 'confirm', 'processing'];

/** Statuses the system cancels in: an online payment never made (orders/expiry.ts). */
const SYSTEM_CANCELLABLE_STATUSES: readonly LifecycleStatus[] = ['pending'];

const CANCELLABLE_BY: Record<OrderActor, readonly LifecycleStatus[]> = {
  shopper: CANCELLABLE_STATUSES,
  seller: SHOP_CANCELLABLE_STATUSES,
  operator: SHOP_CANCELLABLE_STATUSES,
  system: SYSTEM_CANCELLABLE_STATUSES,
};

/** Who moves an order forward: the shop, and the operator standing in for it. */
const MOVES_FORWARD: readonly OrderActor[] = ['seller', 'operator'];

export const isLifecycleStatus = (value: string): value is LifecycleStatus => value === 'cancelled' || (ORDER_FLOW as readonly string[]).includes(value);

export const isOrderActor = (value: string): value is OrderActor => (ORDER_ACTORS as readonly string[]).includes(value);

/** The statuses `actor` may move an order in `from` to next (none once delivered or cancelled). */
export function nextStatuses(from: LifecycleStatus, actor: OrderActor = 'seller'): LifecycleStatus[] {
  if (from === 'cancelled') return [];
  const forward = MOVES_FORWARD.includes(actor) ? ORDER_FLOW[ORDER_FLOW.indexOf(from) + 1] : undefined;
  return [...(forward ? [forward] : []), ...(CANCELLABLE_BY[actor].includes(from) ? (['cancelled'] as const) : [])];
}

export const canMove = (from: LifecycleStatus, to: LifecycleStatus, actor: OrderActor = 'seller'): boolean => nextStatuses(from, actor).includes(to);

/**
 * Why `actor` cannot move an order in `from` to `to`, in plain English (the operator's
 * message; the API translates its own); null when it can.
 */
export function transitionProblem(from: LifecycleStatus, to: LifecycleStatus, actor: OrderActor = 'seller'): string | null {
  if (canMove(from, to, actor)) return null;
  if (from === to) return `The order is already ${from}.`;
  if (from === 'delivered' || from === 'cancelled') return `The order is ${from}: its status can no longer change.`;
  if (to === 'cancelled') return `An order that is ${from} can no longer be cancelled (only ${CANCELLABLE_BY[actor].join(' or ')}).`;
  const next = nextStatuses(from, actor);
  if (next.length === 0) return `An order that is ${from} cannot become ${to}.`;
  return `An order that is ${from} cannot become ${to}; its next status is ${next.join(' or ')}.`;
}
