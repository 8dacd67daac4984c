import type { Context } from 'hono';
import { setCookie } from 'hono/cookie';
import type { AppEnv } from '../../context';
import { unauthenticated } from '../../http/errors';
import { SESSION_COOKIE } from '../../http/xsrf';
import type { SignedInDto } from '@/contracts/auth';
import { issueAccessToken } from './tokens';
import { loadUserDto } from './user-dto';

/**
 * Signs a user in (login, registration; docs/decisions/007-auth-model.md): a new Bearer
 * token for scripts and apps, the same token in the httpOnly session cookie so the server
 * renders account pages, and the answer's `access` and `user`.
 */
export async function startSession(c: Context<AppEnv>, userId: number): Promise<SignedInDto> {
  const { token, expiresAt } = await issueAccessToken(c.var.db, userId);
  setCookie(c, SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'Lax',
    // Served over HTTPS, directly or behind a TRUST_PROXY proxy (http/transport.ts).
    secure: c.var.https,
    expires: expiresAt,
  });
  const user = await loadUserDto(c.var.db, userId);
  if (!user) throw unauthenticated();
  return { access: { token, expires_at: expiresAt.toISOString() }, user };
}
