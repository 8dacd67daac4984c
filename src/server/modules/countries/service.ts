import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db';
import { countries } from '../../db/schema';

/**
 * The active country of this name (any case), as the countries table spells it, or null:
 * a country is chosen by its name from GET /countries (docs/product.md §3.4), by the
 * profile (modules/profile) and by an address (modules/addresses) alike.
 */
export async function countryNamed(db: Db, name: string): Promise<string | null> {
  const [row] = await db
    .select({ name: countries.name })
    .from(countries)
    .where(and(eq(sql`lower(${countries.name})`, name.toLowerCase()), eq(countries.isActive, true)))
    .limit(1);
  return row?.name ?? null;
}
