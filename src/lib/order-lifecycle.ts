/**
 * Which status an order may move to from the one it has (the statuses of docs/product.md
 * §3.5, whose transitions §4 leaves to the project): forward one step at a time along
 * pending → confirm → processing → pickup → on_the_way → delivered, or cancelled while the
 * shop has not started on it (pending, confirm). Delivered and cancelled are final.
 * One rule for the shopper's cancel, the operator command and the order page.
 */

/** The way an order goes, in order; `cancelled` leaves it. */
export const ORDER_FLOW = ['pending', 'confirm', 'processing', 'pickup', 'on_the_way', 'delivered'] as const;

export type LifecycleStatus = (typeof ORDER_FLOW)[number] | 'cancelled';

/** Statuses a shopper (or the operator) may still cancel in: the shop has not started on the order. */
export const CANCELLABLE_STATUSES: readonly LifecycleStatus[] = ['pending', 'confirm'];

export const isLifecycleStatus = (value: string): value is LifecycleStatus => value === 'cancelled' || (ORDER_FLOW as readonly string[]).includes(value);

/** The statuses an order in `from` may move to next (none once delivered or cancelled). */
export function nextStatuses(from: LifecycleStatus): LifecycleStatus[] {
  if (from === 'cancelled') return [];
  const index = ORDER_FLOW.indexOf(from);
  const forward = ORDER_FLOW[index + 1];
  return [...(forward ? [forward] : []), ...(CANCELLABLE_STATUSES.includes(from) ? (['cancelled'] as const) : [])];
}

export const canMove = (from: LifecycleStatus, to: LifecycleStatus): boolean => nextStatuses(from).includes(to);

/**
 * Why an order in `from` cannot become `to`, in plain English for the operator; null
 * when it can.
 */
export function transitionProblem(from: LifecycleStatus, to: LifecycleStatus): string | null {
  if (canMove(from, to)) return null;
  if (from === to) return `The order is already ${from}.`;
  if (from === 'delivered' || from === 'cancelled') return `The order is ${from}: its status can no longer change.`;
  if (to === 'cancelled') return `An order that is ${from} can no longer be cancelled (only pending or confirm).`;
  const next = nextStatuses(from).join(' or ');
  return `An order that is ${from} cannot become ${to}; its next status is ${next}.`;
}
