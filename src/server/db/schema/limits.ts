import { index, integer, pgTable, primaryKey, timestamp, varchar } from 'drizzle-orm/pg-core';

/**
 * Fixed-window counters of the rate limits (modules/rate-limit): one row per bucket
 * (a named limit such as `login:account`) and key (a hash of the IP, account or
 * viewer). They live in the database so that every server process counts together.
 * Rows past `reset_at` are dead: the next hit restarts them, a sweep deletes the rest.
 */
export const rateLimits = pgTable(
  'rate_limits',
  {
    bucket: varchar('bucket', { length: 40 }).notNull(),
    /** SHA-256 of the caller's key (base64url): bounded length, and no addresses or emails at rest. */
    key: varchar('key', { length: 43 }).notNull(),
    count: integer('count').notNull(),
    resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.bucket, t.key] }), index('rate_limits_reset_at').on(t.resetAt)],
);
