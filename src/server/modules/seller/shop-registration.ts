import { randomBytes } from 'node:crypto';
import { eq, like } from 'drizzle-orm';
import type { Db } from '../../db';
import { shops } from '../../db/schema';
import { violatedUniqueIndex } from '../../db/errors';
import { ApiError } from '../../http/errors';
import type { RegisterShopPayload } from '@/contracts/seller-account';
import { descriptionHtml } from './shop-profile';

/**
 * Shop registration (docs/product.md §6.3, docs/decisions/017-sellers.md): a signed-in user
 * opens one shop, which waits for the operator's review (`pending`, shop-review.ts). The
 * owner of a rejected shop sends it again the same way: the fields are replaced, the
 * reason cleared and the shop is pending again.
 */

/** A user has at most one shop (the unique index shops_user): a second registration is refused. */
export const ALREADY_HAS_SHOP = 'You already have a shop.';
/** Registration while the site runs as one shop (docs/product.md §1.3). */
export const NOT_MULTI_VENDOR = 'Shop registration is not available: this marketplace does not take new sellers.';

/** "rs" from "Rose & Stone", "te" from "Tech": the initials of the first two words, else the first two letters; "SH" when there are no Latin letters. */
export function orderPrefixOf(name: string): string {
  const words = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toUpperCase()
    .split(/[^A-Z]+/)
    .filter(Boolean);
  const prefix = words.length >= 2 ? `${words[0]![0]}${words[1]![0]}` : (words[0] ?? '').slice(0, 2);
  return prefix.length === 2 ? prefix : `${prefix}SH`.slice(0, 2);
}

/** The name in URL form, "shop" when nothing of it is Latin (an Arabic name). */
function slugBase(name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 100)
    .replace(/-+$/, '');
  return slug || 'shop';
}

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** A slug no shop has: the name's, else the name's with a random suffix (a race on it is caught by the unique index). */
async function freeSlug(tx: Tx, name: string, ownId?: number): Promise<string> {
  const base = slugBase(name);
  const taken = await tx
    .select({ id: shops.id, slug: shops.slug })
    .from(shops)
    .where(like(shops.slug, `${base}%`));
  if (!taken.some((row) => row.slug === base && row.id !== ownId)) return base;
  return `${base}-${randomBytes(3).toString('hex')}`;
}

export interface RegisteredImages {
  logo?: string | undefined;
  banner?: string | undefined;
}

/**
 * Opens the user's shop, pending, or sends a rejected one again. Returns the URLs of the
 * pictures a resubmission replaced (to remove). A user whose shop is pending, active or
 * suspended is refused with 409, as is the loser of two registrations at once.
 */
export async function registerShop(
  db: Db,
  userId: number,
  payload: RegisterShopPayload,
  images: RegisteredImages,
  locale: string,
  now: Date,
): Promise<{ shopId: number; replaced: string[] }> {
  const fields = {
    name: payload.name,
    description: descriptionHtml(payload.description),
    phone: payload.phone ?? null,
    email: payload.email ?? null,
    address: payload.address ?? null,
    openingTime: payload.opening_time ?? null,
    closingTime: payload.closing_time ?? null,
    offDays: payload.off_days ?? [],
    orderPrefix: orderPrefixOf(payload.name),
    termsAcceptedAt: now,
    locale,
    status: 'pending' as const,
    statusReason: null,
    statusChangedAt: now,
    updatedAt: now,
  };
  // A slug taken by another registration at the same moment: try again with a fresh one.
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await registerOnce(db, userId, payload, images, fields);
    } catch (error) {
      const index = violatedUniqueIndex(error);
      // Two registrations of one user at once: the index lets one through; the other is told it has a shop.
      if (index === 'shops_user') throw new ApiError(409, ALREADY_HAS_SHOP);
      if (index !== 'shops_slug_unique' || attempt === 3) throw error;
    }
  }
}

type ShopFields = Omit<typeof shops.$inferInsert, 'userId' | 'slug'> & { name: string };

async function registerOnce(db: Db, userId: number, payload: RegisterShopPayload, images: RegisteredImages, fields: ShopFields): Promise<{ shopId: number; replaced: string[] }> {
  {
    return await db.transaction(async (tx) => {
      const [existing] = await tx.select({ id: shops.id, status: shops.status, logo: shops.logo, banner: shops.banner }).from(shops).where(eq(shops.userId, userId)).for('update');
      if (existing) {
        if (existing.status !== 'rejected') throw new ApiError(409, ALREADY_HAS_SHOP);
        const replaced = [images.logo ? existing.logo : null, images.banner ? existing.banner : null].filter((url): url is string => Boolean(url));
        await tx
          .update(shops)
          .set({
            ...fields,
            slug: await freeSlug(tx, payload.name, existing.id),
            ...(images.logo ? { logo: images.logo } : {}),
            ...(images.banner ? { banner: images.banner } : {}),
          })
          .where(eq(shops.id, existing.id));
        return { shopId: existing.id, replaced };
      }
      const [created] = await tx
        .insert(shops)
        .values({
          ...fields,
          userId,
          slug: await freeSlug(tx, payload.name),
          logo: images.logo ?? null,
          banner: images.banner ?? null,
          deliveryCharge: 0,
          createdAt: fields.updatedAt,
        })
        .returning({ id: shops.id });
      return { shopId: created!.id, replaced: [] };
    });
  }
}
