import { boolean, date, index, integer, pgTable, smallint, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { id, money, timestamps } from './columns.ts';
import { ADDRESS_TYPES } from '../../../contracts/address.ts';
import { WALLET_TRANSACTION_TYPES } from '../../../contracts/wallet.ts';

export const users = pgTable(
  'users',
  {
    id: id(),
    name: varchar('name', { length: 120 }).notNull(),
    email: varchar('email', { length: 190 }),
    phone: varchar('phone', { length: 20 }),
    phoneCode: varchar('phone_code', { length: 8 }),
    country: varchar('country', { length: 100 }),
    passwordHash: text('password_hash').notNull(),
    profilePhoto: varchar('profile_photo', { length: 500 }),
    gender: varchar('gender', { length: 10 }),
    dateOfBirth: date('date_of_birth'),
    phoneVerifiedAt: timestamp('phone_verified_at', { withTimezone: true }),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    isActive: boolean('is_active').notNull().default(true),
    /** Wallet balance in minor units; every change is a wallet_transactions row. */
    walletBalance: money('wallet_balance'),
    /** When the client last said the user was here (POST /update-last-seen). */
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }),
    ...timestamps(),
  },
  (t) => [uniqueIndex('users_email').on(sql`lower(${t.email})`), uniqueIndex('users_phone').on(t.phoneCode, t.phone)],
);

/** Bearer tokens: only the SHA-256 of the token is stored. */
export const accessTokens = pgTable(
  'access_tokens',
  {
    id: id(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: varchar('token_hash', { length: 64 }).notNull().unique(),
    name: varchar('name', { length: 60 }).notNull().default('web'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('access_tokens_user').on(t.userId)],
);

/** `change_contact`: a new e-mail or phone of a signed-in user, proven before it replaces the old one. */
export const OTP_PURPOSES = ['register', 'forgot_password', 'login', 'order', 'change_contact'] as const;

/** One-time codes: hashed, expiring, with counted attempts and resends. */
export const otpCodes = pgTable(
  'otp_codes',
  {
    id: id(),
    /** Email address or phone (with code) the code was sent to. */
    destination: varchar('destination', { length: 190 }).notNull(),
    purpose: varchar('purpose', { length: 20, enum: OTP_PURPOSES }).notNull(),
    /** The user who asked, for codes only that user may use (`change_contact`). */
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    codeHash: varchar('code_hash', { length: 64 }).notNull(),
    attempts: smallint('attempts').notNull().default(0),
    sendCount: smallint('send_count').notNull().default(1),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('otp_codes_destination').on(t.destination, t.purpose)],
);

export const CONTACT_KINDS = ['email', 'phone'] as const;

/**
 * A new e-mail or phone a user asked for on the profile (modules/profile/contact-change.ts):
 * it replaces the old one only once the code sent to it is verified. One pending change
 * per user and kind; asking again replaces it.
 */
export const contactChanges = pgTable(
  'contact_changes',
  {
    id: id(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: varchar('kind', { length: 10, enum: CONTACT_KINDS }).notNull(),
    email: varchar('email', { length: 190 }),
    phone: varchar('phone', { length: 20 }),
    phoneCode: varchar('phone_code', { length: 8 }),
    /** Where the code went: the e-mail (lower case) or +code and number, as otp_codes.destination. */
    destination: varchar('destination', { length: 190 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('contact_changes_user_kind').on(t.userId, t.kind)],
);

/** Single-use tokens handed out after a verified forgot-password OTP. */
export const passwordResetTokens = pgTable('password_reset_tokens', {
  id: id(),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  tokenHash: varchar('token_hash', { length: 64 }).notNull().unique(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Accounts linked through Google, Facebook, Twitter or Microsoft. */
export const socialAccounts = pgTable(
  'social_accounts',
  {
    id: id(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: varchar('provider', { length: 20 }).notNull(),
    providerUserId: varchar('provider_user_id', { length: 190 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('social_accounts_provider_user').on(t.provider, t.providerUserId)],
);

/**
 * Social logins under way (modules/social-auth): one row per redirect to a provider,
 * found by the SHA-256 of its state and consumed by the callback once, so a replayed
 * callback finds nothing. Rows live ten minutes.
 */
export const socialAuthRequests = pgTable(
  'social_auth_requests',
  {
    id: id(),
    stateHash: varchar('state_hash', { length: 64 }).notNull().unique(),
    provider: varchar('provider', { length: 20 }).notNull(),
    /** The PKCE verifier, for providers that support PKCE. */
    codeVerifier: varchar('code_verifier', { length: 128 }),
    /** 'popup' when a script opened the provider in a window of its own, else 'page'. */
    mode: varchar('mode', { length: 10, enum: ['popup', 'page'] }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('social_auth_requests_expires').on(t.expiresAt)],
);

export const addresses = pgTable(
  'addresses',
  {
    id: id(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 120 }).notNull(),
    phone: varchar('phone', { length: 20 }).notNull(),
    area: varchar('area', { length: 120 }),
    flatNo: varchar('flat_no', { length: 60 }),
    addressType: varchar('address_type', { length: 10, enum: ADDRESS_TYPES }).notNull().default('home'),
    addressLine: varchar('address_line', { length: 255 }).notNull(),
    addressLine2: varchar('address_line2', { length: 255 }),
    postCode: varchar('post_code', { length: 20 }),
    /**
     * Where a courier goes (docs/product.md §3.5 Address): the country by the name the
     * countries table spells it, then the state and city as typed. Null on addresses saved
     * before they were asked for, and on those of clients that do not send them (the three
     * are sent together or not at all: contracts/address.ts).
     */
    country: varchar('country', { length: 100 }),
    state: varchar('state', { length: 100 }),
    city: varchar('city', { length: 100 }),
    isDefault: boolean('is_default').notNull().default(false),
    latitude: varchar('latitude', { length: 30 }),
    longitude: varchar('longitude', { length: 30 }),
    ...timestamps(),
  },
  (t) => [index('addresses_user').on(t.userId)],
);

export const walletTransactions = pgTable(
  'wallet_transactions',
  {
    id: id(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: varchar('type', { length: 10, enum: WALLET_TRANSACTION_TYPES }).notNull(),
    amount: money('amount'),
    /** Balance after this transaction, for statements without re-summing. */
    balanceAfter: money('balance_after'),
    purpose: varchar('purpose', { length: 190 }).notNull(),
    reference: varchar('reference', { length: 100 }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('wallet_transactions_user').on(t.userId, t.createdAt)],
);
