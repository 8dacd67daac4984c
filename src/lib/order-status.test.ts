import { describe, expect, it } from 'vitest';
import { ORDER_STATUSES } from '../server/db/schema/commerce';
import { ORDER_STATUS_LABELS, orderStatusLabel, orderStatusTone } from './order-status';

describe('order status labels', () => {
  it('names every status the database knows, in its order', () => {
    expect(Object.keys(ORDER_STATUS_LABELS)).toEqual([...ORDER_STATUSES]);
  });

  it('shows an unknown status as it came and gives every status a badge tone', () => {
    expect(orderStatusLabel('on_the_way')).toBe('On The Way');
    expect(orderStatusLabel('toString')).toBe('toString');
    expect(orderStatusTone('delivered')).toContain('green');
    expect(orderStatusTone('cancelled')).toContain('red');
    expect(orderStatusTone('pickup')).not.toBe(orderStatusTone('pending'));
  });
});
