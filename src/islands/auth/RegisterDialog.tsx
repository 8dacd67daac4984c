import { useId, useRef, useState, type FormEvent } from 'react';
import { apiRequest } from '../../lib/api-client';
import { ApiError } from '../../lib/api-envelope';
import { flashNextPage } from '../../lib/flash';
import { notifyError, notifySuccess } from '../../lib/notify';
import { displayPhoneCode } from '../../lib/phone-code';
import type { SignedInDto } from '../../contracts/auth';
import type { OtpChannel } from '../../contracts/master';
import { signIn } from '../../stores/auth';
import DialogHeader from './DialogHeader';
import { SIGN_IN_PAGES } from '../../lib/account-routes';
import { AUTH_DIALOG_IDS, DIALOG_CLASS, LINK_BUTTON_CLASS, PRIMARY_BUTTON_CLASS, openInstead, type AuthLabels } from './dialogs';
import { CountrySelect, Field, useCountries, useDialogOpen } from './fields';
import { accountCodeTarget } from '../../lib/code-target';

const FIELDS = ['name', 'country', 'phone_code', 'phone', 'email', 'password'] as const;
type FieldErrors = Partial<Record<(typeof FIELDS)[number], string>>;

/** Where the verification code of a new account goes (§4.4). */
export interface CodeTarget {
  phone: string;
  phone_code?: string | undefined;
  forgot: boolean;
}

interface Props {
  locale: string;
  labels: AuthLabels;
  /** /master: verify a new account by code, and by which channel (§4.4). */
  otp: { verify: boolean; type: OtpChannel };
  /** /master phone rules (§5.2). */
  phoneRules: { required: boolean; min: number; max: number };
  /** Opens the OTP dialog after sending a code to the target. */
  onVerify: (target: CodeTarget, token: string) => Promise<void>;
}

/**
 * The registration dialog (docs/product.md §2.8, §4.4): POST /registration; the server's
 * field errors under each field, first message each (§5.3, §8.2). Success signs in, shows
 * the message and clears the form; then the code dialog when the site verifies accounts,
 * else the page reloads signed in.
 */
export default function RegisterDialog({ locale, labels, otp, phoneRules, onVerify }: Props) {
  const dialog = useRef<HTMLDialogElement>(null);
  const open = useDialogOpen(dialog);
  const countries = useCountries(locale, open);
  const [phoneCode, setPhoneCode] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const base = useId();
  const id = (field: string) => `${base}-${field}`;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const formElement = event.currentTarget;
    const form = new FormData(formElement);
    const value = (field: string) => String(form.get(field) ?? '').trim();
    setBusy(true);
    setErrors({});
    try {
      const payload = {
        name: value('name'),
        country: value('country'),
        phone_code: value('phone_code').replace(/\D/g, ''),
        phone: value('phone'),
        email: value('email'),
        password: String(form.get('password') ?? ''),
      };
      const { data, message } = await apiRequest<SignedInDto>('/registration', {
        locale,
        method: 'POST',
        body: JSON.stringify(payload),
      });
      signIn(data);
      notifySuccess(message);
      formElement.reset();
      setPhoneCode('');
      if (otp.verify) {
        const target = { ...accountCodeTarget({ ...data.user, email: data.user.email ?? payload.email }, otp.type), forgot: false };
        await onVerify(target, data.access.token);
      } else {
        flashNextPage('success', message);
        // The server renders the signed-in header from the session cookie the registration set.
        window.location.reload();
      }
    } catch (error) {
      const failure = error instanceof ApiError ? error : null;
      const fieldErrors = Object.fromEntries(FIELDS.map((field) => [field, failure?.fieldError(field)]).filter(([, message]) => message)) as FieldErrors;
      setErrors(fieldErrors);
      if (!Object.keys(fieldErrors).length) notifyError(failure?.message ?? String(error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <dialog id={AUTH_DIALOG_IDS.register} ref={dialog} aria-labelledby={id('title')} className={DIALOG_CLASS}>
      <DialogHeader id={id('title')} title={labels.registerTitle} close={labels.close} />
      <form method="post" action={SIGN_IN_PAGES.register} className="mt-4 space-y-3" onSubmit={(event) => void submit(event)} noValidate>
        <Field id={id('name')} name="name" label={labels.name} autoComplete="name" required error={errors.name} />
        <CountrySelect
          id={id('country')}
          label={labels.country}
          placeholder={labels.selectCountry}
          countries={countries}
          error={errors.country}
          onChange={(event) => setPhoneCode(displayPhoneCode(countries.find((country) => country.name === event.target.value)?.phone_code))}
        />
        <div className="grid grid-cols-[6rem_1fr] gap-2">
          <Field
            id={id('phone_code')}
            name="phone_code"
            label={labels.phoneCode}
            inputMode="tel"
            dir="ltr"
            value={phoneCode}
            onChange={(event) => setPhoneCode(event.target.value)}
            error={errors.phone_code}
          />
          <Field
            id={id('phone')}
            name="phone"
            type="tel"
            label={labels.phone}
            autoComplete="tel-national"
            dir="ltr"
            required={phoneRules.required}
            minLength={phoneRules.min}
            maxLength={phoneRules.max}
            error={errors.phone}
          />
        </div>
        <Field id={id('email')} name="email" type="email" label={labels.email} autoComplete="email" dir="ltr" required error={errors.email} />
        <Field id={id('password')} name="password" type="password" label={labels.password} autoComplete="new-password" required error={errors.password} />
        <p className="text-sm text-slate-600">
          {labels.agree}{' '}
          <a href="/terms-and-conditions" className={LINK_BUTTON_CLASS}>
            {labels.terms}
          </a>{' '}
          {labels.and}{' '}
          <a href="/privacy-policy" className={LINK_BUTTON_CLASS}>
            {labels.privacy}
          </a>
        </p>
        <button type="submit" disabled={busy} className={PRIMARY_BUTTON_CLASS}>
          {labels.registerTitle}
        </button>
      </form>
      <p className="mt-4 text-center text-sm text-slate-600">
        {labels.haveAccount}{' '}
        <a href={SIGN_IN_PAGES.login} className={LINK_BUTTON_CLASS} onClick={(event) => openInstead(event, 'login')}>
          {labels.login}
        </a>
      </p>
    </dialog>
  );
}
