import type { GlyphName } from '../art/glyphs';

export interface PromoDef {
  name: string;
  title: string;
  subtitle: string;
  hue: number;
  glyph: GlyphName;
  /** Where the banner leads; `{category:slug}` is replaced by that category's page. */
  url: string;
}

export const SITE_BANNERS = [
  { name: 'home-summer', title: 'Summer Collection Up to 50% Off', subtitle: 'Fresh styles from independent fashion shops', hue: 335, glyph: 'dress', url: '{category:fashion}' },
  { name: 'home-tech', title: 'New Tech, Better Prices', subtitle: 'Phones, laptops and audio with a two-year warranty', hue: 215, glyph: 'laptop', url: '{category:electronics}' },
  { name: 'home-kitchen', title: 'Cook Like a Pro at Home', subtitle: 'Cookware and appliances from top-rated shops', hue: 160, glyph: 'pot', url: '{category:home-kitchen}' },
  { name: 'home-flash', title: 'Flash Sale Is Live Now', subtitle: 'Big discounts, limited stock, a few days only', hue: 12, glyph: 'bag', url: '/best-deal' },
] as const satisfies readonly PromoDef[];

export const SITE_ADS = [
  { name: 'ad-beauty', title: 'Glow Up for Less', subtitle: 'Cruelty-free beauty from $6', hue: 295, glyph: 'lipstick', url: '{category:beauty}' },
  { name: 'ad-sports', title: 'Gear Up for the Season', subtitle: 'Fitness and outdoor essentials', hue: 95, glyph: 'bike', url: '{category:sports-outdoors}' },
  { name: 'ad-books', title: 'Books for Every Reader', subtitle: 'Free delivery on all books', hue: 40, glyph: 'book', url: '{category:books}' },
] as const satisfies readonly PromoDef[];

export const FLASH_SALES = [
  {
    name: 'Mega Flash Sale', slug: 'mega-flash-sale', hue: 8, subtitle: 'Up to 40% off top products. Ends soon!',
    description: 'Our biggest flash sale of the season: hand-picked products from top-rated shops at their lowest prices, while stock lasts.',
    // Relative to now: it started yesterday and runs for three more days.
    startDays: -1, endDays: 3, products: 16, soldShare: 0.35,
  },
  {
    name: 'Weekend Deals', slug: 'weekend-deals', hue: 265, subtitle: 'Starts soon. Set a reminder!',
    description: 'Weekend Deals bring fresh discounts on home, beauty and outdoor favourites. Add products to your wishlist so you are ready when it starts.',
    startDays: 5, endDays: 8, products: 12, soldShare: 0,
  },
] as const;

/** Voucher templates every active shop gets; `discount` is percent for Percentage, minor units for Amount. */
export const VOUCHER_TEMPLATES = [
  { suffix: 'SAVE10', discountType: 'Percentage', discount: '10', minOrderAmount: 3000, maxDiscountAmount: 2000, startDays: -7, endDays: 30 },
  { suffix: '5OFF', discountType: 'Amount', discount: '500', minOrderAmount: 2500, maxDiscountAmount: null, startDays: -3, endDays: 14 },
  { suffix: 'BIG20', discountType: 'Percentage', discount: '20', minOrderAmount: 10000, maxDiscountAmount: 5000, startDays: -1, endDays: 60 },
] as const;

/** Only the demo seller's shop has one, so the storefront can be checked against it. */
export const EXPIRED_VOUCHER = {
  suffix: 'SPRING15', discountType: 'Percentage', discount: '15', minOrderAmount: 2000, maxDiscountAmount: 3000, startDays: -40, endDays: -2,
} as const;

export const REVIEW_TEXTS: Record<1 | 2 | 3 | 4 | 5, readonly string[]> = {
  5: [
    'Absolutely love it. Exactly as described and arrived two days early.',
    'Excellent quality for the price. I have already ordered a second one.',
    'Five stars. The seller packed it carefully and answered my questions quickly.',
    'Better than I expected, it feels really well made.',
    'Perfect gift, my sister was delighted.',
    'Great value and very fast delivery. Highly recommended!',
  ],
  4: [
    'Very good overall. Delivery took a little longer than estimated.',
    'Good quality, but the colour is slightly darker than in the photos.',
    'Works well and looks nice. Would buy from this shop again.',
    'Solid product for the price, just a small scratch on the box.',
  ],
  3: [
    'It is okay. Does the job but nothing special.',
    'Average quality. Fine for the price, I suppose.',
    'Decent, but the sizing runs a bit small.',
  ],
  2: [
    'Disappointed. It looks cheaper than in the pictures.',
    'Arrived late and the packaging was damaged, product works though.',
  ],
  1: [
    'Stopped working after a week. Returned it for a refund.',
    'Not as described. Support was helpful with the return, at least.',
  ],
};
