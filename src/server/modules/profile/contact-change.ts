import type { Context } from 'hono';
import { and, desc, eq, gt, ne, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { AppEnv } from '../../context';
import type { Db } from '../../db';
import { contactChanges, users } from '../../db/schema';
import { violatedUniqueIndex } from '../../db/errors';
import { validationError, type FieldErrors } from '../../http/errors';
import { phoneCodeDigits } from '@/lib/phone-code';
import type { ContactChangeDto, ContactField } from '@/contracts/profile';
import { loadSiteSettings } from '../master/settings';
import type { Delivery } from '../messaging/delivery';
import { discardCode, issueCode, OTP_LIFETIME_MINUTES, verifyCode } from '../auth/otp';
import { phoneRuleError } from '../auth/registration';
import { clientKey, consume } from '../rate-limit/middleware';

/**
 * A new e-mail or phone on the profile (docs/product.md §7.4 POST /update-profile): it replaces the old one only after the
 * code sent to the new one comes back. The request is kept in `contact_changes` (one per
 * user and kind) and the code in `otp_codes` with purpose `change_contact` and the user's
 * id, so nobody else's code, and no code for another destination, confirms it.
 */

export interface ContactDependencies {
  delivery: Delivery;
  now: () => Date;
}

/** A change asked for and checked, ready to be sent a code. */
export interface ContactRequest {
  kind: ContactField;
  email: string | null;
  phone: string | null;
  phoneCode: string | null;
  /** Where the code goes: the e-mail in lower case, or + code and number. */
  destination: string;
}

/** What the user holds now. */
interface Current {
  email: string | null;
  phone: string | null;
  phoneCode: string | null;
}

/** A waiting change is offered for a day; after that the shopper asks again. */
const PENDING_MS = 24 * 60 * 60 * 1000;

const isEmail = (value: string) => z.email().safeParse(value).success;
const taken = (t: AppEnv['Variables']['t'], field: ContactField) => [t('The {{attribute}} has already been taken.', { attribute: t(field) })];

/**
 * The e-mail and phone changes a profile post asks for, checked (format, the site's phone
 * rules, not another account's); problems go into `errors`. The same value sent back
 * (any case, any spelling of the number) asks for nothing.
 */
export async function contactChangesAsked(
  c: Context<AppEnv>,
  userId: number,
  current: Current,
  payload: { email?: string | undefined; phone?: string | undefined; phone_code?: string | undefined },
  errors: FieldErrors,
): Promise<ContactRequest[]> {
  const { db, t } = c.var;
  const asked: ContactRequest[] = [];
  if (payload.email !== undefined && payload.email.toLowerCase() !== (current.email ?? '').toLowerCase()) {
    if (payload.email === '') errors.email = [t('The {{attribute}} field is required.', { attribute: t('email') })];
    else if (!isEmail(payload.email)) errors.email = [t('The {{attribute}} field must be a valid email address.', { attribute: t('email') })];
    else if (await emailTaken(db, userId, payload.email)) errors.email = taken(t, 'email');
    else asked.push({ kind: 'email', email: payload.email, phone: null, phoneCode: null, destination: payload.email.toLowerCase() });
  }
  if (payload.phone !== undefined) {
    const digits = payload.phone.replace(/\D/g, '');
    const code = phoneCodeDigits(payload.phone_code) ?? current.phoneCode;
    if (digits !== (current.phone ?? '') || (digits !== '' && code !== current.phoneCode)) {
      const site = await loadSiteSettings(db);
      const ruleError = digits === '' ? [t('The {{attribute}} field is required.', { attribute: t('phone') })] : phoneRuleError(t, site, payload.phone);
      if (ruleError) errors.phone = ruleError;
      else if (await phoneTaken(db, userId, digits, code)) errors.phone = taken(t, 'phone');
      else asked.push({ kind: 'phone', email: null, phone: digits, phoneCode: code, destination: `+${code ?? ''}${digits}` });
    }
  }
  return asked;
}

async function emailTaken(db: Db, userId: number, email: string): Promise<boolean> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(sql`lower(${users.email})`, email.toLowerCase()), ne(users.id, userId)))
    .limit(1);
  return rows.length > 0;
}

async function phoneTaken(db: Db, userId: number, phone: string, phoneCode: string | null): Promise<boolean> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.phone, phone), eq(sql`coalesce(${users.phoneCode}, '')`, phoneCode ?? ''), ne(users.id, userId)))
    .limit(1);
  return rows.length > 0;
}

/** How a change is shown to the shopper: the e-mail, or +code and number. */
const shown = (change: { kind: ContactField; destination: string }): ContactChangeDto => ({ field: change.kind, sent_to: change.destination });

/** Sends a new code for a change; an unsent code is removed again. */
async function sendCode(c: Context<AppEnv>, { delivery, now }: ContactDependencies, userId: number, change: { kind: ContactField; destination: string }) {
  await consume(c, 'otp:send:ip', clientKey(c));
  // Per account and per destination: nobody floods someone else's inbox from many accounts.
  await consume(c, 'otp:send:identifier', `user:${userId}`);
  await consume(c, 'otp:send:identifier', `identifier:${change.destination}`);
  const { db, log, t } = c.var;
  const { id, code } = await issueCode(db, change.destination, 'change_contact', now(), userId);
  const text = t('Your verification code is {{code}}. It expires in {{minutes}} minutes. If you did not ask for it, ignore this message.', { code, minutes: OTP_LIFETIME_MINUTES });
  try {
    await delivery.send({ channel: change.kind === 'email' ? 'email' : 'sms', to: change.destination, subject: t('Your verification code'), text }, { db, log });
  } catch (error) {
    await discardCode(db, id);
    throw error;
  }
}

/**
 * Keeps the change (replacing an older one of the same kind, whose code then no longer
 * counts) and sends its code. Returns what the answer shows.
 */
export async function startContactChange(c: Context<AppEnv>, deps: ContactDependencies, userId: number, change: ContactRequest): Promise<ContactChangeDto> {
  await sendCode(c, deps, userId, change);
  const values = { email: change.email, phone: change.phone, phoneCode: change.phoneCode, destination: change.destination, createdAt: deps.now() };
  await c.var.db
    .insert(contactChanges)
    .values({ userId, kind: change.kind, ...values })
    .onConflictDoUpdate({ target: [contactChanges.userId, contactChanges.kind], set: values });
  return shown(change);
}

/** The user's changes still waiting for a code, the latest first. */
export async function pendingChanges(db: Db, userId: number, now: Date) {
  return db
    .select()
    .from(contactChanges)
    .where(and(eq(contactChanges.userId, userId), gt(contactChanges.createdAt, new Date(now.getTime() - PENDING_MS))))
    .orderBy(desc(contactChanges.createdAt), desc(contactChanges.id));
}

export async function pendingChangeDtos(db: Db, userId: number, now: Date): Promise<ContactChangeDto[]> {
  return (await pendingChanges(db, userId, now)).map(shown);
}

async function pendingChange(c: Context<AppEnv>, userId: number, field: ContactField | undefined, now: Date, errorField: string) {
  const changes = await pendingChanges(c.var.db, userId, now);
  const change = field ? changes.find((item) => item.kind === field) : changes[0];
  if (!change) throw validationError({ [errorField]: [c.var.t('No new e-mail address or phone number is waiting for a code.')] });
  return change;
}

/** A new code for the waiting change of `field`. */
export async function resendContactCode(c: Context<AppEnv>, deps: ContactDependencies, userId: number, field: ContactField): Promise<ContactChangeDto> {
  const change = await pendingChange(c, userId, field, deps.now(), 'field');
  await sendCode(c, deps, userId, change);
  return shown(change);
}

/**
 * Confirms a waiting change with its code: the new e-mail or phone replaces the old one,
 * verified, and the request is gone. A wrong, expired or used code, or another user's,
 * is the otp field's error; an address another account took meanwhile is its own field's.
 */
export async function confirmContactChange(c: Context<AppEnv>, userId: number, field: ContactField | undefined, otp: string, now: Date): Promise<ContactField> {
  const { db, t } = c.var;
  await consume(c, 'otp:verify:ip', clientKey(c));
  await consume(c, 'otp:verify:identifier', `user:${userId}`);
  const change = await pendingChange(c, userId, field, now, 'otp');
  if (!(await verifyCode(db, change.destination, 'change_contact', otp, now, userId))) throw validationError({ otp: [t('The code is invalid or has expired.')] });
  try {
    await db.transaction(async (tx) => {
      await tx
        .update(users)
        .set(
          change.kind === 'email'
            ? { email: change.email, emailVerifiedAt: now, updatedAt: now }
            : { phone: change.phone, phoneCode: change.phoneCode, phoneVerifiedAt: now, updatedAt: now },
        )
        .where(eq(users.id, userId));
      await tx.delete(contactChanges).where(eq(contactChanges.id, change.id));
    });
  } catch (error) {
    if (violatedUniqueIndex(error) === null) throw error;
    // Another account took it after the code was sent: this request cannot succeed any more.
    await db.delete(contactChanges).where(eq(contactChanges.id, change.id));
    throw validationError({ [change.kind]: taken(t, change.kind) });
  }
  return change.kind;
}
