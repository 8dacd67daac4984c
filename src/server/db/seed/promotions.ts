import { Faker, en } from '@faker-js/faker';
import { and, asc, eq, gt } from 'drizzle-orm';
import type { Db } from '../client';
import { banners, categories, flashSaleProducts, flashSales, menus, products, shops, shopVatTaxes, vatTaxes } from '../schema/index.ts';
import { EXPIRED_VOUCHER, FLASH_SALES, SITE_ADS, SITE_BANNERS, VOUCHER_TEMPLATES } from './data/promotions.ts';
import { BANNER_TITLES, FLASH_SALE_TEXT, NEW_ARRIVALS_AT } from './data/i18n/promotions.ts';
import { MENU_NAMES } from './data/i18n/site.ts';
import { localized, localizedName } from './localized.ts';
import { SHOPS } from './data/shops.ts';
import { createVoucher } from './factories.ts';
import { imageNames } from './image-set.ts';
import { uploadUrl } from './images.ts';
import { daysFrom } from './util.ts';
import { priceProduct } from '../../../lib/price.ts';

/** Rounds to a price ending in 9 cents, like the catalogue prices. */
const salePrice = (cents: number) => Math.max(49, Math.round(cents / 10) * 10 - 1);

async function seedFlashSales(db: Db, now: Date) {
  const faker = new Faker({ locale: [en], seed: 31337 });
  // Candidates come from the first products by id, which every catalogue size shares.
  const candidates = await db
    .select({ id: products.id, price: products.price, discountPrice: products.discountPrice })
    .from(products)
    .innerJoin(shops, eq(shops.id, products.shopId))
    .where(and(eq(shops.isActive, true), gt(products.quantity, 0)))
    .orderBy(asc(products.id))
    .limit(400);
  const wanted = FLASH_SALES.reduce((sum, sale) => sum + sale.products, 0);
  const picked = faker.helpers.arrayElements(candidates, Math.min(wanted, candidates.length));
  let offset = 0;
  for (const sale of FLASH_SALES) {
    const [row] = await db
      .insert(flashSales)
      .values({
        name: sale.name,
        thumbnail: uploadUrl('flash-sales', sale.slug),
        description: sale.description,
        translations: localized((locale) => FLASH_SALE_TEXT[sale.slug][locale]),
        startDate: daysFrom(now, sale.startDays),
        endDate: daysFrom(now, sale.endDays),
      })
      .returning({ id: flashSales.id });
    const items = picked.slice(offset, offset + sale.products);
    offset += sale.products;
    if (items.length) {
      await db.insert(flashSaleProducts).values(
        items.map((product) => {
          // Below what the product costs today, or the offer would not win (lib/price.ts).
          const current = priceProduct(product).unit;
          const quantity = faker.number.int({ min: 20, max: 100 });
          return {
            flashSaleId: row!.id,
            productId: product.id,
            price: Math.min(current - 1, salePrice(current * faker.number.float({ min: 0.6, max: 0.85 }))),
            quantity,
            sold: Math.floor(quantity * sale.soldShare * faker.number.float()),
          };
        }),
      );
    }
    // The navbar links the running sale; its id only exists now.
    if (sale.startDays <= 0)
      await db.insert(menus).values({ name: 'Flash Sale', url: `/flash-sale/${row!.id}`, sortOrder: 3, translations: localizedName(MENU_NAMES['Flash Sale']) });
  }
}

async function seedVouchers(db: Db, now: Date) {
  const shopRows = await db.select({ id: shops.id, slug: shops.slug, isActive: shops.isActive }).from(shops).orderBy(asc(shops.id));
  for (const def of SHOPS) {
    const shop = shopRows.find((row) => row.slug === def.slug);
    if (!shop?.isActive) continue;
    const templates = def.demoSeller ? [...VOUCHER_TEMPLATES, EXPIRED_VOUCHER] : VOUCHER_TEMPLATES;
    for (const t of templates) {
      await createVoucher(db, {
        shopId: shop.id,
        code: `${def.prefix}${t.suffix}`,
        discountType: t.discountType,
        discountPercent: t.discountType === 'Percentage' ? t.discount : null,
        discountAmount: t.discountType === 'Amount' ? Number(t.discount) : null,
        minOrderAmount: t.minOrderAmount,
        maxDiscountAmount: t.maxDiscountAmount,
        limitForUser: 1,
        startedAt: daysFrom(now, t.startDays),
        expiredAt: daysFrom(now, t.endDays),
      });
    }
  }
}

async function seedBanners(db: Db) {
  const categoryRows = await db.select({ id: categories.id, slug: categories.slug }).from(categories);
  // The storefront's category menu links categories by id (docs/product.md §2.1).
  const link = (url: string) => url.replace(/\{category:([a-z0-9-]+)\}/, (_, slug: string) => `/categories/${categoryRows.find((c) => c.slug === slug)?.id ?? ''}`);
  const site = (list: typeof SITE_BANNERS | typeof SITE_ADS, type: 'banner' | 'ad', kind: 'banners' | 'ads') =>
    list.map((promo, sortOrder) => ({
      type,
      title: promo.title,
      thumbnail: uploadUrl(kind, promo.name),
      url: link(promo.url),
      sortOrder,
      translations: localized((locale) => ({ title: BANNER_TITLES[promo.title][locale] })),
    }));
  await db.insert(banners).values([...site(SITE_BANNERS, 'banner', 'banners'), ...site(SITE_ADS, 'ad', 'ads')]);

  const shopRows = await db.select({ id: shops.id, slug: shops.slug, name: shops.name, translations: shops.translations }).from(shops).orderBy(asc(shops.id));
  await db.insert(banners).values(
    shopRows.flatMap((shop) =>
      [1, 2].map((n) => ({
        shopId: shop.id,
        type: 'banner' as const,
        title: n === 1 ? shop.name : `New arrivals at ${shop.name}`,
        // The shop's name as the shop itself is translated (data/i18n/shops.ts).
        translations: localized((locale) => {
          const name = shop.translations[locale]?.name ?? shop.name;
          return { title: n === 1 ? name : NEW_ARRIVALS_AT[locale](name) };
        }),
        thumbnail: uploadUrl('banners', imageNames.shopBanner(shop.slug, n)),
        url: `/shops/${shop.id}`,
        sortOrder: n,
      })),
    ),
  );
}

/** The VAT of the shops that charge one (data/shops.ts `vat`). */
async function seedVat(db: Db) {
  const shopRows = await db.select({ id: shops.id, slug: shops.slug }).from(shops);
  for (const def of SHOPS) {
    const shop = shopRows.find((row) => row.slug === def.slug);
    if (!shop || !def.vat) continue;
    const [tax] = await db.insert(vatTaxes).values(def.vat).returning({ id: vatTaxes.id });
    await db.insert(shopVatTaxes).values({ shopId: shop.id, vatTaxId: tax!.id });
  }
}

/** Flash sales, shop vouchers, VAT and banners; dates are relative to `now`. */
export async function seedPromotions(db: Db, now: Date): Promise<void> {
  await seedFlashSales(db, now);
  await seedVouchers(db, now);
  await seedVat(db);
  await seedBanners(db);
}
