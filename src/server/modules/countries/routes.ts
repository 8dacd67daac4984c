import { Hono } from 'hono';
import { asc, eq } from 'drizzle-orm';
import type { AppEnv } from '../../context';
import { CACHE, cached } from '../../cache';
import { countries } from '../../db/schema';
import { phoneCodeDigits } from '@/lib/phone-code';
import type { CountriesDto, CountryDto } from '@/contracts/country';

export const countryRoutes = new Hono<AppEnv>().get('/countries', async (c) => {
  const db = c.var.db;
  const list = await cached(db, CACHE.countries, async (): Promise<CountryDto[]> => {
    const rows = await db.select().from(countries).where(eq(countries.isActive, true)).orderBy(asc(countries.name));
    return rows.map((row) => ({ id: row.id, name: row.name, code: row.code, phone_code: phoneCodeDigits(row.phoneCode) }));
  });
  return c.json({ message: '', data: { countries: list } satisfies CountriesDto });
});
