import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useStore } from '@nanostores/react';
import { apiRequest } from '../../lib/api-client';
import { ApiError } from '../../lib/api-envelope';
import { flashNextPage } from '../../lib/flash';
import { notifyError, notifySuccess } from '../../lib/notify';
import type { SignedInDto } from '../../contracts/auth';
import type { OtpChannel, SocialAuthsDto } from '../../contracts/master';
import { auth, closeLoginModal } from '../../stores/auth';
import { SIGN_IN_PAGES } from '../../lib/account-routes';
import { AUTH_DIALOG_IDS, LINK_BUTTON_CLASS, PRIMARY_BUTTON_CLASS, openInstead, showAuthDialog, type AuthLabels } from './dialogs';
import { Field } from './fields';
import ForgotDialog from './ForgotDialog';
import OtpDialog from './OtpDialog';
import RegisterDialog, { type CodeTarget } from './RegisterDialog';
import ResetPasswordDialog from './ResetPasswordDialog';
import SocialButtons from './SocialButtons';
import { finishSignIn } from './social-login';
import { useHydrated } from '../common/use-hydrated';
import { useJoinedStores } from '../common/use-joined-stores';

interface Props {
  locale: string;
  labels: AuthLabels;
  /** Demo credentials, given only in the local environment (docs/product.md §2.8). */
  prefill?: { identifier: string; password: string } | undefined;
  /** /master: whether a new account verifies by code, and by which channel (§4.4). */
  otp: { verify: boolean; type: OtpChannel };
  /** /master phone rules (§5.2). */
  phoneRules: { required: boolean; min: number; max: number };
  /** /master `social_auths` (the settings store's socialAuths): a button per active provider. */
  socialAuths: SocialAuthsDto;
  /**
   * On a signed-in page: nothing is rendered until the session ends under the page and the
   * auth store's loginModal asks for the dialog (a 401 on Add to Cart, docs/product.md §8),
   * so the page holds no hidden sign-in fields before then.
   */
  deferred?: boolean;
}

type FieldErrors = Partial<Record<'phone' | 'password', string>>;

/** Field errors of a refusal, first message each (§5.3). */
const fieldErrorsOf = (error: unknown, fields: string[]) =>
  error instanceof ApiError ? Object.fromEntries(fields.map((field) => [field, error.fieldError(field)]).filter(([, message]) => message)) : {};

/**
 * The login dialog (docs/product.md §2.8). Opened by any `commandfor="login-dialog"` button,
 * or by the auth store's loginModal flag (guest-only links, 401 answers). The island also
 * holds the dialogs login leads to: registration, forgot password, the one-time code and
 * the new password; moving between them closes one and opens the other.
 */
export default function LoginDialog({ locale, labels, prefill, otp, phoneRules, socialAuths, deferred = false }: Props) {
  const dialog = useRef<HTMLDialogElement>(null);
  // The stored flag counts only once hydrated: the server rendered the dialog closed.
  const hydrated = useHydrated();
  useJoinedStores();
  const loginModal = useStore(auth).loginModal && hydrated;
  // Once asked for, the dialogs stay rendered (closing one must not unmount what it leads to).
  const [rendered, setRendered] = useState(!deferred);
  if (!rendered && loginModal) setRendered(true);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const ids = { identifier: useId(), password: useId(), title: useId() };

  // The code flow: where the code went, the Bearer token of a just-registered account, the reset token.
  const [target, setTarget] = useState<CodeTarget | null>(null);
  const [sentAt, setSentAt] = useState(0);
  const [codeBusy, setCodeBusy] = useState(false);
  const registeredToken = useRef<string | null>(null);
  const resetToken = useRef<string | null>(null);
  const leaving = useRef(false);

  useEffect(() => {
    const element = dialog.current;
    if (loginModal && element && !element.open) element.showModal();
  }, [loginModal]);

  /** A just-registered shopper is signed in: the page reloads to render them so. */
  function reloadSignedIn(type: 'success' | 'error', message: string) {
    if (leaving.current) return;
    leaving.current = true;
    if (message) flashNextPage(type, message);
    window.location.reload();
  }

  /** POST /send-otp, then the code dialog; a refusal as a toast, and its field errors back to the caller. */
  async function sendCode(next: CodeTarget, token: string | null): Promise<Record<string, string | undefined>> {
    setCodeBusy(true);
    try {
      const { message } = await apiRequest('/send-otp', {
        locale,
        token,
        method: 'POST',
        body: JSON.stringify({
          phone: next.phone,
          phone_code: next.phone_code,
          forgot_password: next.forgot ? 1 : 0,
        }),
      });
      setTarget(next);
      setSentAt(Date.now());
      notifySuccess(message);
      showAuthDialog('otp');
      return {};
    } catch (error) {
      const failure = error instanceof ApiError ? error.message : String(error);
      if (!next.forgot) reloadSignedIn('error', failure);
      else notifyError(failure);
      return fieldErrorsOf(error, ['phone', 'country', 'phone_code']);
    } finally {
      setCodeBusy(false);
    }
  }

  async function verifyCode(code: string) {
    if (!target) return;
    setCodeBusy(true);
    try {
      const { data, message } = await apiRequest<{ token?: string }>('/verify-otp', {
        locale,
        token: target.forgot ? null : registeredToken.current,
        method: 'POST',
        body: JSON.stringify({
          phone: target.phone,
          phone_code: target.phone_code,
          otp: code,
          forgot_password: target.forgot ? 1 : 0,
        }),
      });
      if (target.forgot) {
        resetToken.current = data.token ?? null;
        notifySuccess(message);
        showAuthDialog('reset');
      } else {
        reloadSignedIn('success', message);
      }
    } catch (error) {
      notifyError(error instanceof ApiError ? error.message : String(error));
    } finally {
      setCodeBusy(false);
    }
  }

  async function resetPassword(password: string, confirmation: string): Promise<Record<string, string | undefined>> {
    setCodeBusy(true);
    try {
      const { message } = await apiRequest('/reset-password', {
        locale,
        method: 'POST',
        body: JSON.stringify({
          password,
          password_confirmation: confirmation,
          token: resetToken.current ?? '',
        }),
      });
      resetToken.current = null;
      notifySuccess(message);
      showAuthDialog('login');
      return {};
    } catch (error) {
      notifyError(error instanceof ApiError ? error.message : String(error));
      return fieldErrorsOf(error, ['password', 'password_confirmation']);
    } finally {
      setCodeBusy(false);
    }
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setBusy(true);
    setErrors({});
    try {
      const { data, message } = await apiRequest<SignedInDto>('/login', {
        locale,
        method: 'POST',
        body: JSON.stringify({
          phone: form.get('phone'),
          password: form.get('password'),
        }),
      });
      // The server renders the signed-in header from the session cookie the login set.
      finishSignIn(data, message);
    } catch (error) {
      const failure = error instanceof ApiError ? error : null;
      notifyError(failure?.message ?? String(error));
      setErrors({
        phone: failure?.fieldError('phone'),
        password: failure?.fieldError('password'),
      });
      setBusy(false);
    }
  }

  if (!rendered) return null;
  return (
    <>
      <dialog
        id={AUTH_DIALOG_IDS.login}
        ref={dialog}
        aria-labelledby={ids.title}
        onClose={closeLoginModal}
        className="m-auto w-[calc(100%-2rem)] max-w-md rounded-2xl p-6 shadow-2xl backdrop:bg-slate-900/50"
      >
        <div className="flex items-start justify-between">
          <h2 id={ids.title} className="text-xl font-semibold">
            {labels.title}
          </h2>
          <button
            type="button"
            className="rounded-lg px-2 text-2xl leading-none text-slate-500 hover:bg-slate-100"
            onClick={() => dialog.current?.close()}
            aria-label={labels.close}
          >
            ×
          </button>
        </div>
        {loginModal && <p className="mt-2 text-sm text-slate-600">{labels.loginFirst}</p>}
        <SocialButtons socialAuths={socialAuths} labels={labels.socialLogin} or={labels.or} />
        {/* Before the island hydrates, and without JavaScript, the form posts to the sign-in page. */}
        <form method="post" action={SIGN_IN_PAGES.login} className="mt-4 space-y-4" onSubmit={(event) => void submit(event)} noValidate>
          <Field id={ids.identifier} name="phone" label={labels.identifier} autoComplete="username" required defaultValue={prefill?.identifier} error={errors.phone} />
          <Field
            id={ids.password}
            name="password"
            type="password"
            label={labels.password}
            autoComplete="current-password"
            required
            defaultValue={prefill?.password}
            error={errors.password}
          />
          <p className="text-end text-sm">
            <a href={SIGN_IN_PAGES.forgot} className={LINK_BUTTON_CLASS} onClick={(event) => openInstead(event, 'forgot')}>
              {labels.forgotPassword}
            </a>
          </p>
          <button type="submit" disabled={busy} className={PRIMARY_BUTTON_CLASS}>
            {labels.submit}
          </button>
        </form>
        <p className="mt-4 text-center text-sm text-slate-600">
          {labels.noAccount}{' '}
          <a href={SIGN_IN_PAGES.register} className={LINK_BUTTON_CLASS} onClick={(event) => openInstead(event, 'register')}>
            {labels.signUp}
          </a>
        </p>
      </dialog>
      <RegisterDialog
        locale={locale}
        labels={labels}
        otp={otp}
        phoneRules={phoneRules}
        onVerify={async (next, token) => {
          registeredToken.current = token;
          await sendCode(next, token);
        }}
      />
      <ForgotDialog locale={locale} labels={labels} busy={codeBusy} onSend={(next) => sendCode(next, null)} />
      <OtpDialog
        labels={labels}
        sentTo={target?.phone_code && !target.phone.includes('@') ? `+${target.phone_code} ${target.phone}` : (target?.phone ?? '')}
        sentAt={sentAt}
        busy={codeBusy}
        onVerify={(code) => void verifyCode(code)}
        onResend={() => target && void sendCode(target, target.forgot ? null : registeredToken.current)}
        onClose={() => {
          // A new account is signed in whether or not it verified now: render the page so.
          if (target && !target.forgot) reloadSignedIn('success', '');
        }}
      />
      <ResetPasswordDialog labels={labels} busy={codeBusy} onReset={resetPassword} />
    </>
  );
}
