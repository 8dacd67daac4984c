import { describe, expect, it } from 'vitest';
import { voucherDiscount, voucherIsCollectable, voucherRefusal, type VoucherTerms } from './voucher';

const now = new Date('2026-06-15T12:00:00Z');
const terms = (overrides: Partial<VoucherTerms> = {}): VoucherTerms => ({
  discountType: 'Percentage',
  discountPercent: '10.00',
  discountAmount: null,
  minOrderAmount: 2000,
  maxDiscountAmount: 500,
  limitForUser: 1,
  startedAt: new Date('2026-06-01T00:00:00Z'),
  expiredAt: new Date('2026-07-01T00:00:00Z'),
  isActive: true,
  ...overrides,
});

describe('voucherRefusal', () => {
  it('accepts a running voucher over its minimum spend, not yet used', () => {
    expect(voucherRefusal(terms(), { subtotal: 2000, timesUsed: 0, now })).toBeNull();
  });

  it('names what is wrong', () => {
    expect(voucherRefusal(terms({ isActive: false }), { subtotal: 5000, timesUsed: 0, now })).toBe('This voucher is not valid.');
    expect(voucherRefusal(terms({ startedAt: new Date('2026-06-16T00:00:00Z') }), { subtotal: 5000, timesUsed: 0, now })).toBe('This voucher is not valid yet.');
    expect(voucherRefusal(terms({ expiredAt: now }), { subtotal: 5000, timesUsed: 0, now })).toBe('This voucher has expired.');
    expect(voucherRefusal(terms(), { subtotal: 1999, timesUsed: 0, now })).toBe('Spend at least {{amount}} in this shop to use this voucher.');
    expect(voucherRefusal(terms(), { subtotal: 5000, timesUsed: 1, now })).toBe('You have already used this voucher.');
    expect(voucherRefusal(terms({ limitForUser: 3 }), { subtotal: 5000, timesUsed: 2, now })).toBeNull();
  });

  it('refuses a voucher whose uses in all are taken, before the shopper’s own uses', () => {
    expect(voucherRefusal(terms({ totalLimit: 3, totalUsed: 3 }), { subtotal: 5000, timesUsed: 0, now })).toBe('This voucher has been used up.');
    expect(voucherRefusal(terms({ totalLimit: 3, totalUsed: 2 }), { subtotal: 5000, timesUsed: 0, now })).toBeNull();
    expect(voucherRefusal(terms({ totalLimit: null, totalUsed: 50 }), { subtotal: 5000, timesUsed: 0, now })).toBeNull();
  });
});

describe('voucherIsCollectable', () => {
  it('offers running vouchers only: not coming, expired, switched-off or used-up ones', () => {
    expect(voucherIsCollectable(terms(), now)).toBe(true);
    expect(voucherIsCollectable(terms({ startedAt: now }), now)).toBe(true);
    expect(voucherIsCollectable(terms({ startedAt: new Date('2026-06-20T00:00:00Z') }), now)).toBe(false);
    expect(voucherIsCollectable(terms({ expiredAt: now }), now)).toBe(false);
    expect(voucherIsCollectable(terms({ isActive: false }), now)).toBe(false);
    expect(voucherIsCollectable(terms({ totalLimit: 1, totalUsed: 1 }), now)).toBe(false);
    expect(voucherIsCollectable(terms({ totalLimit: 2, totalUsed: 1 }), now)).toBe(true);
  });
});

describe('voucherDiscount', () => {
  it('takes a percentage, rounded half up, capped by the maximum', () => {
    expect(voucherDiscount(terms(), 2345)).toBe(235); // 234.5 → 235
    expect(voucherDiscount(terms(), 10_000)).toBe(500); // 1000 capped at 500
    expect(voucherDiscount(terms({ maxDiscountAmount: null }), 10_000)).toBe(1000);
  });

  it('takes a fixed amount, never more than the items cost', () => {
    const amount = terms({ discountType: 'Amount', discountPercent: null, discountAmount: 700, maxDiscountAmount: null });
    expect(voucherDiscount(amount, 5000)).toBe(700);
    expect(voucherDiscount(amount, 300)).toBe(300);
    expect(voucherDiscount(amount, 0)).toBe(0);
  });
});
