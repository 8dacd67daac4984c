import { eq } from 'drizzle-orm';
import type { Db } from '../../db';
import { shops, users } from '../../db/schema';
import { fromMinor } from '@/lib/money';
import { phoneCodeDigits } from '@/lib/phone-code';
import type { UserDto } from '@/contracts/auth';

/** The columns a UserDto is made of (users, and their shop joined as `shops`): others may select them beside their own. */
export const userDtoColumns = {
  user: users,
  shop: { id: shops.id, name: shops.name, logo: shops.logo, isActive: shops.isActive, status: shops.status, statusReason: shops.statusReason },
};

type UserDtoRow = {
  user: typeof users.$inferSelect;
  shop: Pick<typeof shops.$inferSelect, keyof typeof userDtoColumns.shop> | null;
};

export async function loadUserDto(db: Db, userId: number): Promise<UserDto | null> {
  const [row] = await db.select(userDtoColumns).from(users).leftJoin(shops, eq(shops.userId, users.id)).where(eq(users.id, userId)).limit(1);
  return row ? toUserDto(row) : null;
}

/** A row of `userDtoColumns` as the User shape. */
export function toUserDto({ user, shop }: UserDtoRow): UserDto {
  const dto: UserDto = {
    id: user.id,
    name: user.name,
    phone: user.phone,
    phone_code: phoneCodeDigits(user.phoneCode),
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
  if (shop) dto.shop = { id: shop.id, name: shop.name, logo: shop.logo, is_active: shop.isActive, status: shop.status, status_reason: shop.statusReason };
  return dto;
}
