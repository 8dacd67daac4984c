import { Hono, type Context } from 'hono';
import type { AppEnv } from '../../context';
import { validationError } from '../../http/errors';
import { validBody } from '../../http/validation';
import { clientKey, consume } from '../rate-limit/middleware';
import { refund } from '../rate-limit/service';
import { hashPassword, verifyPassword } from './password';
import { startSession } from './session';
import { findAccount, loginIdentifier, type Account } from './accounts';
import { LoginPayload } from '@/contracts/auth';

// Compared against when no account matches, so a wrong email costs as long as a wrong password.
const decoyHash = hashPassword('decoy-password-for-timing');

/**
 * Checks a login's identifier (an e-mail or a phone) and password under the failed-login
 * limits: the account when they match an active one, else null. Shared by POST /login and
 * the seller app's POST /seller/login, so both count against the same limits.
 */
export async function checkCredentials(c: Context<AppEnv>, identifier: string, password: string): Promise<Account | null> {
  // Failed logins are limited per account and address, per address, and per account from
  // everywhere (rate-limit/limits.ts): a guesser is stopped, the owner elsewhere gets in.
  // Each attempt is counted before the password is checked, so parallel guesses cannot all
  // slip through, and given back when it succeeds: only failures use up the limits.
  const ipKey = clientKey(c);
  await consume(c, 'login:ip', ipKey);
  const account = await findAccount(c.var.db, loginIdentifier(identifier));
  // Every spelling of one account's email or phone shares its counters; an identifier of
  // no account gets them too, so a 429 says nothing about whether the account exists.
  const accountKey = account ? `user:${account.id}` : `identifier:${identifier.includes('@') ? identifier.toLowerCase() : identifier.replace(/[^\d]/g, '')}`;
  const accountIpKey = `${accountKey}|${ipKey}`;
  await consume(c, 'login:account:ip', accountIpKey);
  await consume(c, 'login:account', accountKey);
  const valid = await verifyPassword(account?.passwordHash ?? (await decoyHash), password);
  if (!account || !valid || !account.isActive) return null;
  await Promise.all([refund(c.var.db, 'login:ip', ipKey), refund(c.var.db, 'login:account:ip', accountIpKey), refund(c.var.db, 'login:account', accountKey)]);
  return account;
}

export const loginRoutes = new Hono<AppEnv>().post('/login', validBody(LoginPayload), async (c) => {
  const { phone, password } = c.req.valid('json');
  const account = await checkCredentials(c, phone, password);
  if (!account) {
    const message = c.var.t('These credentials do not match our records.');
    throw validationError({ phone: [message], password: [message] });
  }
  return c.json({ message: c.var.t('Login successfully'), data: await startSession(c, account.id) });
});
