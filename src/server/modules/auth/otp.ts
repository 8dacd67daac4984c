import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { and, desc, eq, gt, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db';
import { accessTokens, otpCodes, passwordResetTokens, users, type OTP_PURPOSES } from '../../db/schema';
import { invalidateSessions } from '../../cache';

/**
 * One-time codes (docs/product.md §9.3): 4 digits from the CSPRNG, kept
 * only as a salted SHA-256, dead after 10 minutes, after 5 checks, once used, or once a
 * newer code is sent to the same destination for the same purpose. With 10,000 possible
 * codes the hash only keeps them from being read off a leaked database; the attempt limit
 * (and rate-limit/limits.ts `otp:verify:*`) is what stops guessing.
 */
export const OTP_LIFETIME_MINUTES = 10;
export const OTP_MAX_ATTEMPTS = 5;
/** How long the reset token a verified forgot-password code hands out stays valid. */
const RESET_TOKEN_LIFETIME_MS = 30 * 60 * 1000;

type Purpose = (typeof OTP_PURPOSES)[number];

const sha256 = (text: string) => createHash('sha256').update(text).digest();

/** `salt.hash` (16 + 1 + 43 characters): a random salt per code, so equal codes never hash alike. */
function hashCode(code: string): string {
  const salt = randomBytes(12).toString('base64url');
  return `${salt}.${sha256(`${salt}:${code}`).toString('base64url')}`;
}

function codeMatches(stored: string, code: string): boolean {
  const [salt, hash] = stored.split('.');
  if (!salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64url');
  const actual = sha256(`${salt}:${code}`);
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

/** The live codes of a destination and purpose; with `userId`, only those that user asked for. */
const live = (destination: string, purpose: Purpose, now: Date, userId?: number) =>
  and(
    eq(otpCodes.destination, destination),
    eq(otpCodes.purpose, purpose),
    isNull(otpCodes.consumedAt),
    gt(otpCodes.expiresAt, now),
    userId === undefined ? undefined : eq(otpCodes.userId, userId),
  );

/**
 * A new code for `destination`; the codes sent there before for the same purpose (and
 * user, when given) die, so only the latest message counts. A code issued for `userId`
 * can only be verified by that user. Returns the code (to be sent) and its row.
 */
export async function issueCode(db: Db, destination: string, purpose: Purpose, now: Date, userId?: number): Promise<{ id: number; code: string }> {
  const code = String(randomInt(0, 10_000)).padStart(4, '0');
  await db
    .update(otpCodes)
    .set({ expiresAt: now })
    .where(live(destination, purpose, now, userId));
  const [row] = await db
    .insert(otpCodes)
    .values({ destination, purpose, userId, codeHash: hashCode(code), expiresAt: new Date(now.getTime() + OTP_LIFETIME_MINUTES * 60_000), createdAt: now })
    .returning({ id: otpCodes.id });
  return { id: row!.id, code };
}

/** Removes a code that could not be sent. */
export async function discardCode(db: Db, id: number): Promise<void> {
  await db.delete(otpCodes).where(eq(otpCodes.id, id));
}

/**
 * Checks `code` against the latest live code of `destination` (with `userId`, the latest
 * that user asked for) and uses it up when it matches. Two statements, each atomic: the
 * attempt is counted first (`attempts < 5` in the UPDATE, so parallel guesses cannot
 * exceed the limit), then a match is consumed with `consumed_at IS NULL` in the UPDATE,
 * so of parallel right answers exactly one wins.
 */
export async function verifyCode(db: Db, destination: string, purpose: Purpose, code: string, now: Date, userId?: number): Promise<boolean> {
  const latest = db
    .select({ id: otpCodes.id })
    .from(otpCodes)
    .where(live(destination, purpose, now, userId))
    .orderBy(desc(otpCodes.id))
    .limit(1);
  const [counted] = await db
    .update(otpCodes)
    .set({ attempts: sql`${otpCodes.attempts} + 1` })
    .where(and(inArray(otpCodes.id, latest), lt(otpCodes.attempts, OTP_MAX_ATTEMPTS), isNull(otpCodes.consumedAt), gt(otpCodes.expiresAt, now)))
    .returning({ id: otpCodes.id, codeHash: otpCodes.codeHash });
  if (!counted || !codeMatches(counted.codeHash, code)) return false;
  const [used] = await db
    .update(otpCodes)
    .set({ consumedAt: now })
    .where(and(eq(otpCodes.id, counted.id), isNull(otpCodes.consumedAt), gt(otpCodes.expiresAt, now)))
    .returning({ id: otpCodes.id });
  return Boolean(used);
}

/**
 * The reset token of a verified forgot-password code (32 random bytes, base64url); only
 * its SHA-256 (hex, like access tokens) is stored, with an expiry and a used_at that
 * POST /reset-password sets in one UPDATE ... WHERE used_at IS NULL.
 */
export async function issueResetToken(db: Db, userId: number, now: Date): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.insert(passwordResetTokens).values({
    userId,
    tokenHash: sha256(token).toString('hex'),
    expiresAt: new Date(now.getTime() + RESET_TOKEN_LIFETIME_MS),
    createdAt: now,
  });
  return token;
}

/**
 * Sets a new password with a reset token (§4.4 Forgot flow), in one transaction: the
 * token is used up (once, atomically, only while unexpired), the password replaced, every
 * other reset token of the user used up and every session signed out. Returns the user
 * id, or null for a token that is unknown, used or expired (nothing changes then).
 */
export async function resetPassword(db: Db, token: string, passwordHash: string, now: Date): Promise<number | null> {
  const userId = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(passwordResetTokens)
      .set({ usedAt: now })
      .where(and(eq(passwordResetTokens.tokenHash, sha256(token).toString('hex')), isNull(passwordResetTokens.usedAt), gt(passwordResetTokens.expiresAt, now)))
      .returning({ userId: passwordResetTokens.userId });
    if (!row) return null;
    await tx.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, row.userId));
    await tx
      .update(passwordResetTokens)
      .set({ usedAt: now })
      .where(and(eq(passwordResetTokens.userId, row.userId), isNull(passwordResetTokens.usedAt)));
    await tx
      .update(accessTokens)
      .set({ revokedAt: now })
      .where(and(eq(accessTokens.userId, row.userId), isNull(accessTokens.revokedAt)));
    return row.userId;
  });
  // Every sign-in of the user was revoked: no process may keep one (auth/tokens.ts).
  if (userId !== null) await invalidateSessions(db);
  return userId;
}
