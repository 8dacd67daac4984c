import { useId, useRef, useState, type FormEvent } from 'react';
import DialogHeader from './DialogHeader';
import { SIGN_IN_PAGES } from '../../lib/account-routes';
import { AUTH_DIALOG_IDS, DIALOG_CLASS, LINK_BUTTON_CLASS, PRIMARY_BUTTON_CLASS, openInstead, type AuthLabels } from './dialogs';
import { CountrySelect, Field, useCountries, useDialogOpen } from './fields';
import type { CodeTarget } from './RegisterDialog';

interface Props {
  locale: string;
  labels: AuthLabels;
  busy: boolean;
  /** Sends the code (POST /send-otp with forgot_password) and opens the code dialog; field errors of a refusal come back. */
  onSend: (target: CodeTarget & { country: string }) => Promise<Record<string, string | undefined>>;
}

type FieldErrors = Partial<Record<'country' | 'phone', string>>;

/**
 * Forgot password, first step (docs/product.md §2.8, §5.1): the country and an e-mail or
 * phone number, both required, with the spec's messages before anything is sent.
 */
export default function ForgotDialog({ locale, labels, busy, onSend }: Props) {
  const dialog = useRef<HTMLDialogElement>(null);
  const countries = useCountries(locale, useDialogOpen(dialog));
  const [errors, setErrors] = useState<FieldErrors>({});
  const base = useId();

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const country = String(form.get('country') ?? '').trim();
    const phone = String(form.get('phone') ?? '').trim();
    const missing: FieldErrors = {};
    if (!country) missing.country = labels.countryRequired;
    if (!phone) missing.phone = labels.identifierRequired;
    setErrors(missing);
    if (Object.keys(missing).length) return;
    const phoneCode = countries.find((item) => item.name === country)?.phone_code ?? undefined;
    const refused = await onSend({
      country,
      phone,
      phone_code: phone.includes('@') ? undefined : phoneCode,
      forgot: true,
    });
    setErrors({ country: refused.country, phone: refused.phone });
  }

  return (
    <dialog id={AUTH_DIALOG_IDS.forgot} ref={dialog} aria-labelledby={`${base}-title`} className={DIALOG_CLASS}>
      <DialogHeader id={`${base}-title`} title={labels.forgotTitle} close={labels.close} />
      <form method="post" action={SIGN_IN_PAGES.forgot} className="mt-4 space-y-4" onSubmit={(event) => void submit(event)} noValidate>
        <input type="hidden" name="_step" value="send" />
        <CountrySelect id={`${base}-country`} label={labels.country} placeholder={labels.selectCountry} countries={countries} error={errors.country} />
        <Field id={`${base}-phone`} name="phone" label={labels.phoneOrEmail} autoComplete="username" dir="ltr" required error={errors.phone} />
        <button type="submit" disabled={busy} className={PRIMARY_BUTTON_CLASS}>
          {labels.sendCode}
        </button>
      </form>
      <p className="mt-4 text-center text-sm">
        <a href={SIGN_IN_PAGES.login} className={LINK_BUTTON_CLASS} onClick={(event) => openInstead(event, 'login')}>
          {labels.backToLogin}
        </a>
      </p>
    </dialog>
  );
}
