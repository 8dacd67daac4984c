import { CATEGORIES, type CategorySlug, type SubCategorySlug } from './taxonomy.ts';

export interface ShopDef {
  name: string;
  slug: string;
  /** Order codes read "#" + prefix + number. */
  prefix: string;
  /**
   * What the shop sells: whole categories or single sub-categories (a toy shop sells
   * children's books, not cookbooks). Each product is sold by one of the shops that sell
   * its sub-category (products.ts).
   */
  sells: readonly (CategorySlug | SubCategorySlug)[];
  /** Minor units. */
  deliveryCharge: number;
  estimatedDeliveryTime: string;
  hue: number;
  shortDescription: string;
  description: string;
  address: string;
  isActive: boolean;
  /** The demo seller signs in as this shop's owner. */
  demoSeller?: boolean;
  /** Name and percent of the VAT the shop charges on its products (lib/totals.ts); none when absent. */
  vat?: { name: string; percentage: string };
}

const about = (name: string, what: string, promise: string) =>
  `<p>${name} has been selling ${what} online since 2016. Every item is checked by our team before it ships, and we answer every message within one working day.</p>` +
  `<p>${promise}</p><ul><li>Free returns within 14 days</li><li>Secure packaging on every order</li><li>Friendly support seven days a week</li></ul>`;

const SHOP_DEFS = [
  {
    name: 'TechNest Electronics', slug: 'technest-electronics', prefix: 'TN', sells: ['electronics'], deliveryCharge: 499,
    estimatedDeliveryTime: '2-4 days', hue: 215, isActive: true, demoSeller: true, vat: { name: 'VAT', percentage: '5.00' }, address: '120 Market Street, San Francisco, CA 94105',
    shortDescription: 'Phones, laptops and audio gear from brands you trust, with a two-year warranty.',
    description: about('TechNest Electronics', 'phones, laptops and audio gear', 'Not sure which laptop fits your work? Ask us: we test what we sell.'),
  },
  {
    name: 'Urban Threads', slug: 'urban-threads', prefix: 'UT', sells: ['fashion', 'sneakers', 'sandals-slippers'], deliveryCharge: 299,
    estimatedDeliveryTime: '3-5 days', hue: 335, isActive: true, vat: { name: 'VAT', percentage: '7.50' }, address: '48 Brick Lane, London E1 6RF',
    shortDescription: 'Everyday fashion for men, women and kids, made from responsibly sourced fabrics.',
    description: about('Urban Threads', 'everyday clothing and accessories', 'We work directly with small ateliers, so prices stay fair for makers and for you.'),
  },
  {
    name: 'Stride Footwear', slug: 'stride-footwear', prefix: 'SF', sells: ['shoes'], deliveryCharge: 0,
    estimatedDeliveryTime: '2-3 days', hue: 22, isActive: true, address: '9 Canal Road, Manchester M1 3LA',
    shortDescription: 'Sneakers, boots and sandals with free delivery on every order.',
    description: about('Stride Footwear', 'shoes for every season', 'Wrong size? Exchanges are free and we send the new pair before you return the old one.'),
  },
  {
    name: 'Casa Living', slug: 'casa-living', prefix: 'CL', sells: ['home-kitchen'], deliveryCharge: 799,
    estimatedDeliveryTime: '4-7 days', hue: 160, isActive: true, address: 'Calle de Serrano 41, 28001 Madrid',
    shortDescription: 'Cookware, furniture and decor for a home that feels like yours.',
    description: about('Casa Living', 'furniture, cookware and home decor', 'Large items are delivered to the room of your choice and we take the packaging away.'),
  },
  {
    name: 'Glow Beauty Co.', slug: 'glow-beauty-co', prefix: 'GB', sells: ['beauty'], deliveryCharge: 199,
    estimatedDeliveryTime: '1-3 days', hue: 295, isActive: true, address: '22 Rue du Faubourg, 75010 Paris',
    shortDescription: 'Cruelty-free skincare, makeup and fragrances.',
    description: about('Glow Beauty Co.', 'skincare and cosmetics', 'All our products are cruelty-free and most are vegan; every listing says which.'),
  },
  {
    name: 'Peak Sports', slug: 'peak-sports', prefix: 'PS', sells: ['sports-outdoors'], deliveryCharge: 399,
    estimatedDeliveryTime: '2-5 days', hue: 95, isActive: true, address: '310 Summit Avenue, Denver, CO 80203',
    shortDescription: 'Gear for the gym, the trail and the pitch.',
    description: about('Peak Sports', 'fitness, cycling and camping equipment', 'Our staff ride, run and climb; ask them anything about the kit.'),
  },
  {
    name: 'Page Turner Books', slug: 'page-turner-books', prefix: 'PT', sells: ['books'], deliveryCharge: 0,
    estimatedDeliveryTime: '2-4 days', hue: 40, isActive: true, address: '5 Charing Cross Road, London WC2H 0EP',
    shortDescription: 'New releases, classics and picture books, delivered free.',
    description: about('Page Turner Books', 'books for every age', 'Every parcel leaves with a hand-picked bookmark and, if you like, a gift note.'),
  },
  {
    name: 'Little Wonders Toys', slug: 'little-wonders-toys', prefix: 'LW', sells: ['toys-games', 'childrens-books'], deliveryCharge: 349,
    estimatedDeliveryTime: '3-5 days', hue: 48, isActive: true, address: '77 Harbour Street, Sydney NSW 2000',
    shortDescription: 'Safe, creative toys and games for curious kids.',
    description: about('Little Wonders Toys', 'toys, games and puzzles', 'Every toy meets EN 71 safety standards and we gift-wrap for free.'),
  },
  {
    name: 'FreshCart Grocery', slug: 'freshcart-grocery', prefix: 'FC', sells: ['groceries'], deliveryCharge: 250,
    estimatedDeliveryTime: 'Same day', hue: 120, isActive: true, address: 'King Fahd Road, Riyadh 12211',
    shortDescription: 'Fresh produce and pantry staples delivered the same day.',
    description: about('FreshCart Grocery', 'fresh food and groceries', 'Order before 2 pm for delivery the same evening.'),
  },
  {
    name: 'Happy Paws Pet Store', slug: 'happy-paws-pet-store', prefix: 'HP', sells: ['pet-supplies'], deliveryCharge: 299,
    estimatedDeliveryTime: '2-3 days', hue: 185, isActive: true, address: '14 Oak Lane, Toronto, ON M5V 2T6',
    shortDescription: 'Food, toys and comfy beds for dogs, cats and fish.',
    description: about('Happy Paws Pet Store', 'pet food and supplies', 'Our team includes a vet nurse who is happy to help you choose the right food.'),
  },
  {
    name: 'Gadget Hub', slug: 'gadget-hub', prefix: 'GH', sells: ['electronics', 'kitchen-appliances'], deliveryCharge: 0,
    estimatedDeliveryTime: '1-2 days', hue: 200, isActive: true, address: 'Sheikh Zayed Road, Dubai',
    shortDescription: 'Smart gadgets and kitchen appliances with next-day delivery.',
    description: about('Gadget Hub', 'gadgets and smart appliances', 'Next-day delivery on every gadget, and a 30-day no-questions return.'),
  },
  {
    name: 'Style Avenue', slug: 'style-avenue', prefix: 'SA', sells: ['womens-clothing', 'bags-wallets', 'watches-jewellery', 'makeup', 'skincare', 'fragrances'], deliveryCharge: 450,
    estimatedDeliveryTime: '3-6 days', hue: 350, isActive: true, address: 'Gulshan Avenue 52, Dhaka 1212',
    shortDescription: 'Curated fashion and beauty picks, updated every week.',
    description: about('Style Avenue', 'fashion and beauty', 'New drops every Friday; follow us to be the first to know.'),
  },
  {
    name: 'Green Basket Organics', slug: 'green-basket-organics', prefix: 'GO', sells: ['groceries'], deliveryCharge: 350,
    estimatedDeliveryTime: '1-2 days', hue: 100, isActive: true, address: 'Valiasr Street 1200, Tehran',
    shortDescription: 'Certified organic groceries from small farms.',
    description: about('Green Basket Organics', 'organic groceries', 'We buy directly from farmers and publish where every product comes from.'),
  },
  {
    name: 'Nova Home & Decor', slug: 'nova-home-decor', prefix: 'NH', sells: ['home-decor', 'bedding-bath'], deliveryCharge: 599,
    estimatedDeliveryTime: '5-8 days', hue: 30, isActive: false, address: '8 Via Roma, 20121 Milan',
    shortDescription: 'Handmade decor pieces. This shop is under review.',
    description: about('Nova Home & Decor', 'handmade decor', 'Our shop is being reviewed by the marketplace team and will open soon.'),
  },
] as const satisfies readonly ShopDef[];

export type ShopSlug = (typeof SHOP_DEFS)[number]['slug'];

/** Every shop with every field (`vat`, `demoSeller` optional), its slug a literal type the translations are checked against. */
export const SHOPS: readonly (ShopDef & { slug: ShopSlug })[] = SHOP_DEFS;

/** The sub-categories a shop sells, in catalogue order. */
export function shopSubCategories(shop: ShopDef): SubCategorySlug[] {
  return CATEGORIES.flatMap((category) => category.subs.filter((sub) => shop.sells.includes(category.slug) || shop.sells.includes(sub.slug)).map((sub) => sub.slug));
}

/** The categories a shop sells in, in the order its `sells` names them. */
export function shopCategories(shop: ShopDef): CategorySlug[] {
  const slugs = shop.sells.map((slug) => CATEGORIES.find((category) => category.slug === slug || category.subs.some((sub) => sub.slug === slug))!.slug);
  return [...new Set(slugs)];
}
