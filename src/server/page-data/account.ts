import { parse } from 'hono/utils/cookie';
import type { UserDto } from '../../contracts/auth';
import { SESSION_COOKIE } from '../http/xsrf';
import { apiGet, apiPost } from '../page-api';
import { tokenOrUndefined } from '../page-context';
import { apiCall, refusedWith } from './api';
import type { PageRequest } from './outcome';

/**
 * The account pages' forms (issue 8: every account page works without JavaScript). Each
 * form posts to its own page; the loader sends it to the API in-process as the signed-in
 * user (the session cookie's token as a Bearer token, page-api.ts) and says how it went,
 * with the API's field errors and messages as they are.
 */

export interface AccountFormState {
  values: Record<string, string>;
  errors: Record<string, string[]>;
  success: string | null;
  /** Why the whole form was refused (too many attempts), shown above it. */
  failure?: string;
}

/** The page's status for a form's outcome: 422 when a field was refused, 429 when the whole form was. */
const statusOf = (form: AccountFormState) => (form.failure ? 429 : Object.keys(form.errors).length ? 422 : 200);

/** The session cookie's token: the account pages only render for a signed-in user (src/middleware.ts). */
function sessionToken(req: PageRequest): string | undefined {
  return tokenOrUndefined(parse(req.request.headers.get('cookie') ?? '', SESSION_COOKIE)[SESSION_COOKIE]);
}

/** The named fields of a posted form; a body that is no form counts as an empty one (the API answers 422). */
async function postedFields(request: Request, fields: readonly string[]): Promise<Record<string, string>> {
  const form = await request.formData().catch(() => new FormData());
  return Object.fromEntries(fields.map((field) => [field, String(form.get(field) ?? '')]));
}

/** Posts a form to the API as the signed-in user: the envelope's message and data, or the refusal as form state. */
async function submit<T>(req: PageRequest, path: string, values: Record<string, string>, keep: Record<string, string>): Promise<{ form: AccountFormState; data?: T }> {
  try {
    const { message, data } = await apiPost<T>(path, { ...apiCall(req), token: sessionToken(req), body: values });
    return { form: { values: {}, errors: {}, success: message }, data };
  } catch (error) {
    const refusal = refusedWith(error, 422, 429);
    return refusal.status === 429
      ? { form: { values: keep, errors: {}, success: null, failure: refusal.message } }
      : { form: { values: keep, errors: refusal.errors, success: null } };
  }
}

const PROFILE_FIELDS = ['name', 'gender', 'date_of_birth', 'country'] as const;

export interface ProfilePageData {
  user: UserDto;
  countries: string[];
  form: AccountFormState;
  status: number;
}

/**
 * /profile: GET /profile and the country list; a post of the form goes to POST
 * /update-profile. The e-mail and phone are shown, not posted: changing them needs the
 * new one verified by a code (issue 8), which the API does not offer yet.
 */
export async function loadProfilePage(req: PageRequest): Promise<ProfilePageData> {
  let form: AccountFormState = { values: {}, errors: {}, success: null };
  let updated: UserDto | undefined;
  if (req.request.method === 'POST') {
    const values = await postedFields(req.request, PROFILE_FIELDS);
    const result = await submit<{ user: UserDto }>(req, '/update-profile', values, values);
    form = result.form;
    updated = result.data?.user;
    // The layout's sidebar reads the user the middleware loaded before this post.
    if (updated) req.shop.user = updated;
  }
  const [user, countries] = await Promise.all([
    updated ?? apiGet<{ user: UserDto }>('/profile', apiCall(req)).then((data) => data.user),
    apiGet<{ countries: { name: string }[] }>('/countries', apiCall(req)).then((data) => data.countries.map((country) => country.name)),
  ]);
  return { user, countries, form, status: statusOf(form) };
}

const PASSWORD_FIELDS = ['current_password', 'password', 'password_confirmation'] as const;

export interface ChangePasswordPageData {
  form: AccountFormState;
  status: number;
}

/**
 * /change-password: a post goes to POST /change-password with the session's own token,
 * which the API keeps while it signs every other session out. Passwords are never sent
 * back into the form.
 */
export async function loadChangePasswordPage(req: PageRequest): Promise<ChangePasswordPageData> {
  if (req.request.method !== 'POST') return { form: { values: {}, errors: {}, success: null }, status: 200 };
  const { form } = await submit(req, '/change-password', await postedFields(req.request, PASSWORD_FIELDS), {});
  return { form, status: statusOf(form) };
}
