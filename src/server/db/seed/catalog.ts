import { Faker, en } from '@faker-js/faker';
import { and, asc, eq, gt } from 'drizzle-orm';
import type { Db } from '../client';
import { brands, colors, favorites, products, shops, sizes, units, users, walletTransactions } from '../schema/index.ts';
import { DEMO_CUSTOMER, DEMO_SELLER, EDITOR, demoShoppers, shopOwners, type PersonDef } from './data/people.ts';
import { SHOPS } from './data/shops.ts';
import { SHOP_ABOUT, SHOP_TEXT } from './data/i18n/shops.ts';
import { BRAND_NAMES, CATEGORY_NAMES, COLOR_NAMES, SUB_CATEGORY_NAMES, UNIT_NAMES } from './data/i18n/taxonomy.ts';
import { localized, localizedCategory, localizedName } from './localized.ts';
import { CATEGORIES, COLORS, SIZES, UNITS } from './data/taxonomy.ts';
import { createAddress, createCategory, createShop, createSubCategory, createUser, type User } from './factories.ts';
import { genericAvatarUrl, uploadUrl } from './images.ts';
import { imageNames } from './image-set.ts';
import { seedContent } from './content.ts';
import { addProducts, loadCatalogContext, refreshRatings } from './products.ts';
import { seedPromotions } from './promotions.ts';
import { seedSellerOrders } from './seller-orders.ts';
import { daysFrom } from './util.ts';

export interface CatalogOptions {
  /** Number of products; 600 unless told otherwise. */
  products?: number;
  /** Reference time for everything relative to now (flash sales, vouchers, ages). */
  now?: Date;
  onProgress?: (done: number) => void;
}

export const DEFAULT_PRODUCTS = 600;

function personRow(person: PersonDef, profilePhoto: string | null, now: Date) {
  return {
    name: person.name,
    email: person.email,
    phoneCode: person.phoneCode,
    phone: person.phone,
    country: person.country,
    gender: person.gender,
    dateOfBirth: person.dateOfBirth,
    profilePhoto,
    emailVerifiedAt: now,
    phoneVerifiedAt: now,
  };
}

async function seedPeople(db: Db, now: Date) {
  const customer = await createUser(db, personRow(DEMO_CUSTOMER, uploadUrl('avatars', imageNames.demoUser('customer')), now));
  const seller = await createUser(db, personRow(DEMO_SELLER, uploadUrl('avatars', imageNames.demoUser('seller')), now));
  const editor = await createUser(db, personRow(EDITOR, uploadUrl('avatars', imageNames.demoUser('editor')), now));
  // Every fourth shopper never set a photo, as in a real shop.
  for (const [index, shopper] of demoShoppers().entries()) {
    await createUser(db, personRow(shopper, index % 4 === 3 ? null : genericAvatarUrl(index), now));
  }
  return { customer, seller, editor };
}

async function seedShops(db: Db, seller: User, now: Date) {
  const owners = shopOwners();
  for (const [index, def] of SHOPS.entries()) {
    const owner = owners[index];
    const userId = owner ? (await createUser(db, personRow(owner, genericAvatarUrl(index + 3), now))).id : seller.id;
    await createShop(db, {
      userId,
      name: def.name,
      slug: def.slug,
      logo: uploadUrl('shops', def.slug),
      banner: uploadUrl('banners', imageNames.shopBanner(def.slug, 1)),
      shortDescription: def.shortDescription,
      description: def.description,
      address: def.address,
      estimatedDeliveryTime: def.estimatedDeliveryTime,
      translations: localized((locale) => {
        const text = SHOP_TEXT[def.slug][locale];
        return {
          name: text.name,
          short_description: text.shortDescription,
          // The delivery time ("2-4 days") is written in the page's language by lib/delivery-time.ts.
          description: SHOP_ABOUT[locale](text.name, text.what, text.promise),
        };
      }),
      deliveryCharge: def.deliveryCharge,
      orderPrefix: def.prefix,
      status: def.isActive ? 'active' : 'pending',
      createdAt: daysFrom(now, -400 + index * 20),
    });
  }
}

/** Sizes are written the same in every language (XS…XXL, 38…45), so they have no translations. */
async function seedTaxonomy(db: Db) {
  await db.insert(sizes).values(SIZES.map((name) => ({ name })));
  await db.insert(colors).values(COLORS.map((c) => ({ name: c.name, colorCode: c.code, translations: localizedName(COLOR_NAMES[c.name]) })));
  await db.insert(units).values(UNITS.map((name) => ({ name, translations: localizedName(UNIT_NAMES[name]) })));
  for (const [index, def] of CATEGORIES.entries()) {
    const category = await createCategory(db, {
      name: def.name,
      slug: def.slug,
      thumbnail: uploadUrl('categories', imageNames.category(def.slug)),
      sortOrder: index + 1,
      translations: localizedCategory(CATEGORY_NAMES[def.slug]),
    });
    for (const [subIndex, sub] of def.subs.entries()) {
      await createSubCategory(db, {
        categoryId: category.id,
        name: sub.name,
        slug: sub.slug,
        thumbnail: uploadUrl('categories', imageNames.subCategory(sub.slug)),
        sortOrder: subIndex + 1,
        translations: localizedCategory(SUB_CATEGORY_NAMES[sub.slug]),
      });
    }
    await db.insert(brands).values(def.brands.map((name) => ({ name, logo: uploadUrl('brands', imageNames.brand(name)), translations: localizedName(BRAND_NAMES[name]) })));
  }
}

/** The demo customer's wallet, oldest first; purposes are English message keys. */
const DEMO_WALLET: readonly { type: 'credit' | 'debit'; amount: number; purpose: string; reference: string | null; daysAgo: number }[] = [
  { type: 'credit', amount: 15_000, purpose: 'Welcome bonus', reference: 'WELCOME', daysAgo: 60 },
  { type: 'credit', amount: 10_000, purpose: 'Wallet recharge', reference: 'RCH-10421', daysAgo: 41 },
  { type: 'debit', amount: 4_550, purpose: 'Gift card purchase', reference: 'GC-7781', daysAgo: 27 },
  { type: 'credit', amount: 2_050, purpose: 'Cashback reward', reference: 'CB-3306', daysAgo: 12 },
  { type: 'debit', amount: 2_500, purpose: 'Withdrawal to bank account', reference: 'WD-5120', daysAgo: 6 },
  { type: 'credit', amount: 5_000, purpose: 'Wallet recharge', reference: 'RCH-10988', daysAgo: 2 },
];

/** The demo customer's addresses, wallet and wishlist, so account pages are not empty. */
async function seedCustomerExtras(db: Db, customer: User, now: Date) {
  await createAddress(db, {
    userId: customer.id,
    name: customer.name,
    phone: DEMO_CUSTOMER.phone,
    area: 'SoMa',
    flatNo: 'Apt 4B',
    addressType: 'home',
    addressLine: '1600 Mission Street',
    postCode: '94103',
    city: 'San Francisco',
    state: 'California',
    country: 'United States',
    isDefault: true,
    latitude: '37.7706',
    longitude: '-122.4186',
  });
  await createAddress(db, {
    userId: customer.id,
    name: customer.name,
    phone: DEMO_CUSTOMER.phone,
    area: 'Financial District',
    flatNo: 'Floor 12',
    addressType: 'office',
    addressLine: '101 California Street',
    postCode: '94111',
    city: 'San Francisco',
    state: 'California',
    country: 'United States',
    latitude: '37.7929',
    longitude: '-122.3985',
  });
  // The wallet's statement: the balance is what its transactions add up to, and each row's
  // balance_after is the running total (minor units).
  let balance = 0;
  const statement = DEMO_WALLET.map(({ daysAgo, ...entry }) => {
    balance += entry.type === 'credit' ? entry.amount : -entry.amount;
    return { userId: customer.id, ...entry, balanceAfter: balance, createdAt: daysFrom(now, -daysAgo) };
  });
  await db.update(users).set({ walletBalance: balance }).where(eq(users.id, customer.id));
  await db.insert(walletTransactions).values(statement);
  const picks = await db
    .select({ id: products.id })
    .from(products)
    .innerJoin(shops, eq(shops.id, products.shopId))
    .where(and(eq(shops.isActive, true), gt(products.quantity, 0)))
    .orderBy(asc(products.id))
    .limit(60);
  const faker = new Faker({ locale: [en], seed: 99 });
  const wishlist = faker.helpers.arrayElements(picks, Math.min(6, picks.length));
  if (wishlist.length) await db.insert(favorites).values(wishlist.map((p, k) => ({ userId: customer.id, productId: p.id, createdAt: daysFrom(now, -k - 1) })));
}

/**
 * Users, shops, the category tree, products with reviews, promotions, blog and legal
 * pages. Expects an empty catalogue; use `topUpProducts` to grow an existing one.
 */
export async function seedCatalog(db: Db, options: CatalogOptions = {}): Promise<void> {
  const now = options.now ?? new Date();
  const total = options.products ?? DEFAULT_PRODUCTS;
  const { customer, seller, editor } = await seedPeople(db, now);
  await seedShops(db, seller, now);
  await seedTaxonomy(db);
  const ctx = await loadCatalogContext(db);
  await addProducts(db, ctx, 0, total, now, options.onProgress);
  await refreshRatings(db);
  await seedPromotions(db, now);
  await seedContent(db, editor, now);
  await seedCustomerExtras(db, customer, now);
  await seedSellerOrders(db, seller, now);
}
