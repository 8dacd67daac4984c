import { and, eq, isNull, ne } from 'drizzle-orm';
import type { Db } from '../../db';
import { accessTokens, users } from '../../db/schema';
import { hashPassword, verifyPassword } from '../auth/password';
import { hashToken } from '../auth/tokens';
import { invalidateSessions } from '../../cache';

/** The e-mail and phone the user holds now (a different one in update-profile asks for a code). */
export async function currentContact(db: Db, userId: number) {
  const [row] = await db
    .select({ email: users.email, phone: users.phone, phoneCode: users.phoneCode, passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row ?? null;
}

export interface ProfileChanges {
  name: string;
  gender?: string | null | undefined;
  dateOfBirth?: string | null | undefined;
  country?: string | null | undefined;
  /** The URL of a new photo already stored (profile/photo.ts). */
  profilePhoto?: string | undefined;
}

/**
 * Saves the changes; with a new photo, returns the URL of the one it replaced (read and
 * replaced under a row lock, so two uploads at once each get the right one to remove).
 */
export async function updateProfile(db: Db, userId: number, changes: ProfileChanges): Promise<string | null> {
  return db.transaction(async (tx) => {
    const [before] = changes.profilePhoto === undefined ? [] : await tx.select({ photo: users.profilePhoto }).from(users).where(eq(users.id, userId)).for('update');
    await tx
      .update(users)
      .set({
        name: changes.name,
        ...(changes.gender !== undefined ? { gender: changes.gender } : {}),
        ...(changes.dateOfBirth !== undefined ? { dateOfBirth: changes.dateOfBirth } : {}),
        ...(changes.country !== undefined ? { country: changes.country } : {}),
        ...(changes.profilePhoto !== undefined ? { profilePhoto: changes.profilePhoto } : {}),
        updatedAt: new Date(),
      })
      .where(eq(users.id, userId));
    return before?.photo ?? null;
  });
}

/**
 * Sets a new password when `currentPassword` is right, and in the same transaction revokes
 * every other live sign-in of the user: whoever else held a session (a stolen token, a
 * forgotten device) is out, the sign-in that changed it stays. False on a wrong password.
 */
export async function changePassword(db: Db, userId: number, keepToken: string, currentPassword: string, newPassword: string): Promise<boolean> {
  const user = await currentContact(db, userId);
  if (!user || !(await verifyPassword(user.passwordHash, currentPassword))) return false;
  const passwordHash = await hashPassword(newPassword);
  const now = new Date();
  await db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, userId));
    await tx
      .update(accessTokens)
      .set({ revokedAt: now })
      .where(and(eq(accessTokens.userId, userId), isNull(accessTokens.revokedAt), ne(accessTokens.tokenHash, hashToken(keepToken))));
  });
  // The other sign-ins were revoked: no process may keep one (auth/tokens.ts).
  await invalidateSessions(db);
  return true;
}
