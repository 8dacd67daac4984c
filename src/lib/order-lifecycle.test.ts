import { describe, expect, it } from 'vitest';
import { canMove, isLifecycleStatus, nextStatuses, ORDER_FLOW, transitionProblem, type LifecycleStatus } from './order-lifecycle';

const ALL: LifecycleStatus[] = [...ORDER_FLOW, 'cancelled'];

describe('the order lifecycle', () => {
  it('moves forward one step at a time and cancels only before the shop starts', () => {
    expect(nextStatuses('pending')).toEqual(['confirm', 'cancelled']);
    expect(nextStatuses('confirm')).toEqual(['processing', 'cancelled']);
    expect(nextStatuses('processing')).toEqual(['pickup']);
    expect(nextStatuses('pickup')).toEqual(['on_the_way']);
    expect(nextStatuses('on_the_way')).toEqual(['delivered']);
    expect(nextStatuses('delivered')).toEqual([]);
    expect(nextStatuses('cancelled')).toEqual([]);
  });

  it('allows exactly those moves: no skipping, no going back, nothing after delivered or cancelled', () => {
    const allowed = ALL.flatMap((from) => ALL.filter((to) => canMove(from, to)).map((to) => `${from}>${to}`));
    expect(allowed).toEqual(['pending>confirm', 'pending>cancelled', 'confirm>processing', 'confirm>cancelled', 'processing>pickup', 'pickup>on_the_way', 'on_the_way>delivered']);
    for (const from of ALL) for (const to of ALL) expect(transitionProblem(from, to) === null, `${from}>${to}`).toBe(canMove(from, to));
  });

  it('says why a move is refused', () => {
    expect(transitionProblem('pending', 'pending')).toBe('The order is already pending.');
    expect(transitionProblem('delivered', 'cancelled')).toBe('The order is delivered: its status can no longer change.');
    expect(transitionProblem('cancelled', 'confirm')).toBe('The order is cancelled: its status can no longer change.');
    expect(transitionProblem('processing', 'cancelled')).toBe('An order that is processing can no longer be cancelled (only pending or confirm).');
    expect(transitionProblem('pending', 'delivered')).toBe('An order that is pending cannot become delivered; its next status is confirm or cancelled.');
    expect(transitionProblem('pickup', 'processing')).toBe('An order that is pickup cannot become processing; its next status is on_the_way.');
  });

  it('knows the statuses', () => {
    expect(ALL.every(isLifecycleStatus)).toBe(true);
    for (const word of ['shipped', '', 'PENDING', 'constructor', '__proto__']) expect(isLifecycleStatus(word), word).toBe(false);
  });
});
