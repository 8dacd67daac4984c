import { describe, expect, it } from 'vitest';
import { paymentMethodLabel, paymentMethodValue, paymentStatusKey, paymentStatusLabel, paymentStatusValue } from './order-payment';

describe('order payment labels', () => {
  it('names each payment method and status, and passes anything else through', () => {
    expect(['cash', 'online', 'wallet'].map(paymentMethodLabel)).toEqual(['Cash on Delivery', 'Online Payment', 'Wallet']);
    expect(['pending', 'paid', 'failed', 'refunded'].map(paymentStatusLabel)).toEqual(['Pending', 'Paid', 'Failed', 'Refunded']);
    expect(paymentMethodLabel('toString')).toBe('toString');
    expect(paymentStatusLabel('constructor')).toBe('constructor');
  });

  it('answers cash as "Cash Payment", anything else as "Online Payment", statuses capitalised, and labels either form', () => {
    expect((['cash', 'online', 'wallet'] as const).map(paymentMethodValue)).toEqual(['Cash Payment', 'Online Payment', 'Online Payment']);
    expect((['pending', 'paid', 'failed', 'refunded'] as const).map(paymentStatusValue)).toEqual(['Pending', 'Paid', 'Failed', 'Refunded']);
    expect(paymentMethodLabel('Cash Payment')).toBe('Cash on Delivery');
    expect(paymentMethodLabel('Online Payment')).toBe('Online Payment');
    expect(paymentStatusLabel('Paid')).toBe('Paid');
    expect(paymentStatusKey('Refunded')).toBe('refunded');
    expect(paymentStatusKey('constructor')).toBeNull();
  });
});
