import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { alias, unionAll } from 'drizzle-orm/pg-core';
import type { Db } from '../../db';
import {
  brands,
  cartItems,
  carts,
  colors,
  productColors,
  products,
  productSizes,
  productVatTaxes,
  shops,
  shopVatTaxes,
  sizes,
  units,
  vatTaxes,
} from '../../db/schema';
import { priceProduct, type ProductPrice } from '../../../lib/price';
import type { VatRate } from '../../../lib/totals';
import { runningOffers, type SaleOffer } from '../catalog/sale-prices';

/**
 * A shopper's cart lines as they cost now: every line priced by lib/price.ts from the
 * database (never from a client), with what the cart, the checkout figures and order
 * placement need of it. Lines whose product or shop is switched off are left out: they
 * cannot be bought, and they come back if the seller switches them on again.
 */
export interface PricedLine {
  lineId: number;
  productId: number;
  name: string;
  thumbnail: string;
  brand: string | null;
  shop: { id: number; name: string; logo: string | null; rating: string; deliveryCharge: number; orderPrefix: string };
  size: { id: number; name: string; surcharge: number } | null;
  color: { id: number; name: string; surcharge: number } | null;
  unit: { id: number; name: string } | null;
  quantity: number;
  /** Units in stock now. */
  stock: number;
  price: ProductPrice<SaleOffer>;
  vatTaxes: VatRate[];
}

export interface LineFilter {
  /** The buy-now line instead of the cart's lines (§3.2 buyNowProduct). */
  buyNow?: boolean;
  /** Only these shops' lines. */
  shopIds?: readonly number[];
  now?: Date;
}

const productSize = alias(productSizes, 'line_product_size');
const productColor = alias(productColors, 'line_product_color');

/** The user's lines, oldest first (the order they were added), priced at `now`. */
export async function loadLines(db: Db, userId: number, filter: LineFilter = {}): Promise<PricedLine[]> {
  const now = filter.now ?? new Date();
  if (filter.shopIds && filter.shopIds.length === 0) return [];
  const conditions = [
    eq(carts.userId, userId),
    eq(cartItems.isBuyNow, filter.buyNow ?? false),
    eq(products.isActive, true),
    eq(shops.isActive, true),
    ...(filter.shopIds ? [inArray(cartItems.shopId, [...filter.shopIds])] : []),
  ];
  const rows = await db
    .select({
      lineId: cartItems.id,
      productId: products.id,
      name: products.name,
      thumbnail: products.thumbnail,
      brand: brands.name,
      price: products.price,
      discountPrice: products.discountPrice,
      stock: products.quantity,
      quantity: cartItems.quantity,
      shopId: shops.id,
      shopName: shops.name,
      shopLogo: shops.logo,
      shopRating: shops.rating,
      deliveryCharge: shops.deliveryCharge,
      orderPrefix: shops.orderPrefix,
      sizeId: sizes.id,
      sizeName: sizes.name,
      sizeSurcharge: productSize.price,
      colorId: colors.id,
      colorName: colors.name,
      colorSurcharge: productColor.price,
      unitId: units.id,
      unitName: units.name,
    })
    .from(cartItems)
    .innerJoin(carts, eq(carts.id, cartItems.cartId))
    .innerJoin(products, eq(products.id, cartItems.productId))
    .innerJoin(shops, eq(shops.id, products.shopId))
    .leftJoin(brands, eq(brands.id, products.brandId))
    .leftJoin(units, eq(units.id, cartItems.unitId))
    .leftJoin(sizes, eq(sizes.id, cartItems.sizeId))
    .leftJoin(productSize, and(eq(productSize.productId, cartItems.productId), eq(productSize.sizeId, cartItems.sizeId)))
    .leftJoin(colors, eq(colors.id, cartItems.colorId))
    .leftJoin(productColor, and(eq(productColor.productId, cartItems.productId), eq(productColor.colorId, cartItems.colorId)))
    .where(and(...conditions))
    .orderBy(asc(cartItems.id));
  if (rows.length === 0) return [];

  const productIds = rows.map((row) => row.productId);
  const [offers, taxes] = await Promise.all([runningOffers(db, productIds, now), loadVatRates(db, productIds, [...new Set(rows.map((row) => row.shopId))])]);

  return rows.map((row) => {
    const size = row.sizeId !== null && row.sizeName !== null ? { id: row.sizeId, name: row.sizeName, surcharge: row.sizeSurcharge ?? 0 } : null;
    const color = row.colorId !== null && row.colorName !== null ? { id: row.colorId, name: row.colorName, surcharge: row.colorSurcharge ?? 0 } : null;
    return {
      lineId: row.lineId,
      productId: row.productId,
      name: row.name,
      thumbnail: row.thumbnail,
      brand: row.brand,
      shop: { id: row.shopId, name: row.shopName, logo: row.shopLogo, rating: row.shopRating, deliveryCharge: row.deliveryCharge, orderPrefix: row.orderPrefix },
      size,
      color,
      unit: row.unitId !== null && row.unitName !== null ? { id: row.unitId, name: row.unitName } : null,
      quantity: row.quantity,
      stock: row.stock,
      price: priceProduct(row, {
        offers: offers.get(row.productId),
        sizeSurcharge: size?.surcharge,
        colorSurcharge: color?.surcharge,
        quantity: row.quantity,
        now,
      }),
      vatTaxes: taxes.product.get(row.productId) ?? taxes.shop.get(row.shopId) ?? [],
    };
  });
}

/** Active VAT rates by product and by shop (one query): a product's own rates win over its shop's. */
async function loadVatRates(db: Db, productIds: number[], shopIds: number[]) {
  const rows = await unionAll(
    db
      .select({ owner: sql<'product' | 'shop'>`'product'`.as('owner'), ownerId: productVatTaxes.productId, taxId: vatTaxes.id, name: vatTaxes.name, percentage: vatTaxes.percentage })
      .from(productVatTaxes)
      .innerJoin(vatTaxes, eq(vatTaxes.id, productVatTaxes.vatTaxId))
      .where(and(inArray(productVatTaxes.productId, productIds), eq(vatTaxes.isActive, true))),
    db
      .select({ owner: sql<'product' | 'shop'>`'shop'`.as('owner'), ownerId: shopVatTaxes.shopId, taxId: vatTaxes.id, name: vatTaxes.name, percentage: vatTaxes.percentage })
      .from(shopVatTaxes)
      .innerJoin(vatTaxes, eq(vatTaxes.id, shopVatTaxes.vatTaxId))
      .where(and(inArray(shopVatTaxes.shopId, shopIds), eq(vatTaxes.isActive, true))),
  ).orderBy(asc(vatTaxes.id));
  const product = new Map<number, VatRate[]>();
  const shop = new Map<number, VatRate[]>();
  for (const row of rows) listOf(row.owner === 'product' ? product : shop, row.ownerId).push({ name: row.name, percentage: row.percentage });
  return { product, shop };
}

function listOf<T>(map: Map<number, T[]>, key: number): T[] {
  let list = map.get(key);
  if (!list) map.set(key, (list = []));
  return list;
}

/** Lines grouped by shop, shops in the order their first line was added. */
export function byShop(lines: readonly PricedLine[]): { shop: PricedLine['shop']; lines: PricedLine[] }[] {
  const groups = new Map<number, { shop: PricedLine['shop']; lines: PricedLine[] }>();
  for (const line of lines) {
    let group = groups.get(line.shop.id);
    if (!group) groups.set(line.shop.id, (group = { shop: line.shop, lines: [] }));
    group.lines.push(line);
  }
  return [...groups.values()];
}
