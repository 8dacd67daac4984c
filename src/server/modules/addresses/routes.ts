import { Hono, type Context } from 'hono';
import { StoreAddressPayload, UpdateAddressPayload } from '@/contracts/address';
import type { AppEnv } from '../../context';
import { notFound, validationError, type FieldErrors } from '../../http/errors';
import { type MoreChecks, validBody } from '../../http/validation';
import { requireUser } from '../auth/middleware';
import { countryNamed } from '../countries/service';
import { deleteAddress, listAddresses, storeAddress, updateAddress } from './service';

/**
 * The signed-in user's addresses (docs/product.md §7.2 GET /addresses, §7.4). An id that
 * is not one of the user's addresses (another user's, none, not a number) is a 404 on
 * every route: whether someone else's address exists is nobody else's business.
 * Country, state and city are sent together or not at all (contracts/address.ts says why);
 * the country is one of GET /countries by name, kept as that list spells it.
 */

/** The address id of the path, or a 404 for anything but a plain positive integer. */
function addressId(c: Context<AppEnv>): number {
  const raw = c.req.param('id') ?? '';
  if (!/^\d{1,9}$/.test(raw) || Number(raw) === 0) throw notFound();
  return Number(raw);
}

const userId = (c: Context<AppEnv>) => c.var.userId!;

const unknownCountry = (c: Context<AppEnv>): FieldErrors => ({ country: [c.var.t('The selected {{attribute}} is invalid.', { attribute: c.var.t('country') })] });

/** A country is one of GET /countries, by name in any case (docs/product.md §3.4); its error joins the schema's. */
const countryErrors: MoreChecks = async (body, c) =>
  typeof body.country === 'string' && body.country.trim() && !(await countryNamed(c.var.db, body.country.trim())) ? unknownCountry(c) : {};

/** The payload with its country spelt as the countries table spells it (checked by countryErrors). */
async function withCountry<T extends { country?: string | undefined }>(c: Context<AppEnv>, payload: T): Promise<T> {
  if (payload.country === undefined) return payload;
  const country = await countryNamed(c.var.db, payload.country);
  // Deactivated between the check and now: refused the same way.
  if (!country) throw validationError(unknownCountry(c));
  return { ...payload, country };
}

async function remove(c: Context<AppEnv>) {
  if (!(await deleteAddress(c.var.db, userId(c), addressId(c)))) throw notFound();
  return c.json({ message: c.var.t('Address deleted successfully'), data: {} });
}

export const addressRoutes = new Hono<AppEnv>()
  .use('/addresses', requireUser())
  .use('/address/*', requireUser())
  .get('/addresses', async (c) => c.json({ message: '', data: { addresses: await listAddresses(c.var.db, userId(c)) } }))
  .post('/address/store', validBody(StoreAddressPayload, countryErrors), async (c) => {
    const address = await storeAddress(c.var.db, userId(c), await withCountry(c, c.req.valid('json')));
    return c.json({ message: c.var.t('Address added successfully'), data: { address } }, 201);
  })
  .post('/address/:id/update', validBody(UpdateAddressPayload, countryErrors), async (c) => {
    const address = await updateAddress(c.var.db, userId(c), addressId(c), await withCountry(c, c.req.valid('json')));
    if (!address) throw notFound();
    return c.json({ message: c.var.t('Address updated successfully'), data: { address } });
  })
  // DELETE is the spec's; POST serves forms and clients that cannot send DELETE.
  .delete('/address/:id/delete', remove)
  .post('/address/:id/delete', remove);
