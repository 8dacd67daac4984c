import { describe, expect, it } from 'vitest';
import { paymentMethodLabel, paymentStatusLabel } from './order-payment';

describe('order payment labels', () => {
  it('names each payment method and status, and passes anything else through', () => {
    expect(['cash', 'online', 'wallet'].map(paymentMethodLabel)).toEqual(['Cash on Delivery', 'Online Payment', 'Wallet']);
    expect(['pending', 'paid', 'failed', 'refunded'].map(paymentStatusLabel)).toEqual(['Pending', 'Paid', 'Failed', 'Refunded']);
    expect(paymentMethodLabel('toString')).toBe('toString');
    expect(paymentStatusLabel('constructor')).toBe('constructor');
  });
});
