import type { UserDto } from '../../contracts/auth';
import type { CountryChoice } from '../../lib/country-names';
import { countryChoices } from './addresses';
import { displayPhoneCode } from '../../lib/phone-code';
import { PROFILE_UPLOAD_MAX_BYTES, type ContactChangeDto } from '../../contracts/profile';
import { apiGet, apiPost } from '../pages/page-api';
import { limitedForm, postedForm, sessionToken } from './forms';
import { apiCall, refusedWith } from './api';
import type { PageRequest } from './outcome';

/**
 * The account pages' forms (docs/product.md §2.2; every account page works without JavaScript). Each
 * form posts to its own page; the loader sends it to the API in-process as the signed-in
 * user (the session cookie's token as a Bearer token, page-api.ts) and says how it went,
 * with the API's field errors and messages as they are.
 */

export interface AccountFormState {
  values: Record<string, string>;
  errors: Record<string, string[]>;
  success: string | null;
  /** Why the whole form was refused (too many attempts, no way to send a code), shown above it. */
  failure?: string;
  failureStatus?: number;
}

/** The page's status for a form's outcome: 422 when a field was refused, 429 (or the API's 503) when the whole form was. */
const statusOf = (form: AccountFormState) => (form.failure ? (form.failureStatus ?? 429) : Object.keys(form.errors).length ? 422 : 200);

/** The named fields of a posted form; a body that is no form counts as an empty one (the API answers 422). */
async function postedFields(request: Request, fields: readonly string[]): Promise<Record<string, string>> {
  const form = await postedForm(request);
  return Object.fromEntries(fields.map((field) => [field, String(form.get(field) ?? '')]));
}

/**
 * Posts a form to the API as the signed-in user: the envelope's message and data, or the
 * refusal as form state (a 413, an upload too large, as the photo's error).
 */
async function submit<T>(req: PageRequest, path: string, body: Record<string, string> | FormData, keep: Record<string, string>): Promise<{ form: AccountFormState; data?: T }> {
  try {
    const { message, data } = await apiPost<T>(path, { ...apiCall(req), token: sessionToken(req), body });
    return { form: { values: {}, errors: {}, success: message }, data };
  } catch (error) {
    const refusal = refusedWith(error, 413, 422, 429, 503);
    if (refusal.status === 413) return { form: { values: keep, errors: { profile_photo: [refusal.message] }, success: null } };
    return refusal.status === 422
      ? { form: { values: keep, errors: refusal.errors, success: null } }
      : { form: { values: keep, errors: {}, success: null, failure: refusal.message, failureStatus: refusal.status } };
  }
}

const PROFILE_FIELDS = ['name', 'gender', 'date_of_birth', 'country', 'email', 'phone_code', 'phone'] as const;

export interface ProfilePageData {
  user: UserDto;
  countries: CountryChoice[];
  form: AccountFormState;
  /** New e-mail or phone numbers waiting for their code, each with its code form. */
  contactChanges: ContactChangeDto[];
  /** The code form's outcome: its errors, or the message of a code sent again. */
  code: AccountFormState;
  status: number;
}

const emptyForm = (): AccountFormState => ({ values: {}, errors: {}, success: null });

/** The profile form's values as saved (the phone code as the form shows it). */
const savedValues = (user: UserDto): Record<string, string> => ({
  ...Object.fromEntries(PROFILE_FIELDS.map((name) => [name, String(user[name as keyof UserDto] ?? '')])),
  phone_code: displayPhoneCode(user.phone_code),
});

interface ProfileAnswer {
  user?: UserDto;
  verification?: ContactChangeDto[];
  contact_changes?: ContactChangeDto[];
}

/**
 * /profile: GET /profile and the country list. The page's forms post here: the profile
 * (multipart, with the photo) goes to POST /update-profile; a new e-mail or phone then
 * waits for its code, which the code form (`_action=verify`) sends to POST
 * /update-profile/verify, or asks again for (`_action=resend`).
 */
export async function loadProfilePage(req: PageRequest): Promise<ProfilePageData> {
  let form = emptyForm();
  let code = emptyForm();
  let answer: ProfileAnswer | undefined;
  let status = 200;
  if (req.request.method === 'POST') {
    const posted = await limitedForm(req.request, PROFILE_UPLOAD_MAX_BYTES);
    if (!posted) {
      form = { values: {}, errors: { profile_photo: [req.shop.t('The upload is too large: a profile photo may be at most 2 MB.')] }, success: null };
      status = 413;
    } else {
      const action = posted.get('_action');
      const field = String(posted.get('field') ?? '');
      if (action === 'verify' || action === 'resend') {
        const body: Record<string, string> = action === 'verify' ? { otp: String(posted.get('otp') ?? ''), field } : { field };
        const result = await submit<ProfileAnswer>(req, action === 'verify' ? '/update-profile/verify' : '/update-profile/resend', body, { field });
        answer = result.data;
        // A confirmed change is the profile's news; a refusal or a code sent again is the code form's.
        if (action === 'verify' && answer?.user) form = result.form;
        else code = result.form;
      } else {
        const values = Object.fromEntries(PROFILE_FIELDS.map((name) => [name, String(posted.get(name) ?? '')]));
        const body = new FormData();
        for (const [name, value] of Object.entries(values)) body.set(name, value);
        const photo = posted.get('profile_photo');
        if (photo instanceof File && (photo.size > 0 || photo.name !== '')) body.set('profile_photo', photo);
        const result = await submit<ProfileAnswer>(req, '/update-profile', body, values);
        form = result.form;
        answer = result.data;
      }
      status = statusOf(form) !== 200 ? statusOf(form) : statusOf(code);
    }
    // The layout's sidebar reads the user the middleware loaded before this post.
    if (answer?.user) req.shop.user = answer.user;
  }
  const [profile, countries] = await Promise.all([apiGet<{ user: UserDto; contact_changes: ContactChangeDto[] }>('/profile', apiCall(req)), countryChoices(req)]);
  // A post too large to read kept no values: the form shows the saved ones with the photo's error.
  if (status === 413) form.values = savedValues(profile.user);
  return { user: profile.user, countries, form, contactChanges: profile.contact_changes ?? [], code, status };
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
