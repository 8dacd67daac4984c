import { describe, expect, it } from 'vitest';
import { canMove, isLifecycleStatus, isOrderActor, nextStatuses, ORDER_ACTORS, ORDER_FLOW, transitionProblem, type LifecycleStatus, type OrderActor } from './order-lifecycle';

const ALL: LifecycleStatus[] = [...ORDER_FLOW, 'cancelled'];

/** Every move each actor may make, as "from>to". */
const allowedMoves = (actor: OrderActor) => ALL.flatMap((from) => ALL.filter((to) => canMove(from, to, actor)).map((to) => `${from}>${to}`));

describe('the order lifecycle', () => {
  it('lets the shop move forward one step at a time and cancel until the order leaves it', () => {
    expect(nextStatuses('pending', 'seller')).toEqual(['confirm', 'cancelled']);
    expect(nextStatuses('confirm', 'seller')).toEqual(['processing', 'cancelled']);
    expect(nextStatuses('processing', 'seller')).toEqual(['pickup', 'cancelled']);
    expect(nextStatuses('pickup', 'seller')).toEqual(['on_the_way']);
    expect(nextStatuses('on_the_way', 'seller')).toEqual(['delivered']);
    expect(nextStatuses('delivered', 'seller')).toEqual([]);
    expect(nextStatuses('cancelled', 'seller')).toEqual([]);
  });

  it('allows exactly these moves, for every actor and every pair of statuses', () => {
    const shop = [
      'pending>confirm',
      'pending>cancelled',
      'confirm>processing',
      'confirm>cancelled',
      'processing>pickup',
      'processing>cancelled',
      'pickup>on_the_way',
      'on_the_way>delivered',
    ];
    expect(allowedMoves('seller')).toEqual(shop);
    // The operator may do what the shop may.
    expect(allowedMoves('operator')).toEqual(shop);
    // The shopper only cancels, and only before the shop has started (service.ts cancelOrder).
    expect(allowedMoves('shopper')).toEqual(['pending>cancelled', 'confirm>cancelled']);
    // The system only cancels an order never paid (orders/expiry.ts).
    expect(allowedMoves('system')).toEqual(['pending>cancelled']);
    for (const actor of ORDER_ACTORS) {
      for (const from of ALL) for (const to of ALL) expect(transitionProblem(from, to, actor) === null, `${actor}: ${from}>${to}`).toBe(canMove(from, to, actor));
    }
  });

  it('says why a move is refused', () => {
    expect(transitionProblem('pending', 'pending')).toBe('The order is already pending.');
    expect(transitionProblem('delivered', 'cancelled')).toBe('The order is delivered: its status can no longer change.');
    expect(transitionProblem('cancelled', 'confirm')).toBe('The order is cancelled: its status can no longer change.');
    expect(transitionProblem('pickup', 'cancelled')).toBe('An order that is pickup can no longer be cancelled (only pending or confirm or processing).');
    expect(transitionProblem('processing', 'cancelled', 'shopper')).toBe('An order that is processing can no longer be cancelled (only pending or confirm).');
    expect(transitionProblem('pending', 'delivered')).toBe('An order that is pending cannot become delivered; its next status is confirm or cancelled.');
    expect(transitionProblem('pickup', 'processing')).toBe('An order that is pickup cannot become processing; its next status is on_the_way.');
    expect(transitionProblem('pending', 'confirm', 'shopper')).toBe('An order that is pending cannot become confirm; its next status is cancelled.');
    expect(transitionProblem('pickup', 'on_the_way', 'shopper')).toBe('An order that is pickup cannot become on_the_way.');
  });

  it('knows the statuses and the actors', () => {
    expect(ALL.every(isLifecycleStatus)).toBe(true);
    for (const word of ['shipped', '', 'PENDING', 'constructor', '__proto__']) expect(isLifecycleStatus(word), word).toBe(false);
    expect(ORDER_ACTORS.every(isOrderActor)).toBe(true);
    for (const word of ['admin', '', 'Seller', 'toString']) expect(isOrderActor(word), word).toBe(false);
  });
});
