import type { SocialProvider } from '../../contracts/master';
import type { Plural } from '../../lib/plural';

/**
 * The auth dialogs of the page (docs/product.md §2.8): login, registration, forgot
 * password, the one-time code and the new password. Moving from one to another closes
 * the first and opens the second; each is a native <dialog>, so Escape closes it and
 * focus goes back to what opened it.
 */
export const AUTH_DIALOG_IDS = {
  login: 'login-dialog',
  register: 'register-dialog',
  forgot: 'forgot-password-dialog',
  otp: 'otp-dialog',
  reset: 'reset-password-dialog',
} as const;

export type AuthDialog = keyof typeof AUTH_DIALOG_IDS;

function dialogElement(name: AuthDialog): HTMLDialogElement | null {
  const element = document.getElementById(AUTH_DIALOG_IDS[name]);
  return element instanceof HTMLDialogElement ? element : null;
}

/** Closes every open auth dialog and opens `name` (or none). */
export function showAuthDialog(name: AuthDialog | null): void {
  for (const other of Object.keys(AUTH_DIALOG_IDS) as AuthDialog[]) {
    const element = dialogElement(other);
    if (other !== name && element?.open) element.close();
  }
  const target = name ? dialogElement(name) : null;
  if (target && !target.open) target.showModal();
}

/**
 * A link to a sign-in page (/register, /forgot-password, /login) that opens its dialog
 * instead once the island runs; a modified click (new tab) still follows the link.
 */
export function openInstead(event: { preventDefault(): void; button: number; metaKey: boolean; ctrlKey: boolean; shiftKey: boolean; altKey: boolean }, name: AuthDialog): void {
  if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
  event.preventDefault();
  showAuthDialog(name);
}

/** The labels the server hands the auth island, already in the page's language. */
export interface AuthLabels {
  title: string;
  identifier: string;
  password: string;
  submit: string;
  close: string;
  loginFirst: string;
  forgotPassword: string;
  signUp: string;
  noAccount: string;
  registerTitle: string;
  name: string;
  country: string;
  selectCountry: string;
  phoneCode: string;
  phone: string;
  email: string;
  agree: string;
  terms: string;
  and: string;
  privacy: string;
  haveAccount: string;
  login: string;
  otpTitle: string;
  otpSentTo: string;
  otpDigit: string;
  verify: string;
  resendOtp: string;
  /** "Resend OTP in {{count}} seconds", in the page language's plural forms. */
  resendIn: Plural;
  forgotTitle: string;
  phoneOrEmail: string;
  sendCode: string;
  countryRequired: string;
  identifierRequired: string;
  backToLogin: string;
  resetTitle: string;
  newPassword: string;
  confirmPassword: string;
  passwordMismatch: string;
  resetSubmit: string;
  /** "Login with Google"… for each social provider. */
  socialLogin: Record<SocialProvider, string>;
  /** Between the social buttons and the password form. */
  or: string;
}

export const INPUT_CLASS =
  'mt-1 w-full rounded-lg border border-slate-300 px-3 py-2 focus:border-primary-500 focus:outline-none focus-visible:outline-2 focus-visible:outline-primary-600 aria-[invalid=true]:border-red-500';
export const PRIMARY_BUTTON_CLASS = 'w-full rounded-lg bg-primary-600 py-2.5 font-medium text-white hover:bg-primary-700 disabled:opacity-60';
export const LINK_BUTTON_CLASS = 'font-medium text-primary-700 underline-offset-2 hover:underline';
export const DIALOG_CLASS = 'm-auto w-[calc(100%-2rem)] max-w-md rounded-2xl p-6 shadow-2xl backdrop:bg-slate-900/50';
