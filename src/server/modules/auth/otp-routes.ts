import { inBackground } from '../../background';
import { Hono, type Context } from 'hono';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { AppEnv } from '../../context';
import { users } from '../../db/schema';
import { ApiError, validationError } from '../../http/errors';
import { summarizeError } from '../../http/log-safe';
import { validBody } from '../../http/validation';
import { phoneCodeDigits } from '@/lib/phone-code';
import { ResetPasswordPayload, SendOtpPayload, VerifyOtpPayload } from '@/contracts/auth';
import { unavailable, type Delivery } from '../messaging/delivery';
import { clientKey, consume } from '../rate-limit/middleware';
import { discardCode, issueCode, issueResetToken, OTP_LIFETIME_MINUTES, resetPassword, verifyCode } from './otp';
import { hashPassword } from './password';
import { loadUserDto } from './user-dto';
import { accountById, destinationOf, findAccount, holds, type Account, type Identifier } from './accounts';

const isEmail = (value: string) => z.email().safeParse(value).success;

/**
 * How a client names the calls: the shopper's client (docs/product.md §7.2) sends the
 * e-mail or phone as `phone` and sets the new password at /reset-password; the seller app
 * (docs/decisions/017-sellers.md) sends `email` and sets it at /forgot-password, answered
 * with the seller. The payloads of both come out in the shopper's shape.
 */
export interface OtpDialect {
  /** The body field naming the e-mail or phone, for field errors. */
  field: 'phone' | 'email';
  send: z.ZodType<z.output<typeof SendOtpPayload>>;
  verify: z.ZodType<z.output<typeof VerifyOtpPayload>>;
  resetPath: string;
  reset: z.ZodType<z.output<typeof ResetPasswordPayload>>;
  /** The `data` of a reset, for the user whose password it set. */
  resetData: (c: Context<AppEnv>, userId: number) => Promise<object>;
}

export const SHOPPER_OTP: OtpDialect = {
  field: 'phone',
  send: SendOtpPayload,
  verify: VerifyOtpPayload,
  resetPath: '/reset-password',
  reset: ResetPasswordPayload,
  resetData: async () => ({}),
};

/** The identifier of `phone` (and `phone_code`), refusing what is neither an e-mail nor a phone number. */
function identify(c: Context<AppEnv>, field: OtpDialect['field'], phone: string, phoneCode: string | undefined): Identifier {
  if (phone.includes('@')) {
    if (!isEmail(phone)) throw validationError({ [field]: [c.var.t('The {{attribute}} field must be a valid email address.', { attribute: c.var.t(field) })] });
    return { kind: 'email', email: phone.toLowerCase() };
  }
  const digits = phone.replace(/\D/g, '');
  if (!/^\+?[\d\s().-]+$/.test(phone) || digits.length < 4 || digits.length > 20) {
    throw validationError({ [field]: [c.var.t('The {{attribute}} field format is invalid.', { attribute: c.var.t(field) })] });
  }
  return { kind: 'phone', digits, code: phoneCodeDigits(phoneCode) };
}

/** The identifier as the client sends it back to /verify-otp: the e-mail, or +code and number. */
const echo = (id: Identifier) => (id.kind === 'email' ? id.email : `${id.code ? '+' + id.code : ''}${id.digits}`);

/** The rate-limit key of an identifier: its account when there is one, so every spelling counts together. */
const identifierKey = (account: Account | undefined, id: Identifier) =>
  account ? `user:${account.id}` : `identifier:${id.kind === 'email' ? id.email : (id.code ?? '') + id.digits}`;

function notYours(c: Context<AppEnv>, field: OtpDialect['field']): never {
  throw validationError({ [field]: [c.var.t('This e-mail or phone number is not the one of your account.')] });
}

export interface OtpDependencies {
  delivery: Delivery;
  /** The clock: injectable so tests can let codes expire. */
  now: () => Date;
}

/**
 * The account a code is for: in forgot mode the active account the identifier names (or
 * none, which the caller must not reveal); in verification mode the signed-in user, who
 * may only ask for their own e-mail or phone.
 */
async function accountFor(c: Context<AppEnv>, id: Identifier, forgot: boolean, field: OtpDialect['field']): Promise<Account | undefined> {
  if (forgot) {
    const account = await findAccount(c.var.db, id);
    return account?.isActive ? account : undefined;
  }
  const account = await accountById(c.var.db, c.var.userId!);
  if (!account || !holds(account, id)) notYours(c, field);
  return account;
}

/**
 * POST /send-otp and POST /verify-otp (docs/product.md §4.4, §7.2).
 * Two flows, told apart by `forgot_password` (a guest is always in the forgot flow):
 * - **forgot password**: the code goes to the account holding the e-mail or phone, and
 *   verifying it answers a reset token (`data.token`). The answer to /send-otp is the
 *   same whether or not such an account exists, and so are its limits and its timing
 *   (the code goes out after the answer); a code is sent only to a real, active account.
 * - **verification** (signed in, after registration or from the profile): the code goes
 *   to the user's own e-mail or phone, and verifying it marks that one verified.
 */
export function otpRoutes({ delivery, now }: OtpDependencies, dialect: OtpDialect = SHOPPER_OTP) {
  return (
    new Hono<AppEnv>()
      .post('/send-otp', validBody(dialect.send), async (c) => {
        const payload = c.req.valid('json');
        const id = identify(c, dialect.field, payload.phone, payload.phone_code);
        await consume(c, 'otp:send:ip', clientKey(c));
        const channel = id.kind === 'email' ? 'email' : 'sms';
        // Before any lookup: a missing transport must not answer differently for real accounts.
        if (!delivery.available(channel)) throw unavailable(c.var.log, channel);
        const forgot = payload.forgot_password || c.var.userId === undefined;
        const account = await accountFor(c, id, forgot, dialect.field);
        await consume(c, 'otp:send:identifier', identifierKey(account, id));
        if (account) {
          const to = destinationOf(account, id.kind);
          const deliver = async () => {
            const { id: codeId, code } = await issueCode(c.var.db, to, forgot ? 'forgot_password' : 'register', now());
            const text = c.var.t('Your verification code is {{code}}. It expires in {{minutes}} minutes. If you did not ask for it, ignore this message.', {
              code,
              minutes: OTP_LIFETIME_MINUTES,
            });
            try {
              await delivery.send({ channel, to, subject: c.var.t('Your verification code'), text }, { db: c.var.db, log: c.var.log });
            } catch (error) {
              await discardCode(c.var.db, codeId);
              throw error;
            }
          };
          if (forgot) {
            // Not awaited: an answer that waited for the SMTP server or SMS gateway would take
            // longer for a real account than for none, and so tell them apart. A failure is
            // logged (delivery.ts) and the shopper asks again after the 60-second countdown.
            inBackground(
              deliver().catch((error: unknown) => {
                if (!(error instanceof ApiError)) c.var.log.error({ error: summarizeError(error) }, 'forgot-password code not sent');
              }),
            );
          } else {
            await deliver();
          }
        }
        const message = forgot
          ? c.var.t('If an account uses {{email_or_phone}}, a code has been sent to it.', { email_or_phone: echo(id) })
          : c.var.t('A verification code has been sent to {{email_or_phone}}.', { email_or_phone: echo(id) });
        return c.json({ message, data: { email_or_phone: echo(id) } });
      })
      .post('/verify-otp', validBody(dialect.verify), async (c) => {
        const payload = c.req.valid('json');
        const id = identify(c, dialect.field, payload.phone, payload.phone_code);
        await consume(c, 'otp:verify:ip', clientKey(c));
        const forgot = payload.forgot_password || c.var.userId === undefined;
        const account = await accountFor(c, id, forgot, dialect.field);
        await consume(c, 'otp:verify:identifier', identifierKey(account, id));
        const at = now();
        const valid = account !== undefined && (await verifyCode(c.var.db, destinationOf(account, id.kind), forgot ? 'forgot_password' : 'register', payload.otp, at));
        if (!account || !valid) throw validationError({ otp: [c.var.t('The code is invalid or has expired.')] });
        if (forgot) {
          const token = await issueResetToken(c.var.db, account.id, at);
          return c.json({ message: c.var.t('The code is verified. Choose a new password.'), data: { token } });
        }
        await c.var.db
          .update(users)
          .set(id.kind === 'email' ? { emailVerifiedAt: at, updatedAt: at } : { phoneVerifiedAt: at, updatedAt: at })
          .where(eq(users.id, account.id));
        return c.json({ message: c.var.t('Verified successfully.'), data: { user: await loadUserDto(c.var.db, account.id) } });
      })
      /** §4.4 Forgot flow, last step: the new password; every session of the account ends. */
      .post(dialect.resetPath, validBody(dialect.reset), async (c) => {
        const { password, token } = c.req.valid('json');
        await consume(c, 'reset:ip', clientKey(c));
        const changed = await resetPassword(c.var.db, token, await hashPassword(password), now());
        if (changed === null) throw validationError({ token: [c.var.t('This password reset link is invalid or has expired. Please ask for a new code.')] });
        return c.json({ message: c.var.t('Your password has been reset. Please log in.'), data: await dialect.resetData(c, changed) });
      })
  );
}
