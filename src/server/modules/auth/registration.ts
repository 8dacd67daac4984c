import { Hono, type Context } from 'hono';
import { and, eq, sql } from 'drizzle-orm';
import type { AppEnv } from '../../context';
import type { Db } from '../../db';
import { countries, users } from '../../db/schema';
import { violatedUniqueIndex } from '../../db/errors';
import { validationError, type FieldErrors } from '../../http/errors';
import { type MoreChecks, validBody } from '../../http/validation';
import { phoneCodeDigits } from '@/lib/phone-code';
import { RegistrationPayload } from '@/contracts/auth';
import { loadSiteSettings, type SiteSettings } from '../master/settings';
import type { Translate } from '@/lib/i18n';
import { clientKey, consume } from '../rate-limit/middleware';
import { hashPassword } from './password';
import { startSession } from './session';

/**
 * The site's phone rules (§5.2: required by default, 9 to 16 digits unless the settings
 * say otherwise) for a typed number: its field error, or undefined when it passes. The
 * profile's phone change (modules/profile) checks a new number by the same rule.
 */
export function phoneRuleError(t: Translate, site: SiteSettings, phone: string | undefined): string[] | undefined {
  const digits = (phone ?? '').replace(/\D/g, '');
  if (!digits && site.phone_required) return [t('The {{attribute}} field is required.', { attribute: t('phone') })];
  if (digits && (digits.length < site.phone_min_length || digits.length > site.phone_max_length || !/^[\d\s().+-]+$/.test(phone!))) {
    return [t('The {{attribute}} field must be between {{min}} and {{max}} digits.', { attribute: t('phone'), min: site.phone_min_length, max: site.phone_max_length })];
  }
  return undefined;
}

/** An active country by name, any case (§3.4). */
async function activeCountry(db: Db, name: string) {
  const [country] = await db
    .select({ name: countries.name, phoneCode: countries.phoneCode })
    .from(countries)
    .where(and(eq(sql`lower(${countries.name})`, name.toLowerCase()), eq(countries.isActive, true)))
    .limit(1);
  return country;
}

/** The contact fields of a new account: the country by name (optional for the seller app), the phone and its code. */
export interface ContactFields {
  country?: string | null | undefined;
  phone?: string | undefined;
  phone_code?: string | undefined;
}

/**
 * The country by name (§3.4) and the phone, checked against the site's phone rules
 * (§5.2: required by default, 9 to 16 digits unless the settings say otherwise).
 * Returns the row values or throws the 422 of every field at once.
 */
export async function checkedContact(c: Context<AppEnv>, payload: ContactFields) {
  const t = c.var.t;
  const errors: FieldErrors = {};
  const country = payload.country ? await activeCountry(c.var.db, payload.country) : undefined;
  if (payload.country && !country) errors.country = [t('The selected {{attribute}} is invalid.', { attribute: t('country') })];

  const site = await loadSiteSettings(c.var.db);
  const digits = (payload.phone ?? '').replace(/\D/g, '');
  const phoneError = phoneRuleError(t, site, payload.phone);
  if (phoneError) errors.phone = phoneError;
  if (Object.keys(errors).length) throw validationError(errors);
  return {
    country: country?.name ?? null,
    phone: digits || null,
    phoneCode: digits ? (phoneCodeDigits(payload.phone_code) ?? phoneCodeDigits(country?.phoneCode)) : null,
  };
}

/**
 * The country's and the phone's errors beside the schema's (§5): with an empty body every
 * field's error comes at once, the phone's included when the site requires one.
 */
export const contactErrors: MoreChecks = async (body, c) => {
  const { t, db } = c.var;
  const errors: FieldErrors = {};
  if (typeof body.country === 'string' && body.country.trim() && !(await activeCountry(db, body.country.trim()))) {
    errors.country = [t('The selected {{attribute}} is invalid.', { attribute: t('country') })];
  }
  const phone = phoneRuleError(t, await loadSiteSettings(db), typeof body.phone === 'string' ? body.phone : undefined);
  if (phone) errors.phone = phone;
  return errors;
};

export interface NewAccount {
  name: string;
  email: string;
  country: string | null;
  phone: string | null;
  phoneCode: string | null;
  password: string;
}

/**
 * The field errors of an e-mail and a phone (with its code) another account holds; none
 * when both are free. Sign-up (openAccount) and the seller app's availability check
 * (POST /api/seller/check-email-phone) ask the same question.
 */
export async function takenContactErrors(db: Db, t: Translate, contact: { email: string; phone: string | null; phoneCode: string | null }): Promise<FieldErrors> {
  const taken = (field: 'email' | 'phone') => [t('The {{attribute}} has already been taken.', { attribute: t(field) })];
  const [emailOwner, phoneOwner] = await Promise.all([
    db
      .select({ id: users.id })
      .from(users)
      .where(eq(sql`lower(${users.email})`, contact.email.toLowerCase()))
      .limit(1),
    contact.phone
      ? db
          .select({ id: users.id })
          .from(users)
          .where(and(eq(users.phone, contact.phone), eq(sql`coalesce(${users.phoneCode}, '')`, contact.phoneCode ?? '')))
          .limit(1)
      : Promise.resolve([]),
  ]);
  const errors: FieldErrors = {};
  if (emailOwner.length) errors.email = taken('email');
  if (phoneOwner.length) errors.phone = taken('phone');
  return errors;
}

/**
 * Creates an account (active, nothing verified yet) and returns its id, or throws the 422
 * of an e-mail or phone another account holds. Two registrations with one e-mail or phone
 * at once: the unique index decides, and the loser gets the same 422. `db` may be a
 * transaction (the seller app's registration opens the shop in the same one).
 */
export async function openAccount(db: Db, t: Translate, account: NewAccount): Promise<number> {
  const taken = (field: 'email' | 'phone') => [t('The {{attribute}} has already been taken.', { attribute: t(field) })];
  const errors = await takenContactErrors(db, t, account);
  if (Object.keys(errors).length) throw validationError(errors);

  const passwordHash = await hashPassword(account.password);
  try {
    // A savepoint, so that inside a caller's transaction a refused insert leaves it usable.
    return await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(users)
        .values({ name: account.name, email: account.email, country: account.country, phone: account.phone, phoneCode: account.phoneCode, passwordHash })
        .returning({ id: users.id });
      return row!.id;
    });
  } catch (error) {
    const index = violatedUniqueIndex(error);
    if (index === null) throw error;
    throw validationError(index === 'users_phone' ? { phone: taken('phone') } : { email: taken('email') });
  }
}

/** §4.4 Registration: the account is created and signed in at once (token, user, cookie). */
export const registrationRoutes = new Hono<AppEnv>().post('/registration', validBody(RegistrationPayload, contactErrors), async (c) => {
  const payload = c.req.valid('json');
  await consume(c, 'registration:ip', clientKey(c));
  const contact = await checkedContact(c, payload);
  const userId = await openAccount(c.var.db, c.var.t, { name: payload.name, email: payload.email, password: payload.password, ...contact });
  return c.json({ message: c.var.t('Registration successful.'), data: await startSession(c, userId) }, 201);
});
