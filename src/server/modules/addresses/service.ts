import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { AddressDto, StoreAddressPayload, UpdateAddressPayload } from '@/contracts/address';
import type { Db } from '../../db';
import { addresses, users } from '../../db/schema';

/**
 * A user's addresses (docs/product.md §3.5, §7.4). The rule kept here: a user with any
 * address has exactly one default. The first address becomes the default; making another
 * the default unsets the old one; deleting the default makes the oldest remaining one the
 * default. Every change runs in a transaction that first locks the user's row, so
 * concurrent changes for one user take turns and the rule holds between them.
 */

type AddressRow = typeof addresses.$inferSelect;
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** The only form in which an address leaves the server (also copied into orders). */
export function toDto(row: AddressRow): AddressDto {
  return {
    id: row.id,
    name: row.name,
    phone: row.phone,
    area: row.area,
    flat_no: row.flatNo,
    address_type: row.addressType,
    address_line: row.addressLine,
    address_line2: row.addressLine2,
    post_code: row.postCode,
    country: row.country,
    state: row.state,
    city: row.city,
    is_default: row.isDefault,
    latitude: row.latitude,
    longitude: row.longitude,
  };
}

/** The columns a payload sets; fields it leaves out (undefined) are not touched. */
function columns(payload: UpdateAddressPayload) {
  const values = {
    name: payload.name,
    phone: payload.phone,
    area: payload.area,
    flatNo: payload.flat_no,
    addressType: payload.address_type,
    addressLine: payload.address_line,
    addressLine2: payload.address_line2,
    postCode: payload.post_code,
    country: payload.country,
    state: payload.state,
    city: payload.city,
    latitude: payload.latitude,
    longitude: payload.longitude,
  };
  return Object.fromEntries(Object.entries(values).filter(([, value]) => value !== undefined)) as Partial<typeof values>;
}

/** Serialises one user's address changes (the row lock lasts until the transaction ends). */
async function lockUser(tx: Tx, userId: number): Promise<void> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
}

const mine = (userId: number, id: number) => and(eq(addresses.id, id), eq(addresses.userId, userId));

/** The default first, then oldest first. */
export async function listAddresses(db: Db, userId: number): Promise<AddressDto[]> {
  const rows = await db
    .select()
    .from(addresses)
    .where(eq(addresses.userId, userId))
    .orderBy(sql`${addresses.isDefault} desc`, asc(addresses.createdAt), asc(addresses.id));
  return rows.map(toDto);
}

export async function storeAddress(db: Db, userId: number, payload: StoreAddressPayload): Promise<AddressDto> {
  return db.transaction(async (tx) => {
    await lockUser(tx, userId);
    const [existing] = await tx
      .select({ id: addresses.id })
      .from(addresses)
      .where(and(eq(addresses.userId, userId), eq(addresses.isDefault, true)))
      .limit(1);
    const isDefault = !existing || payload.is_default === true;
    if (isDefault && existing) await tx.update(addresses).set({ isDefault: false, updatedAt: new Date() }).where(eq(addresses.userId, userId));
    const [row] = await tx
      .insert(addresses)
      .values({ ...columns(payload), name: payload.name, phone: payload.phone, addressLine: payload.address_line, userId, isDefault })
      .returning();
    return toDto(row!);
  });
}

/** Null when the address is not the user's. Unsetting the default is ignored: one address stays the default. */
export async function updateAddress(db: Db, userId: number, id: number, payload: UpdateAddressPayload): Promise<AddressDto | null> {
  return db.transaction(async (tx) => {
    await lockUser(tx, userId);
    const [current] = await tx.select({ isDefault: addresses.isDefault }).from(addresses).where(mine(userId, id));
    if (!current) return null;
    const makeDefault = payload.is_default === true && !current.isDefault;
    if (makeDefault) {
      await tx
        .update(addresses)
        .set({ isDefault: false, updatedAt: new Date() })
        .where(and(eq(addresses.userId, userId), ne(addresses.id, id), eq(addresses.isDefault, true)));
    }
    const [row] = await tx
      .update(addresses)
      .set({ ...columns(payload), ...(makeDefault ? { isDefault: true } : {}), updatedAt: new Date() })
      .where(mine(userId, id))
      .returning();
    return toDto(row!);
  });
}

/** False when the address is not the user's. */
export async function deleteAddress(db: Db, userId: number, id: number): Promise<boolean> {
  return db.transaction(async (tx) => {
    await lockUser(tx, userId);
    const [deleted] = await tx.delete(addresses).where(mine(userId, id)).returning({ isDefault: addresses.isDefault });
    if (!deleted) return false;
    if (deleted.isDefault) {
      const [oldest] = await tx.select({ id: addresses.id }).from(addresses).where(eq(addresses.userId, userId)).orderBy(asc(addresses.createdAt), asc(addresses.id)).limit(1);
      if (oldest) await tx.update(addresses).set({ isDefault: true, updatedAt: new Date() }).where(eq(addresses.id, oldest.id));
    }
    return true;
  });
}
