import { asc, eq, or, sql } from 'drizzle-orm';
import type { Db } from '../../db';
import { users } from '../../db/schema';
import { phoneCodeDigits } from '@/lib/phone-code';

/**
 * Finding an account by what a shopper types as "email or phone" (docs/product.md §3.5
 * Login payload: `phone` holds either): the one rule login, the one-time codes and the
 * forgot-password flow share, so an account found by one is found by all.
 */

/**
 * What `phone` names: an e-mail address (any case), or a phone number as digits, with
 * the country code when one was sent (`phone_code`, or a number typed with its code).
 */
export type Identifier = { kind: 'email'; email: string } | { kind: 'phone'; digits: string; code: string | null };

export interface Account {
  id: number;
  email: string | null;
  phone: string | null;
  phoneCode: string | null;
  isActive: boolean;
  passwordHash: string;
}

/** The identifier of a login's `phone` field: no format rules beyond e-mail or digits. */
export function loginIdentifier(value: string): Identifier {
  return value.includes('@') ? { kind: 'email', email: value.toLowerCase() } : { kind: 'phone', digits: value.replace(/\D/g, ''), code: null };
}

const dialled = (phoneCode: string | null, phone: string) => `${phoneCodeDigits(phoneCode) ?? ''}${phone.replace(/\D/g, '')}`;

/** Whether an account holds this e-mail or phone (the number alone, or with its code). */
export function holds(account: Pick<Account, 'email' | 'phone' | 'phoneCode'>, id: Identifier): boolean {
  if (id.kind === 'email') return account.email?.toLowerCase() === id.email;
  if (!account.phone) return false;
  const full = dialled(account.phoneCode, account.phone);
  if (id.code) return full === id.code + id.digits || full === id.digits;
  return full === id.digits || account.phone.replace(/\D/g, '') === id.digits;
}

/** Where a code for this account goes: its e-mail, or its phone with the country code. */
export const destinationOf = (account: Pick<Account, 'email' | 'phone' | 'phoneCode'>, kind: Identifier['kind']) =>
  kind === 'email' ? account.email!.toLowerCase() : `+${dialled(account.phoneCode, account.phone!)}`;

const accountColumns = { id: users.id, email: users.email, phone: users.phone, phoneCode: users.phoneCode, isActive: users.isActive, passwordHash: users.passwordHash };

/** The account an identifier names, or undefined. */
export async function findAccount(db: Db, id: Identifier): Promise<Account | undefined> {
  if (id.kind === 'phone' && id.digits === '') return undefined;
  const full = sql`regexp_replace(coalesce(${users.phoneCode}, '') || ${users.phone}, '[^0-9]', '', 'g')`;
  const where =
    id.kind === 'email'
      ? eq(sql`lower(${users.email})`, id.email)
      : id.code
        ? or(eq(full, id.code + id.digits), eq(full, id.digits))
        : or(eq(full, id.digits), eq(users.phone, id.digits));
  const rows = await db.select(accountColumns).from(users).where(where).orderBy(asc(users.id)).limit(5);
  return rows.find((account) => holds(account, id));
}

/** The signed-in user's account. */
export async function accountById(db: Db, userId: number): Promise<Account | undefined> {
  const [account] = await db.select(accountColumns).from(users).where(eq(users.id, userId));
  return account;
}
