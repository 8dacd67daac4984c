import { describe, expect, it } from 'vitest';
import type { CartGroupDto } from '../contracts/cart';
import { allocationLeft, cartAmount, choicePrice, discountPercentage, lowestChoicePrice, priceProduct, saleIsRunning, shownLine, shownPrice, type FlashOffer } from './price';

const NOW = new Date('2030-06-15T12:00:00Z');
const HOUR = 3_600_000;
const at = (hours: number) => new Date(NOW.getTime() + hours * HOUR);

/** A sale that started an hour ago and ends in a day, with allocation left. */
const offer = (overrides: Partial<FlashOffer & { id: number }> = {}): FlashOffer & { id: number } => ({
  id: 1,
  price: 999,
  quantity: 10,
  sold: 4,
  startDate: at(-1),
  endDate: at(24),
  isActive: true,
  ...overrides,
});

describe('priceProduct: the unit price (spec §4 Price)', () => {
  it('is the price when there is no discount', () => {
    expect(priceProduct({ price: 2999, discountPrice: 0 })).toMatchObject({
      unit: 2999,
      regular: 2999,
      discountPrice: 0,
      discountPercentage: 0,
      source: 'price',
      offer: null,
      quantity: 1,
      total: 2999,
    });
  });

  it('is the discount price when above 0', () => {
    expect(priceProduct({ price: 19_999, discountPrice: 14_999 })).toMatchObject({
      unit: 14_999,
      regular: 19_999,
      discountPrice: 14_999,
      discountPercentage: 25,
      source: 'discount',
    });
  });

  it('keeps a discount price above the price, as the spec says, without calling it a saving', () => {
    expect(priceProduct({ price: 1000, discountPrice: 1200 })).toMatchObject({ unit: 1200, regular: 1000, discountPrice: 1200, discountPercentage: 0, source: 'discount' });
  });

  it('is a running flash sale’s offer while its allocation lasts', () => {
    const sale = offer({ price: 6999 });
    expect(priceProduct({ price: 8999, discountPrice: 0 }, { offers: [sale], now: NOW })).toMatchObject({
      unit: 6999,
      regular: 8999,
      discountPrice: 6999,
      discountPercentage: 22,
      source: 'flash_sale',
      offer: sale,
    });
    // Over a discount price too.
    expect(priceProduct({ price: 8999, discountPrice: 7999 }, { offers: [sale], now: NOW })).toMatchObject({ unit: 6999, source: 'flash_sale' });
  });

  it('ignores an offer whose allocation is sold out: back to the product’s own price, no sale shown', () => {
    const soldOut = offer({ price: 1999, quantity: 5, sold: 5 });
    expect(priceProduct({ price: 2999, discountPrice: 0 }, { offers: [soldOut], now: NOW })).toMatchObject({
      unit: 2999,
      discountPrice: 0,
      discountPercentage: 0,
      source: 'price',
      offer: null,
    });
    expect(priceProduct({ price: 2999, discountPrice: 2499 }, { offers: [soldOut], now: NOW })).toMatchObject({ unit: 2499, source: 'discount', offer: null });
  });

  it('ignores offers of sales that have not started, have ended or are switched off', () => {
    const product = { price: 2999, discountPrice: 0 };
    for (const sale of [offer({ startDate: at(1) }), offer({ endDate: at(-0.5) }), offer({ endDate: NOW }), offer({ isActive: false })]) {
      expect(priceProduct(product, { offers: [sale], now: NOW })).toMatchObject({ unit: 2999, source: 'price', offer: null });
    }
    // The start is included, the end is not.
    expect(priceProduct(product, { offers: [offer({ startDate: NOW })], now: NOW }).source).toBe('flash_sale');
  });

  it('never lets a sale raise the price: an offer at or above the discount price does not win (nor use allocation)', () => {
    const product = { price: 2999, discountPrice: 1999 };
    expect(priceProduct(product, { offers: [offer({ price: 2499 })], now: NOW })).toMatchObject({ unit: 1999, source: 'discount', offer: null });
    expect(priceProduct(product, { offers: [offer({ price: 1999 })], now: NOW })).toMatchObject({ unit: 1999, source: 'discount', offer: null });
    expect(priceProduct({ price: 2999, discountPrice: 0 }, { offers: [offer({ price: 3499 })], now: NOW })).toMatchObject({ unit: 2999, source: 'price', offer: null });
  });

  it('takes the lowest running offer when the product is in two sales', () => {
    const cheap = offer({ id: 2, price: 799 });
    const ended = offer({ id: 3, price: 499, endDate: at(-1) });
    expect(priceProduct({ price: 2999, discountPrice: 0 }, { offers: [offer({ id: 1, price: 999 }), cheap, ended], now: NOW }).offer).toBe(cheap);
  });

  it('adds the chosen size and colour surcharges to the price paid and to the regular price', () => {
    expect(priceProduct({ price: 2999, discountPrice: 0 }, { sizeSurcharge: 200, colorSurcharge: 150 })).toMatchObject({
      unit: 3349,
      regular: 3349,
      discountPrice: 0,
      discountPercentage: 0,
      source: 'price',
    });
    expect(priceProduct({ price: 19_999, discountPrice: 14_999 }, { colorSurcharge: 500 })).toMatchObject({
      unit: 15_499,
      regular: 20_499,
      discountPrice: 15_499,
      discountPercentage: 24,
    });
    expect(priceProduct({ price: 8999, discountPrice: 0 }, { offers: [offer({ price: 6999 })], sizeSurcharge: 300, now: NOW })).toMatchObject({
      unit: 7299,
      regular: 9299,
      source: 'flash_sale',
    });
  });
});

describe('priceProduct: the line total', () => {
  it('is the unit price times the quantity, in whole minor units', () => {
    expect(priceProduct({ price: 1999, discountPrice: 1499 }, { quantity: 3 })).toMatchObject({ unit: 1499, quantity: 3, total: 4497 });
    expect(priceProduct({ price: 2999, discountPrice: 0 }, { quantity: 2, sizeSurcharge: 200 }).total).toBe(6398);
  });

  it('prices the line at the offer only when the allocation left covers all of it, never splitting it', () => {
    const sale = offer({ price: 999, quantity: 10, sold: 7 });
    expect(priceProduct({ price: 1999, discountPrice: 0 }, { offers: [sale], quantity: 3, now: NOW })).toMatchObject({ unit: 999, total: 2997, source: 'flash_sale' });
    expect(priceProduct({ price: 1999, discountPrice: 0 }, { offers: [sale], quantity: 4, now: NOW })).toMatchObject({ unit: 1999, total: 7996, source: 'price' });
  });

  it('refuses a line without a whole positive quantity', () => {
    for (const quantity of [0, -1, 1.5, Number.NaN]) expect(() => priceProduct({ price: 100, discountPrice: 0 }, { quantity })).toThrow(RangeError);
  });
});

describe('discountPercentage', () => {
  it('is the whole percent taken off, rounded half up, 0 without a saving', () => {
    expect(discountPercentage(19_999, 14_999)).toBe(25);
    expect(discountPercentage(8999, 6999)).toBe(22);
    expect(discountPercentage(200, 199)).toBe(1); // 0.5 % rounds up
    expect(discountPercentage(200, 1)).toBe(100); // 99.5 % rounds up
    expect(discountPercentage(300, 200)).toBe(33);
    expect(discountPercentage(1000, 0)).toBe(0);
    expect(discountPercentage(1000, 1000)).toBe(0);
    expect(discountPercentage(1000, 1200)).toBe(0);
    expect(discountPercentage(0, 0)).toBe(0);
  });

  it('agrees with round(100 * saving / price) for every saving on a few prices', () => {
    for (const regular of [1, 3, 7, 199, 2999, 12_345]) {
      for (let paid = 1; paid < regular; paid += Math.max(1, Math.floor(regular / 97))) {
        expect(discountPercentage(regular, paid), `${paid} of ${regular}`).toBe(Math.round((100 * (regular - paid)) / regular));
      }
    }
  });
});

describe('saleIsRunning and allocationLeft', () => {
  it('a sale runs while switched on, from its start up to (not including) its end', () => {
    expect(saleIsRunning(offer(), NOW)).toBe(true);
    expect(saleIsRunning(offer({ isActive: false }), NOW)).toBe(false);
    expect(saleIsRunning(offer({ startDate: at(1) }), NOW)).toBe(false);
    expect(saleIsRunning(offer({ endDate: NOW }), NOW)).toBe(false);
  });

  it('counts the units still offered, never below 0', () => {
    expect(allocationLeft({ quantity: 10, sold: 4 })).toBe(6);
    expect(allocationLeft({ quantity: 5, sold: 7 })).toBe(0);
  });
});

describe('shownPrice: a priced card as pages show it', () => {
  it('shows the discount price with the regular price struck through and the percentage', () => {
    expect(shownPrice({ price: 199.99, discount_price: 149.99 })).toEqual({ current: 149.99, was: 199.99, percentage: 25 });
  });

  it('shows the price alone without a discount, or with a discount price that is no saving', () => {
    expect(shownPrice({ price: 29.99, discount_price: 0 })).toEqual({ current: 29.99, was: null, percentage: 0 });
    expect(shownPrice({ price: 10, discount_price: 12 })).toEqual({ current: 12, was: null, percentage: 0 });
  });
});

describe('shownLine: a line as pages, islands and stores show it', () => {
  it('totals the line in cents, where the decimals multiplied would drift', () => {
    // 19.99 × 3 in floats is 59.97000000000001; 0.1 × 3 is 0.30000000000000004.
    expect(shownLine({ price: 19.99, discount_price: 0 }, 3)).toEqual({ current: 19.99, was: null, percentage: 0, total: 59.97 });
    expect(shownLine({ price: 0.2, discount_price: 0.1 }, 3)).toEqual({ current: 0.1, was: 0.2, percentage: 50, total: 0.3 });
  });

  it('prices the unit by the same rule as shownPrice: the discount price when above 0', () => {
    expect(shownLine({ price: 199.99, discount_price: 149.99 }, 2)).toEqual({ ...shownPrice({ price: 199.99, discount_price: 149.99 }), total: 299.98 });
    expect(shownLine({ price: 10, discount_price: 12 }, 2)).toMatchObject({ current: 12, was: null, total: 24 });
  });

  it('refuses a quantity that is not a whole number of units', () => {
    expect(() => shownLine({ price: 1, discount_price: 0 }, 1.5)).toThrow(RangeError);
  });
});

describe('saving: what a line saves on its regular price', () => {
  it('is (regular − unit) × quantity, and 0 when a discount price is no saving', () => {
    expect(priceProduct({ price: 1000, discountPrice: 800 }, { quantity: 3 }).saving).toBe(600);
    expect(priceProduct({ price: 1000, discountPrice: 1200 }, { quantity: 3 }).saving).toBe(0);
    expect(priceProduct({ price: 1000, discountPrice: 0 }, { quantity: 3 }).saving).toBe(0);
  });
});

describe('cartAmount (product.md §4.3)', () => {
  const line = (price: number, discount_price: number, quantity: number) => ({ price, discount_price, quantity });
  const group = (products: ReturnType<typeof line>[]) => ({ shop_id: 1, shop_name: '', shop_logo: '', shop_rating: 0, products }) as unknown as CartGroupDto;

  it('sums price times quantity, the discount price when above 0, to the cent', () => {
    expect(cartAmount([group([line(10, 7.5, 3), line(0.1, 0, 3)]), group([line(0.2, 0, 1)])])).toBe(23);
    expect(cartAmount([])).toBe(0);
  });
});

describe('choicePrice: the price shown before adding is the cart line’s (product.md §4.3)', () => {
  const card = {
    price: 59.99,
    discount_price: 56.99,
    sizes: [
      { id: 1, price: 0 },
      { id: 2, price: 2.5 },
    ],
    colors: [
      { id: 7, price: 5 },
      { id: 8, price: 0 },
    ],
  };

  it('adds the chosen size and colour to the unit and the regular price, as priceProduct prices the line', () => {
    expect(choicePrice(card, { size: 2, color: 7 })).toEqual({ current: 64.49, was: 67.49, percentage: 4 });
    const line = priceProduct({ price: 5999, discountPrice: 5699 }, { sizeSurcharge: 250, colorSurcharge: 500 });
    expect(choicePrice(card, { size: 2, color: 7 }).current * 100).toBeCloseTo(line.unit);
    // Nothing chosen (or an id it does not offer) adds nothing.
    expect(choicePrice(card, {})).toEqual(shownPrice(card));
    expect(choicePrice(card, { size: 99 })).toEqual(shownPrice(card));
  });

  it('lowestChoicePrice: the cheapest choice, and whether the choice changes the price', () => {
    expect(lowestChoicePrice(card)).toEqual({ shown: { current: 56.99, was: 59.99, percentage: 5 }, varies: true });
    // One colour only: the cart takes it, surcharge and all, so the card shows it.
    expect(lowestChoicePrice({ price: 10, discount_price: 0, sizes: [], colors: [{ id: 1, price: 1.5 }] })).toEqual({
      shown: { current: 11.5, was: null, percentage: 0 },
      varies: false,
    });
    expect(lowestChoicePrice({ price: 10, discount_price: 0, sizes: [], colors: [] }).varies).toBe(false);
  });
});

describe('productUnits: a product on several cart lines takes a sale offer only while it covers them all', () => {
  const now = new Date('2026-06-01T12:00:00Z');
  const offer = { price: 500, quantity: 5, sold: 1, startDate: new Date('2026-05-01'), endDate: new Date('2026-07-01'), isActive: true };

  it('prices each line at the offer while the allocation covers the product’s units, at the regular price beyond', () => {
    expect(priceProduct({ price: 1000, discountPrice: 0 }, { offers: [offer], quantity: 2, productUnits: 4, now }).unit).toBe(500);
    expect(priceProduct({ price: 1000, discountPrice: 0 }, { offers: [offer], quantity: 2, productUnits: 5, now }).unit).toBe(1000);
    // Never less than the line itself.
    expect(priceProduct({ price: 1000, discountPrice: 0 }, { offers: [offer], quantity: 5, productUnits: 1, now }).unit).toBe(1000);
  });
});
