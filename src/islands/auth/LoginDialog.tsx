import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useStore } from '@nanostores/react';
import { apiRequest } from '../../lib/api-client';
import { ApiError } from '../../lib/api-envelope';
import { flashNextPage } from '../../lib/flash';
import { notifyError } from '../../lib/notify';
import type { SignedInDto } from '../../contracts/auth';
import { auth, closeLoginModal, signIn } from '../../stores/auth';

interface Props {
  locale: string;
  labels: Record<'title' | 'identifier' | 'password' | 'submit' | 'close' | 'loginFirst', string>;
  /** Demo credentials, given only in the local environment (docs/product.md §2.8). */
  prefill?: { identifier: string; password: string } | undefined;
}

type FieldErrors = Partial<Record<'phone' | 'password', string>>;

/**
 * The login dialog (docs/product.md §2.8). Opened by any `commandfor="login-dialog"` button,
 * or by the auth store's loginModal flag (guest-only links, 401 answers).
 */
export default function LoginDialog({ locale, labels, prefill }: Props) {
  const dialog = useRef<HTMLDialogElement>(null);
  const { loginModal } = useStore(auth);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const ids = { identifier: useId(), password: useId(), title: useId() };

  useEffect(() => {
    const element = dialog.current;
    if (loginModal && element && !element.open) element.showModal();
  }, [loginModal]);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setBusy(true);
    setErrors({});
    try {
      const { data, message } = await apiRequest<SignedInDto>('/login', {
        locale,
        method: 'POST',
        body: JSON.stringify({ phone: form.get('phone'), password: form.get('password') }),
      });
      signIn(data);
      flashNextPage('success', message);
      // The server renders the signed-in header from the session cookie the login set.
      window.location.reload();
    } catch (error) {
      const failure = error instanceof ApiError ? error : null;
      notifyError(failure?.message ?? String(error));
      setErrors({ phone: failure?.fieldError('phone'), password: failure?.fieldError('password') });
      setBusy(false);
    }
  }

  const inputClass =
    'mt-1 w-full rounded-lg border border-slate-300 px-3 py-2 focus:border-primary-500 focus:outline-none focus-visible:outline-2 focus-visible:outline-primary-600 aria-[invalid=true]:border-red-500';
  return (
    <dialog
      id="login-dialog"
      ref={dialog}
      aria-labelledby={ids.title}
      onClose={closeLoginModal}
      className="m-auto w-[calc(100%-2rem)] max-w-md rounded-2xl p-6 shadow-2xl backdrop:bg-slate-900/50"
    >
      <div className="flex items-start justify-between">
        <h2 id={ids.title} className="text-xl font-semibold">
          {labels.title}
        </h2>
        <button type="button" className="rounded-lg px-2 text-2xl leading-none text-slate-500 hover:bg-slate-100" onClick={() => dialog.current?.close()} aria-label={labels.close}>
          ×
        </button>
      </div>
      {loginModal && <p className="mt-2 text-sm text-slate-600">{labels.loginFirst}</p>}
      <form className="mt-4 space-y-4" onSubmit={(event) => void submit(event)} noValidate>
        <div>
          <label htmlFor={ids.identifier} className="text-sm font-medium">
            {labels.identifier}
          </label>
          <input
            id={ids.identifier}
            name="phone"
            autoComplete="username"
            required
            defaultValue={prefill?.identifier}
            aria-invalid={Boolean(errors.phone)}
            aria-describedby={errors.phone ? `${ids.identifier}-error` : undefined}
            className={inputClass}
          />
          {errors.phone && (
            <p id={`${ids.identifier}-error`} className="mt-1 text-sm text-red-600">
              {errors.phone}
            </p>
          )}
        </div>
        <div>
          <label htmlFor={ids.password} className="text-sm font-medium">
            {labels.password}
          </label>
          <input
            id={ids.password}
            name="password"
            type="password"
            autoComplete="current-password"
            required
            defaultValue={prefill?.password}
            aria-invalid={Boolean(errors.password)}
            aria-describedby={errors.password ? `${ids.password}-error` : undefined}
            className={inputClass}
          />
          {errors.password && (
            <p id={`${ids.password}-error`} className="mt-1 text-sm text-red-600">
              {errors.password}
            </p>
          )}
        </div>
        <button type="submit" disabled={busy} className="w-full rounded-lg bg-primary-600 py-2.5 font-medium text-white hover:bg-primary-700 disabled:opacity-60">
          {labels.submit}
        </button>
      </form>
    </dialog>
  );
}
