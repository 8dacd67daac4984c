import { integer, timestamp, serial } from 'drizzle-orm/pg-core';

/** Primary key used by every table: the API exposes numeric ids. */
export const id = () => serial('id').primaryKey();

/** Money is kept in integer minor units (cents) so sums never drift. */
export const money = (name: string) => integer(name).notNull().default(0);

export const timestamps = () => ({
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
