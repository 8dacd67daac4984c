import { and, asc, count, countDistinct, eq } from 'drizzle-orm';
import type { Db } from '../../db';
import { invalidateShops } from '../../cache';
import { banners, products, shops, users } from '../../db/schema';
import { plainText } from '../../html';
import { fromMinor, toMinor } from '@/lib/money';
import { shopOpenState, weekDaysOf } from '@/lib/shop-hours';
import type { SellerUser, ShopSettingUpdatePayload, ShopUpdatePayload } from '@/contracts/seller-account';
import type { Translations } from '@/contracts/translations';
import type { WeekDay } from '@/contracts/seller';

/**
 * The seller's own view of their account and shop (GET /api/seller/details, the answers of
 * the other account routes; contracts/seller-account.ts), and the changes of an active
 * shop's face and settings (docs/decisions/017-sellers.md).
 */

/** The seller and the shop as the original seller app reads them; null when the user has no shop. */
export async function loadSellerUser(db: Db, userId: number, now: Date): Promise<SellerUser | null> {
  const [row] = await db.select({ user: users, shop: shops }).from(shops).innerJoin(users, eq(users.id, shops.userId)).where(eq(shops.userId, userId));
  if (!row) return null;
  const { user, shop } = row;
  const [[stats], shopBanners] = await Promise.all([
    db
      .select({ products: count(), categories: countDistinct(products.categoryId) })
      .from(products)
      .where(and(eq(products.shopId, shop.id), eq(products.isActive, true))),
    db
      .select({ id: banners.id, title: banners.title, thumbnail: banners.thumbnail })
      .from(banners)
      .where(and(eq(banners.shopId, shop.id), eq(banners.type, 'banner')))
      .orderBy(asc(banners.sortOrder), asc(banners.id)),
  ]);
  const offDays = weekDaysOf(shop.offDays);
  const openState = shopOpenState({ openingTime: shop.openingTime, closingTime: shop.closingTime, offDays }, now);
  return {
    id: user.id,
    first_name: user.name,
    last_name: null,
    phone: user.phone,
    email: user.email,
    gender: user.gender,
    date_of_birth: user.dateOfBirth,
    profile_photo: user.profilePhoto,
    is_active: user.isActive,
    shop_status: openState,
    shop: {
      id: shop.id,
      name: shop.name,
      logo: shop.logo,
      banner: shop.banner,
      address: shop.address,
      open_time: shop.openingTime,
      close_time: shop.closingTime,
      off_day: offDays,
      prefix: shop.orderPrefix,
      estimated_delivery_time: shop.estimatedDeliveryTime,
      min_order_amount: fromMinor(shop.minOrderAmount),
      delivery_charge: fromMinor(shop.deliveryCharge),
      shop_status: openState,
      total_products: stats?.products ?? 0,
      total_categories: stats?.categories ?? 0,
      rating: Number(shop.rating),
      total_reviews: shop.totalReviews,
      short_description: shop.shortDescription,
      description: shop.description ? plainText(shop.description) : null,
      phone: shop.phone,
      email: shop.email,
      status: shop.status,
      status_reason: shop.statusReason,
      translations: sellerTranslations(shop.translations),
    },
    banners: shopBanners,
  };
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/**
 * A seller's plain-text description as the HTML shoppers are shown (product details and
 * shops answer sanitised HTML, docs/product.md §3.5): every character escaped, one
 * paragraph per blank-line block, line breaks kept. Nothing the seller types is markup.
 */
export function descriptionHtml(text: string | null | undefined): string | null {
  if (!text) return null;
  const escape = (value: string) => value.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char]!);
  return text
    .split(/\n\s*\n/)
    .map((block) => block.trim())
    .filter(Boolean)
    .map((block) => `<p>${escape(block).replace(/\r?\n/g, '<br>')}</p>`)
    .join('');
}

type ShopTranslations = Translations<'name' | 'short_description' | 'description' | 'estimated_delivery_time'>;

/** The shop's translations as its seller edits them: descriptions plain, as the default language's. */
function sellerTranslations(stored: ShopTranslations | null): ShopTranslations {
  return Object.fromEntries(Object.entries(stored ?? {}).map(([locale, texts]) => [locale, texts?.description ? { ...texts, description: plainText(texts.description) } : texts]));
}

/**
 * The shop's translations after a save (docs/product.md §9.1): each language the payload
 * sends has its name and descriptions replaced by what it sends (a blank one removed, so
 * shoppers read the default language's); its other texts (a delivery time the operator
 * imported) and the languages left out are kept. Descriptions become HTML as the default's.
 */
function mergedTranslations(current: ShopTranslations, given: ShopUpdatePayload['translations']): ShopTranslations {
  const next: ShopTranslations = { ...current };
  for (const [locale, texts] of Object.entries(given ?? {})) {
    if (!texts) continue;
    const { name: _name, short_description: _short, description: _description, ...others } = current[locale] ?? {};
    const merged = {
      ...others,
      ...(texts.name ? { name: texts.name } : {}),
      ...(texts.short_description ? { short_description: texts.short_description } : {}),
      ...(texts.description ? { description: descriptionHtml(texts.description)! } : {}),
    };
    if (Object.keys(merged).length) next[locale] = merged;
    else delete next[locale];
  }
  return next;
}

export interface ShopFaceChanges {
  name?: string | undefined;
  address?: string | null | undefined;
  shortDescription?: string | null | undefined;
  description?: string | null | undefined;
  logo?: string | undefined;
  banner?: string | undefined;
  translations?: ShopUpdatePayload['translations'];
  locale: string;
}

/**
 * Saves the shop's face (POST /api/seller/shop-update); with new pictures, returns the
 * URLs they replaced (read and replaced under the row lock, so two uploads at once each
 * remove the right files).
 */
export async function updateShopFace(db: Db, shopId: number, changes: ShopFaceChanges, now: Date): Promise<{ logo: string | null; banner: string | null }> {
  const replaced = await db.transaction(async (tx) => {
    const [before] = await tx.select({ logo: shops.logo, banner: shops.banner, translations: shops.translations }).from(shops).where(eq(shops.id, shopId)).for('update');
    await tx
      .update(shops)
      .set({
        ...(changes.name !== undefined ? { name: changes.name } : {}),
        ...(changes.address !== undefined ? { address: changes.address } : {}),
        ...(changes.shortDescription !== undefined ? { shortDescription: changes.shortDescription } : {}),
        ...(changes.description !== undefined ? { description: descriptionHtml(changes.description) } : {}),
        ...(changes.logo !== undefined ? { logo: changes.logo } : {}),
        ...(changes.banner !== undefined ? { banner: changes.banner } : {}),
        ...(changes.translations ? { translations: mergedTranslations(before?.translations ?? {}, changes.translations) } : {}),
        locale: changes.locale,
        updatedAt: now,
      })
      .where(eq(shops.id, shopId));
    return { logo: changes.logo !== undefined ? (before?.logo ?? null) : null, banner: changes.banner !== undefined ? (before?.banner ?? null) : null };
  });
  invalidateShops(db);
  return replaced;
}

/**
 * Saves how the shop sells (POST /api/seller/shop-setting-update). Absent fields stay as
 * they are: an app that leaves out the delivery charge does not make delivery free. The
 * hours are checked against the stored ones when only one of them is sent.
 */
export async function updateShopSettings(db: Db, shopId: number, payload: ShopSettingUpdatePayload, locale: string, now: Date): Promise<'ok' | 'hours'> {
  const result = await db.transaction(async (tx) => {
    const [before] = await tx.select({ opening: shops.openingTime, closing: shops.closingTime }).from(shops).where(eq(shops.id, shopId)).for('update');
    const opening = payload.opening_time !== undefined ? payload.opening_time : (before?.opening ?? null);
    const closing = payload.closing_time !== undefined ? payload.closing_time : (before?.closing ?? null);
    if (opening && closing && closing <= opening) return 'hours' as const;
    await tx
      .update(shops)
      .set({
        ...(payload.min_order_amount !== undefined ? { minOrderAmount: toMinor(payload.min_order_amount) } : {}),
        ...(payload.delivery_charge !== undefined ? { deliveryCharge: toMinor(payload.delivery_charge) } : {}),
        ...(payload.estimated_delivery_time !== undefined ? { estimatedDeliveryTime: payload.estimated_delivery_time } : {}),
        ...(payload.opening_time !== undefined ? { openingTime: payload.opening_time } : {}),
        ...(payload.closing_time !== undefined ? { closingTime: payload.closing_time } : {}),
        ...(payload.off_day !== undefined ? { offDays: payload.off_day satisfies WeekDay[] } : {}),
        locale,
        updatedAt: now,
      })
      .where(eq(shops.id, shopId));
    return 'ok' as const;
  });
  if (result === 'ok') invalidateShops(db);
  return result;
}
