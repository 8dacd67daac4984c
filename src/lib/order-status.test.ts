import { describe, expect, it } from 'vitest';
import { ORDER_STATUSES } from '../server/db/schema/commerce';
import { ORDER_STATUS_LABELS, orderStatusKey, orderStatusLabel, orderStatusTone, orderStatusValue } from './order-status';

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

  it('answers each stored status as its label and reads either form back to the key', () => {
    expect(ORDER_STATUSES.map(orderStatusValue)).toEqual(['Pending', 'Confirm', 'Processing', 'Pickup', 'On The Way', 'Delivered', 'Cancelled']);
    for (const key of ORDER_STATUSES) {
      expect(orderStatusKey(key)).toBe(key);
      expect(orderStatusKey(orderStatusValue(key))).toBe(key);
    }
    expect(orderStatusKey(' on the way ')).toBe('on_the_way');
    expect(orderStatusKey('all')).toBeNull();
    expect(orderStatusKey('constructor')).toBeNull();
    expect(orderStatusLabel('On The Way')).toBe('On The Way');
    expect(orderStatusTone('Delivered')).toBe(orderStatusTone('delivered'));
    expect(orderStatusTone('Cancelled')).toContain('red');
  });
});
