import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import { generateCodeVerifier, generateState } from 'arctic';
import type { Context } from 'hono';
import type { AppEnv } from '../../context';
import type { Db } from '../../db';
import { socialAccounts, socialAuthRequests, socialAuths, users } from '../../db/schema';
import { violatedUniqueIndex } from '../../db/errors';
import { publicOrigin } from '../../http/origin';
import type { SocialProvider } from '@/contracts/master';
import { hashPassword } from '../auth/password';
import { discoverIssuer, issuerProvider, realProvider, type ProviderClient, type SocialProfile } from './providers';
import { applicationKey, decryptSecret, secretContext } from './secrets';

/** How long a shopper has at the provider before the started login expires. */
export const REQUEST_LIFETIME_MS = 10 * 60 * 1000;

export type LoginMode = 'popup' | 'page';

/** A login that ends without a session: the message (an English source string) and status. */
export class SocialLoginError extends Error {
  constructor(
    message: string,
    readonly status: 400 | 403 | 404 | 503,
    /** How the login was started, when the callback could tell. */
    readonly mode: LoginMode | null = null,
  ) {
    super(message);
  }
}

export const MESSAGES = {
  unavailable: 'This sign-in method is not available.',
  expired: 'This sign-in link has expired or was already used. Please try again.',
  cancelled: 'The sign-in was cancelled.',
  failed: 'The sign-in could not be completed. Please try again.',
  deactivated: 'Your account has been deactivated.',
} as const;

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

export const redirectUri = (c: Context<AppEnv>) => `${publicOrigin(c.var.config)}/api/social-auth/callback`;

/**
 * The provider as configured in social_auths: active, with a client id and a secret.
 * Anything less is "not available" (404), so a half-configured provider never redirects.
 */
async function providerClient(c: Context<AppEnv>, provider: SocialProvider, mode: LoginMode | null = null, redirect = redirectUri(c)): Promise<ProviderClient> {
  const [row] = await c.var.db.select().from(socialAuths).where(eq(socialAuths.provider, provider)).limit(1);
  if (!row?.isActive || !row.clientId || !row.clientSecret) throw new SocialLoginError(MESSAGES.unavailable, 404, mode);
  let clientSecret: string;
  try {
    clientSecret = decryptSecret(applicationKey(c.var.config), row.clientSecret, secretContext(provider));
  } catch (error) {
    c.var.log.error({ provider, reason: (error as Error).message }, 'social login secret unreadable: set it again with npm run social-auth');
    throw new SocialLoginError(MESSAGES.unavailable, 503, mode);
  }
  const credentials = { clientId: row.clientId, clientSecret, redirectUri: redirect };
  const issuer = c.var.config.SOCIAL_AUTH_ISSUER_URL;
  if (!issuer) return realProvider(provider, credentials);
  try {
    return issuerProvider(await discoverIssuer(issuer), credentials);
  } catch (error) {
    c.var.log.error({ issuer, reason: (error as Error).message }, 'SOCIAL_AUTH_ISSUER_URL has no usable discovery document');
    throw new SocialLoginError(MESSAGES.unavailable, 503, mode);
  }
}

/**
 * Starts a login: a request row keyed by the state's hash (with the PKCE verifier), and
 * the provider's authorization address. The caller keeps the state in a cookie, which ties
 * the callback to this browser.
 */
export async function beginLogin(c: Context<AppEnv>, provider: SocialProvider, mode: LoginMode): Promise<{ url: URL; state: string }> {
  const client = await providerClient(c, provider);
  const state = generateState();
  const codeVerifier = client.pkce ? generateCodeVerifier() : null;
  const now = new Date();
  // Expired rows go as new ones come: the table holds ten minutes of logins at most.
  await c.var.db.delete(socialAuthRequests).where(lt(socialAuthRequests.expiresAt, new Date(now.getTime() - REQUEST_LIFETIME_MS)));
  await c.var.db.insert(socialAuthRequests).values({
    stateHash: sha256(state),
    provider,
    codeVerifier,
    mode,
    expiresAt: new Date(now.getTime() + REQUEST_LIFETIME_MS),
  });
  return { url: client.authorizationUrl(state, codeVerifier), state };
}

export interface CallbackQuery {
  state?: string | undefined;
  code?: string | undefined;
  error?: string | undefined;
}

/**
 * Ends a login at the callback: the state must be the one this browser's cookie holds and
 * an unused, unexpired request (used here, once); the code is exchanged, the person read,
 * and their account found, linked or created. Returns the account to sign in; throws
 * SocialLoginError otherwise, having signed nobody in.
 */
export async function completeLogin(c: Context<AppEnv>, query: CallbackQuery, cookieState: string | undefined): Promise<{ userId: number; mode: LoginMode }> {
  const state = query.state;
  if (!state || !cookieState || !sameText(state, cookieState)) throw new SocialLoginError(MESSAGES.expired, 403);
  const [request] = await c.var.db
    .update(socialAuthRequests)
    .set({ consumedAt: new Date() })
    .where(and(eq(socialAuthRequests.stateHash, sha256(state)), isNull(socialAuthRequests.consumedAt), gt(socialAuthRequests.expiresAt, new Date())))
    .returning();
  if (!request) throw new SocialLoginError(MESSAGES.expired, 403);
  const mode = request.mode;
  if (query.error) throw new SocialLoginError(query.error === 'access_denied' ? MESSAGES.cancelled : MESSAGES.failed, 400, mode);
  if (!query.code) throw new SocialLoginError(MESSAGES.failed, 400, mode);

  const provider = request.provider as SocialProvider;
  const client = await providerClient(c, provider, mode);
  return { userId: await signInWithCode(c, provider, client, query.code, request.codeVerifier, mode), mode };
}

/**
 * An app's login (POST /auth/{provider}/token): it ran the provider's authorization
 * itself and hands over the code (with its PKCE verifier, and the redirect URI it used,
 * which the provider checks against the authorization). The code is exchanged with the
 * shop's client secret, and the person's account found, linked or created as at the callback.
 */
export async function completeCodeLogin(
  c: Context<AppEnv>,
  provider: SocialProvider,
  payload: { code: string; code_verifier?: string | undefined; redirect_uri?: string | undefined },
): Promise<number> {
  const client = await providerClient(c, provider, null, payload.redirect_uri ?? redirectUri(c));
  return signInWithCode(c, provider, client, payload.code, payload.code_verifier ?? null, null);
}

/** The code exchanged and the person read; their account (found, linked or made) if it may sign in. */
async function signInWithCode(
  c: Context<AppEnv>,
  provider: SocialProvider,
  client: ProviderClient,
  code: string,
  codeVerifier: string | null,
  mode: LoginMode | null,
): Promise<number> {
  let profile: SocialProfile;
  try {
    profile = await client.profile(await client.exchange(code, codeVerifier));
  } catch (error) {
    // The provider refused the code (used, expired, forged, another redirect URI) or answered something unusable.
    c.var.log.info({ provider, reason: (error as Error).message }, 'social login refused by the provider');
    throw new SocialLoginError(MESSAGES.failed, 400, mode);
  }
  const userId = await accountFor(c.var.db, provider, profile).catch(async (error: unknown) => {
    // Two callbacks for one new person at once: the other one created the account.
    if (violatedUniqueIndex(error) === null) throw error;
    return accountFor(c.var.db, provider, profile);
  });
  const [user] = await c.var.db.select({ isActive: users.isActive }).from(users).where(eq(users.id, userId)).limit(1);
  if (!user?.isActive) throw new SocialLoginError(MESSAGES.deactivated, 403, mode);
  return userId;
}

/**
 * The account of a provider's person: the one already linked to them; else the account
 * with their e-mail address, only when the provider verified it; else a new account.
 * An unverified address is neither linked nor stored, so nobody can claim another
 * person's account or address by typing it into a provider.
 */
async function accountFor(db: Db, provider: SocialProvider, profile: SocialProfile): Promise<number> {
  return db.transaction(async (tx) => {
    const [linked] = await tx
      .select({ userId: socialAccounts.userId })
      .from(socialAccounts)
      .where(and(eq(socialAccounts.provider, provider), eq(socialAccounts.providerUserId, profile.id)))
      .limit(1);
    if (linked) return linked.userId;

    const email = profile.emailVerified ? profile.email : null;
    const [owner] = email
      ? await tx
          .select({ id: users.id, emailVerifiedAt: users.emailVerifiedAt })
          .from(users)
          .where(eq(sql`lower(${users.email})`, email.toLowerCase()))
          .limit(1)
      : [];
    let userId: number;
    if (owner) {
      userId = owner.id;
      // The provider has just shown the person controls the address.
      if (!owner.emailVerifiedAt) await tx.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, owner.id));
    } else {
      const [created] = await tx
        .insert(users)
        .values({
          name: profile.name ?? email?.split('@')[0] ?? 'Shopper',
          email,
          emailVerifiedAt: email ? new Date() : null,
          // No password: a hash of random bytes nobody knows. "Forgot password" can set one.
          passwordHash: await hashPassword(randomBytes(32).toString('base64url')),
        })
        .returning({ id: users.id });
      userId = created!.id;
    }
    await tx.insert(socialAccounts).values({ userId, provider, providerUserId: profile.id });
    return userId;
  });
}

/** Equal strings, compared in constant time (their digests are). */
function sameText(a: string, b: string): boolean {
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(a), digest(b));
}
