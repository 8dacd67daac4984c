import { ADDRESS_FORM_FIELDS, type AddressDto } from '../../contracts/address';
import type { CountryChoice } from '../../lib/country-names';
import type { CountriesDto } from '../../contracts/country';
import { apiGet, apiPost } from '../pages/page-api';
import { postedForm, sessionToken } from './forms';
import { apiCall, refusedWith } from './api';
import { notFound, page, redirect, type PageOutcome, type PageRequest } from './outcome';

/**
 * The address pages (/manage-address, /manage-address/new, /manage-address/{id}/edit;
 * docs/product.md §2.2, §7.4). Their forms post to the page itself and work without
 * JavaScript: the loader calls the API in-process as the signed-in user, answers a
 * refused form with its field errors, and after a success redirects to the list with a
 * `?done=` word, which the list turns into its translated message.
 */

const LIST = '/manage-address';

/** What each `?done=` word says; anything else says nothing (no text from the address bar is shown). */
const DONE_MESSAGES = {
  added: 'Address added successfully',
  updated: 'Address updated successfully',
  default: 'Address updated successfully',
  deleted: 'Address deleted successfully',
} as const;
type Done = keyof typeof DONE_MESSAGES;

const doneUrl = (done: Done) => `${LIST}?done=${done}`;

const signedInCall = (req: PageRequest) => ({ ...apiCall(req), token: sessionToken(req) });

/** A form that is not one (another content type, broken multipart) counts as an empty form: 422. */

/** The id of the path, or null when it cannot be an address id. */
function pathId(req: PageRequest): string | null {
  const id = req.params.id ?? '';
  return /^\d{1,9}$/.test(id) ? id : null;
}

export interface AddressListData {
  addresses: AddressDto[];
  /** The message of the action that led here, already translated. */
  success: string | null;
}

/**
 * The list, and its two small forms: make an address the default (`_action=default`) and
 * delete one (`_action=delete`, after the confirmation the page shows).
 */
export async function loadAddressList(req: PageRequest): Promise<PageOutcome<AddressListData>> {
  if (req.request.method === 'POST') {
    const form = await postedForm(req.request);
    const action = form.get('_action');
    const id = String(form.get('id') ?? '');
    if (!/^\d{1,9}$/.test(id) || (action !== 'delete' && action !== 'default')) return redirect(LIST);
    try {
      if (action === 'delete') await apiPost(`/address/${id}/delete`, signedInCall(req));
      else await apiPost(`/address/${id}/update`, { ...signedInCall(req), body: { is_default: true } });
      return redirect(doneUrl(action === 'delete' ? 'deleted' : 'default'));
    } catch (error) {
      // Gone already (deleted in another tab) or never one's own: the list shows what is.
      refusedWith(error, 404, 422);
      return redirect(LIST);
    }
  }
  const { addresses } = await apiGet<{ addresses: AddressDto[] }>('/addresses', apiCall(req));
  const done = req.url.searchParams.get('done');
  const success = done && Object.hasOwn(DONE_MESSAGES, done) ? req.shop.t(DONE_MESSAGES[done as Done]) : null;
  return page({ addresses, success });
}

export interface AddressFormData {
  /** What the form shows: the address's values, or what was posted when it was refused. */
  values: Record<string, string>;
  isDefault: boolean;
  /** Whether this address is the default already (the box cannot be unticked then). */
  alreadyDefault: boolean;
  errors: Record<string, string[]>;
  /** The countries the form offers (GET /countries). */
  countries: CountryChoice[];
  /** 422 when the post was refused (413 when it was too large). */
  status: number;
}

/** The active countries, for a form's country (GET /countries; the checkout's new address and the profile too). */
export async function countryChoices(req: PageRequest): Promise<CountryChoice[]> {
  return (await apiGet<CountriesDto>('/countries', apiCall(req))).countries.map(({ name, code }) => ({ name, code }));
}

function formValues(address: AddressDto): Record<string, string> {
  return Object.fromEntries(ADDRESS_FORM_FIELDS.map((field) => [field, address[field] ?? '']));
}

/** Posts the form to `path`; a redirect to the list on success, else the form with its errors. */
async function submit(req: PageRequest, path: string, done: Done, alreadyDefault: boolean): Promise<PageOutcome<AddressFormData>> {
  const form = await postedForm(req.request);
  const values = Object.fromEntries(ADDRESS_FORM_FIELDS.map((field) => [field, String(form.get(field) ?? '')]));
  const isDefault = form.get('is_default') === '1';
  try {
    await apiPost(path, { ...signedInCall(req), body: { ...values, ...(isDefault ? { is_default: true } : {}) } });
    return redirect(doneUrl(done));
  } catch (error) {
    const refusal = refusedWith(error, 404, 413, 422);
    if (refusal.status === 404) return notFound();
    // A value no field takes is not sent back whole (a body too large for the API: 413).
    const shown = Object.fromEntries(Object.entries(values).map(([field, value]) => [field, value.slice(0, 300)]));
    const errors = refusal.status === 422 ? refusal.errors : { request: [refusal.message] };
    return page({ values: shown, isDefault, alreadyDefault, errors, countries: await countryChoices(req), status: refusal.status });
  }
}

/** /manage-address/new: an empty form (home by default); a post stores the address. */
export async function loadNewAddress(req: PageRequest): Promise<PageOutcome<AddressFormData>> {
  if (req.request.method === 'POST') return submit(req, '/address/store', 'added', false);
  return page({ values: { address_type: 'home' }, isDefault: false, alreadyDefault: false, errors: {}, countries: await countryChoices(req), status: 200 });
}

/** /manage-address/{id}/edit: the user's address in the form, else Page Not Found; a post updates it. */
export async function loadEditAddress(req: PageRequest): Promise<PageOutcome<AddressFormData>> {
  const id = pathId(req);
  if (!id) return notFound();
  const { addresses } = await apiGet<{ addresses: AddressDto[] }>('/addresses', apiCall(req));
  const address = addresses.find((item) => String(item.id) === id);
  if (!address) return notFound();
  if (req.request.method === 'POST') return submit(req, `/address/${id}/update`, 'updated', address.is_default);
  return page({ values: formValues(address), isDefault: address.is_default, alreadyDefault: address.is_default, errors: {}, countries: await countryChoices(req), status: 200 });
}
