import { eq } from 'drizzle-orm';
import type { Db } from '../../db';
import { shops, users } from '../../db/schema';
import { fromMinor } from '../../../lib/money';

/** The User shape of api-reference.md; the only form in which a user leaves the server. */
export interface UserDto {
  id: number;
  name: string;
  phone: string | null;
  phone_code: string | null;
  country: string | null;
  email: string | null;
  profile_photo: string | null;
  gender: string | null;
  date_of_birth: string | null;
  phone_verified: boolean;
  email_verified: boolean;
  account_verified: boolean;
  is_active: boolean;
  wallet: { balance: number };
  shop?: { id: number; name: string; logo: string | null; is_active: boolean };
}

export async function loadUserDto(db: Db, userId: number): Promise<UserDto | null> {
  const [row] = await db
    .select({ user: users, shop: { id: shops.id, name: shops.name, logo: shops.logo, isActive: shops.isActive } })
    .from(users)
    .leftJoin(shops, eq(shops.userId, users.id))
    .where(eq(users.id, userId))
    .limit(1);
  if (!row) return null;
  const { user, shop } = row;
  const dto: UserDto = {
    id: user.id,
    name: user.name,
    phone: user.phone,
    phone_code: user.phoneCode,
    country: user.country,
    email: user.email,
    profile_photo: user.profilePhoto,
    gender: user.gender,
    date_of_birth: user.dateOfBirth,
    phone_verified: Boolean(user.phoneVerifiedAt),
    email_verified: Boolean(user.emailVerifiedAt),
    account_verified: Boolean(user.phoneVerifiedAt || user.emailVerifiedAt),
    is_active: user.isActive,
    wallet: { balance: fromMinor(user.walletBalance) },
  };
  if (shop) dto.shop = { id: shop.id, name: shop.name, logo: shop.logo, is_active: shop.isActive };
  return dto;
}
