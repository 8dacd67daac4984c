import { Hono } from 'hono';
import { setCookie } from 'hono/cookie';
import { eq, or, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { AppEnv } from '../../context';
import { users } from '../../db/schema';
import { validationError } from '../../http/errors';
import { validBody } from '../../http/validation';
import { SESSION_COOKIE } from '../../http/xsrf';
import { hashPassword, verifyPassword } from './password';
import { issueAccessToken } from './tokens';
import { loadUserDto } from './user-dto';

/** Spec, section 3: `phone` holds an email address or a phone number. */
const LoginSchema = z.object({
  phone: z.string().trim().min(1).max(190),
  password: z.string().min(1).max(200),
});

// Compared against when no account matches, so a wrong email costs as long as a wrong password.
const decoyHash = hashPassword('decoy-password-for-timing');

/** The account an identifier names: by email (any case) or by phone digits, with or without its code. */
function findAccount(c: { var: AppEnv['Variables'] }, identifier: string) {
  const digits = identifier.replace(/[^\d]/g, '');
  return c.var.db
    .select({ id: users.id, passwordHash: users.passwordHash, isActive: users.isActive })
    .from(users)
    .where(
      identifier.includes('@')
        ? eq(sql`lower(${users.email})`, identifier.toLowerCase())
        : or(eq(users.phone, digits), eq(sql`regexp_replace(${users.phoneCode} || ${users.phone}, '[^0-9]', '', 'g')`, digits)),
    )
    .limit(1);
}

export const loginRoutes = new Hono<AppEnv>().post('/login', validBody(LoginSchema), async (c) => {
  const { phone, password } = c.req.valid('json');
  const [account] = await findAccount(c, phone);
  const valid = await verifyPassword(account?.passwordHash ?? (await decoyHash), password);
  if (!account || !valid || !account.isActive) {
    const message = c.var.t('These credentials do not match our records.');
    throw validationError({ phone: [message], password: [message] });
  }
  const { token, expiresAt } = await issueAccessToken(c.var.db, account.id);
  // The httpOnly cookie lets the server render account pages; scripts keep the Bearer token.
  setCookie(c, SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'Lax',
    secure: new URL(c.req.url).protocol === 'https:',
    expires: expiresAt,
  });
  const user = await loadUserDto(c.var.db, account.id);
  return c.json({ message: c.var.t('Login successfully'), data: { access: { token, expires_at: expiresAt.toISOString() }, user } });
});
