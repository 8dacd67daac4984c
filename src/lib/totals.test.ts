import { describe, expect, it } from 'vitest';
import { checkoutFigures, type TotalsShop } from './totals';
import type { VoucherTerms } from './voucher';

const now = new Date('2026-06-15T12:00:00Z');
const tenPercent: VoucherTerms = {
  discountType: 'Percentage',
  discountPercent: '10.00',
  discountAmount: null,
  minOrderAmount: 1000,
  maxDiscountAmount: null,
  limitForUser: 1,
  startedAt: new Date('2026-06-01T00:00:00Z'),
  expiredAt: new Date('2026-07-01T00:00:00Z'),
  isActive: true,
};

describe('checkoutFigures', () => {
  it('adds lines, delivery per shop, VAT per line and the shop voucher', () => {
    const shops: TotalsShop[] = [
      {
        shopId: 1,
        deliveryCharge: 499,
        lines: [
          { total: 1999, vatTaxes: [{ name: 'VAT', percentage: '7.50' }] }, // 149.925 → 150
          { total: 1001, vatTaxes: [{ name: 'VAT', percentage: '7.50' }] }, // 75.075 → 75
        ],
        voucher: { code: 'TEN', terms: tenPercent, timesUsed: 0 },
      },
      { shopId: 2, deliveryCharge: 0, lines: [{ total: 250, vatTaxes: [] }] },
    ];
    const figures = checkoutFigures(shops, now);
    expect(figures.shops[0]).toMatchObject({
      totalAmount: 3000,
      deliveryCharge: 499,
      orderTaxAmount: 225,
      couponDiscount: 300,
      couponCode: 'TEN',
      payableAmount: 3000 + 499 + 225 - 300,
    });
    expect(figures.shops[1]).toMatchObject({ totalAmount: 250, deliveryCharge: 0, orderTaxAmount: 0, couponDiscount: 0, couponCode: null, payableAmount: 250 });
    expect(figures).toMatchObject({ totalAmount: 3250, deliveryCharge: 499, couponDiscount: 300, orderTaxAmount: 225, payableAmount: 3674 });
    expect(figures.vatTaxes).toEqual([{ name: 'VAT', percentage: '7.50', amount: 225 }]);
  });

  it('reports a voucher that no longer applies and takes nothing off', () => {
    const figures = checkoutFigures([{ shopId: 1, deliveryCharge: 0, lines: [{ total: 900, vatTaxes: [] }], voucher: { code: 'TEN', terms: tenPercent, timesUsed: 0 } }], now);
    expect(figures.shops[0]).toMatchObject({ couponDiscount: 0, couponCode: null, couponRefusal: 'Spend at least {{amount}} in this shop to use this voucher.' });
    expect(figures.payableAmount).toBe(900);
  });

  it('charges no delivery for a shop with no lines', () => {
    expect(checkoutFigures([{ shopId: 1, deliveryCharge: 499, lines: [] }], now).payableAmount).toBe(0);
  });

  it('sums shops exactly to the cent over many random carts (property)', () => {
    let seed = 42;
    const random = (max: number) => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed % max;
    };
    const rates = ['0.00', '5.00', '7.50', '12.25', '19.99'];
    for (let run = 0; run < 500; run++) {
      const shops: TotalsShop[] = Array.from({ length: 1 + random(4) }, (_, index) => ({
        shopId: index + 1,
        deliveryCharge: random(1000),
        lines: Array.from({ length: 1 + random(5) }, () => ({
          total: 1 + random(50_000),
          vatTaxes: random(2) ? [{ name: 'VAT', percentage: rates[random(rates.length)]! }] : [],
        })),
        voucher: random(2) ? { code: 'V', terms: { ...tenPercent, discountPercent: `${1 + random(99)}.${random(100)}`.replace(/\.(\d)$/, '.0$1') }, timesUsed: 0 } : null,
      }));
      const figures = checkoutFigures(shops, now);
      const payables = figures.shops.map((shop) => shop.payableAmount);
      expect(payables.every((amount) => Number.isSafeInteger(amount) && amount >= 0)).toBe(true);
      expect(payables.reduce((a, b) => a + b, 0)).toBe(figures.payableAmount);
      expect(figures.totalAmount + figures.deliveryCharge + figures.orderTaxAmount - figures.couponDiscount).toBe(figures.payableAmount);
      expect(figures.vatTaxes.reduce((sum, tax) => sum + tax.amount, 0)).toBe(figures.orderTaxAmount);
    }
  });
});
