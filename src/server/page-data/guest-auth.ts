import type { SignedInDto, UserDto } from '../../contracts/auth';
import { SESSION_COOKIE } from '../../contracts/http';
import { env } from '../env';
import { pagePeer } from '../http/client-ip';
import { isHttps } from '../http/transport';
import { apiGet, apiPost } from '../pages/page-api';
import { postedForm, sessionToken } from './forms';
import { apiCall, refusedWith } from './api';
import type { CountriesDto, CountryOption } from '../../contracts/country';
import { page, redirect, type PageOutcome, type PageRequest } from './outcome';
import { accountCodeTarget } from '../../lib/code-target';

/**
 * Sign-in, registration, the registration code and forgot password without JavaScript
 * (docs/product.md §4.4): /login, /register, /verify-otp and /forgot-password. Their forms post to the
 * page itself; the loader sends them to the same API routes the dialogs call
 * (in-process, page-api.ts), so the rules and messages are the API's own, and shows the
 * refusal under each field. Signing in sets the session cookie the API would set, then
 * redirects.
 */

/** What a loader may set of the answer: the session cookie (Astro's `cookies`). */
export interface CookieJar {
  set(name: string, value: string, options: { path: string; httpOnly: boolean; sameSite: 'lax'; secure: boolean; expires: Date }): void;
}

export interface GuestFormState {
  values: Record<string, string>;
  errors: Record<string, string[]>;
  success: string | null;
  /** Why the whole form was refused (too many attempts, a code that could not be sent). */
  failure: string | null;
  status: number;
}

const blank = (values: Record<string, string> = {}, success: string | null = null): GuestFormState => ({ values, errors: {}, success, failure: null, status: 200 });

/** The refused form: field errors of a 422, else the message of the whole refusal. */
function refused(error: unknown, values: Record<string, string>): GuestFormState {
  const refusal = refusedWith(error, 413, 422, 429, 503);
  return refusal.status === 422
    ? { values, errors: refusal.errors, success: null, failure: null, status: 422 }
    : { values, errors: {}, success: null, failure: refusal.message, status: refusal.status };
}

/** The named fields of a posted form ('' for missing ones; a body that is no form is an empty form). */
async function posted<const F extends string>(request: Request, fields: readonly F[]): Promise<Record<F, string>> {
  const form = await postedForm(request);
  return Object.fromEntries(fields.map((field) => [field, typeof form.get(field) === 'string' ? String(form.get(field)) : ''])) as Record<F, string>;
}

/** Sets the session cookie as the API's startSession does (modules/auth/session.ts). */
function keepSession(req: PageRequest, cookies: CookieJar, access: SignedInDto['access']) {
  const peer = pagePeer(req.request) ?? { address: undefined, encrypted: req.url.protocol === 'https:' };
  cookies.set(SESSION_COOKIE, access.token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: isHttps(peer, req.request.headers.get('x-forwarded-proto'), env().TRUST_PROXY),
    expires: new Date(access.expires_at),
  });
}

const countriesOf = async (req: PageRequest): Promise<CountryOption[]> =>
  (await apiGet<CountriesDto>('/countries', apiCall(req))).countries.map(({ name, phone_code }) => ({ name, phone_code }));

/* ---------------------------------------------------------------- /login */

export interface LoginPageData {
  form: GuestFormState;
}

/** What `/login?done=` words say (no text from the address bar is shown). */
const LOGIN_NOTICES = { reset: 'Your password has been reset. Please log in.' } as const;

/** /login: POST /login; success sets the session cookie and goes to the home page. */
export async function loadLoginPage(req: PageRequest, cookies: CookieJar): Promise<PageOutcome<LoginPageData>> {
  if (req.shop.user) return redirect('/');
  if (req.request.method !== 'POST') {
    const done = req.url.searchParams.get('done');
    const notice = done && Object.hasOwn(LOGIN_NOTICES, done) ? req.shop.t(LOGIN_NOTICES[done as keyof typeof LOGIN_NOTICES]) : null;
    return page({ form: blank({}, notice) });
  }
  const { phone, password } = await posted(req.request, ['phone', 'password']);
  try {
    const { data } = await apiPost<SignedInDto>('/login', { ...apiCall(req), body: { phone, password } });
    keepSession(req, cookies, data.access);
    return redirect('/');
  } catch (error) {
    return page({ form: refused(error, { phone }) });
  }
}

/* ---------------------------------------------------------------- /register */

const REGISTER_FIELDS = ['name', 'country', 'phone_code', 'phone', 'email', 'password'] as const;

export interface RegisterPageData {
  form: GuestFormState;
  countries: CountryOption[];
}

/** Where a new account's code goes by the site's settings (§4.4, lib/code-target.ts). */
const codeTarget = (req: PageRequest, user: UserDto) => accountCodeTarget(user, req.shop.master.register_otp_type);

/**
 * /register: POST /registration; success signs the new shopper in (session cookie) and,
 * when the site verifies accounts, sends the code and goes to /verify-otp, else to the
 * dashboard.
 */
export async function loadRegisterPage(req: PageRequest, cookies: CookieJar): Promise<PageOutcome<RegisterPageData>> {
  if (req.shop.user) return redirect('/');
  const countries = await countriesOf(req);
  if (req.request.method !== 'POST') return page({ form: blank(), countries });
  const values = await posted(req.request, REGISTER_FIELDS);
  let signedIn: SignedInDto;
  try {
    signedIn = (await apiPost<SignedInDto>('/registration', { ...apiCall(req), body: values })).data;
  } catch (error) {
    const { password: _password, ...kept } = values;
    return page({ form: refused(error, kept), countries });
  }
  keepSession(req, cookies, signedIn.access);
  if (!req.shop.master.register_otp_verify) return redirect('/dashboard');
  try {
    await apiPost('/send-otp', { ...apiCall(req), token: signedIn.access.token, body: { ...codeTarget(req, signedIn.user), forgot_password: 0 } });
    return redirect('/verify-otp');
  } catch (error) {
    // The account exists and is signed in; the code page offers to send it again.
    refusedWith(error, 422, 429, 503);
    return redirect('/verify-otp?done=unsent');
  }
}

/* ---------------------------------------------------------------- /verify-otp */

export interface VerifyOtpPageData {
  form: GuestFormState;
  /** Where the code went, as the shopper reads it. */
  sentTo: string;
}

const VERIFY_NOTICES = { unsent: 'The message could not be sent. Please try again later.' } as const;

/**
 * /verify-otp: the code of a just-registered account (POST /verify-otp as the signed-in
 * shopper), or another one sent (`_action=resend`, POST /send-otp). Verified, or already
 * verified, the shopper goes on to the dashboard.
 */
export async function loadVerifyOtpPage(req: PageRequest): Promise<PageOutcome<VerifyOtpPageData>> {
  const user = req.shop.user;
  if (!user) return redirect('/');
  const target = codeTarget(req, user);
  const verified = target.phone === user.email ? user.email_verified : user.phone_verified;
  if (verified) return redirect('/dashboard');
  const sentTo = target.phone_code ? `+${target.phone_code} ${target.phone}` : target.phone;
  const call = { ...apiCall(req), token: sessionToken(req) };
  if (req.request.method !== 'POST') {
    const done = req.url.searchParams.get('done');
    const form = blank();
    if (done && Object.hasOwn(VERIFY_NOTICES, done)) form.failure = req.shop.t(VERIFY_NOTICES[done as keyof typeof VERIFY_NOTICES]);
    return page({ form, sentTo });
  }
  const { _action, otp } = await posted(req.request, ['_action', 'otp']);
  try {
    if (_action === 'resend') {
      const { message } = await apiPost('/send-otp', { ...call, body: { ...target, forgot_password: 0 } });
      return page({ form: blank({}, message), sentTo });
    }
    await apiPost('/verify-otp', { ...call, body: { ...target, otp, forgot_password: 0 } });
    return redirect('/dashboard');
  } catch (error) {
    return page({ form: refused(error, {}), sentTo });
  }
}

/* ---------------------------------------------------------------- /forgot-password */

export type ForgotStep = 'identify' | 'code' | 'reset';

export interface ForgotPageData {
  step: ForgotStep;
  form: GuestFormState;
  countries: CountryOption[];
}

const FORGOT_FIELDS = ['_step', 'country', 'phone', 'phone_code', 'otp', 'token', 'password', 'password_confirmation'] as const;

/**
 * /forgot-password, the dialog's three steps as one page (§4.4 Forgot flow, §5.1): the
 * country and e-mail or phone (POST /send-otp), the 4-digit code (POST /verify-otp, which
 * answers a reset token), the new password twice (POST /reset-password), then /login.
 * What a step needs of the one before travels in the form's hidden fields, never in
 * the address.
 */
export async function loadForgotPasswordPage(req: PageRequest): Promise<PageOutcome<ForgotPageData>> {
  if (req.shop.user) return redirect('/');
  const countries = await countriesOf(req);
  const show = (step: ForgotStep, form: GuestFormState) => page({ step, form, countries });
  if (req.request.method !== 'POST') return show('identify', blank());
  const values = await posted(req.request, FORGOT_FIELDS);
  const { t } = req.shop;
  const identity = { country: values.country, phone: values.phone, phone_code: values.phone_code };

  if (values._step === 'reset') {
    try {
      await apiPost('/reset-password', { ...apiCall(req), body: { token: values.token, password: values.password, password_confirmation: values.password_confirmation } });
      return redirect('/login?done=reset');
    } catch (error) {
      const form = refused(error, { token: values.token });
      // A used or expired reset token cannot be mended on this step: start again.
      if (form.errors.token) return show('identify', { ...blank(), failure: form.errors.token[0]!, status: 422 });
      return show('reset', form);
    }
  }

  if (values._step === 'verify') {
    try {
      const { data, message } = await apiPost<{ token: string }>('/verify-otp', {
        ...apiCall(req),
        body: { phone: values.phone, ...(values.phone_code ? { phone_code: values.phone_code } : {}), otp: values.otp, forgot_password: 1 },
      });
      return show('reset', blank({ token: data.token }, message));
    } catch (error) {
      return show('code', refused(error, identity));
    }
  }

  // The first step, and "Resend OTP" on the second: the spec's own messages for missing fields.
  const missing: Record<string, string[]> = {};
  if (!values.country.trim()) missing.country = [t('The country field is required')];
  if (!values.phone.trim()) missing.phone = [t('The phone or email field is required')];
  if (Object.keys(missing).length) return show('identify', { ...blank(identity), errors: missing, status: 422 });
  const phoneCode = values.phone.includes('@') ? '' : (countries.find((country) => country.name === values.country)?.phone_code ?? '');
  const target = { ...identity, phone: values.phone.trim(), phone_code: phoneCode };
  try {
    const { message } = await apiPost('/send-otp', { ...apiCall(req), body: { phone: target.phone, ...(phoneCode ? { phone_code: phoneCode } : {}), forgot_password: 1 } });
    return show('code', blank(target, message));
  } catch (error) {
    return show(values._step === 'resend' ? 'code' : 'identify', refused(error, target));
  }
}
