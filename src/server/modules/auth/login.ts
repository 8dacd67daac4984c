import { Hono } from 'hono';
import type { AppEnv } from '../../context';
import { validationError } from '../../http/errors';
import { validBody } from '../../http/validation';
import { clientKey, consume } from '../rate-limit/middleware';
import { refund } from '../rate-limit/service';
import { hashPassword, verifyPassword } from './password';
import { startSession } from './session';
import { findAccount, loginIdentifier } from './accounts';
import { LoginPayload } from '@/contracts/auth';

// Compared against when no account matches, so a wrong email costs as long as a wrong password.
const decoyHash = hashPassword('decoy-password-for-timing');

export const loginRoutes = new Hono<AppEnv>().post('/login', validBody(LoginPayload), async (c) => {
  const { phone, password } = c.req.valid('json');
  // Failed logins are limited per account and address, per address, and per account from
  // everywhere (rate-limit/limits.ts): a guesser is stopped, the owner elsewhere gets in.
  // Each attempt is counted before the password is checked, so parallel guesses cannot all
  // slip through, and given back when it succeeds: only failures use up the limits.
  const ipKey = clientKey(c);
  await consume(c, 'login:ip', ipKey);
  const account = await findAccount(c.var.db, loginIdentifier(phone));
  // Every spelling of one account's email or phone shares its counters; an identifier of
  // no account gets them too, so a 429 says nothing about whether the account exists.
  const accountKey = account ? `user:${account.id}` : `identifier:${phone.includes('@') ? phone.toLowerCase() : phone.replace(/[^\d]/g, '')}`;
  const accountIpKey = `${accountKey}|${ipKey}`;
  await consume(c, 'login:account:ip', accountIpKey);
  await consume(c, 'login:account', accountKey);
  const valid = await verifyPassword(account?.passwordHash ?? (await decoyHash), password);
  if (!account || !valid || !account.isActive) {
    const message = c.var.t('These credentials do not match our records.');
    throw validationError({ phone: [message], password: [message] });
  }
  await Promise.all([refund(c.var.db, 'login:ip', ipKey), refund(c.var.db, 'login:account:ip', accountIpKey), refund(c.var.db, 'login:account', accountKey)]);
  return c.json({ message: c.var.t('Login successfully'), data: await startSession(c, account.id) });
});
