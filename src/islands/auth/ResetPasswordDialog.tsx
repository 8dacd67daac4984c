import { useId, useState, type FormEvent } from 'react';
import DialogHeader from './DialogHeader';
import { AUTH_DIALOG_IDS, DIALOG_CLASS, PRIMARY_BUTTON_CLASS, type AuthLabels } from './dialogs';
import { Field } from './fields';

interface Props {
  labels: AuthLabels;
  busy: boolean;
  /** POST /reset-password; resolves to the refusal's field errors (none on success). */
  onReset: (password: string, confirmation: string) => Promise<Record<string, string | undefined>>;
}

type FieldErrors = Partial<Record<'password' | 'password_confirmation', string>>;

/** Forgot password, last step (docs/product.md §4.4, §5.1): the new password twice. */
export default function ResetPasswordDialog({ labels, busy, onReset }: Props) {
  const [errors, setErrors] = useState<FieldErrors>({});
  const base = useId();

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const formElement = event.currentTarget;
    const form = new FormData(formElement);
    const password = String(form.get('password') ?? '');
    const confirmation = String(form.get('password_confirmation') ?? '');
    if (password !== confirmation) {
      setErrors({ password_confirmation: labels.passwordMismatch });
      return;
    }
    setErrors({});
    const refused = await onReset(password, confirmation);
    setErrors({
      password: refused.password,
      password_confirmation: refused.password_confirmation,
    });
    if (!Object.keys(refused).length) formElement.reset();
  }

  return (
    <dialog id={AUTH_DIALOG_IDS.reset} aria-labelledby={`${base}-title`} className={DIALOG_CLASS}>
      <DialogHeader id={`${base}-title`} title={labels.resetTitle} close={labels.close} />
      <form className="mt-4 space-y-4" onSubmit={(event) => void submit(event)} noValidate>
        <Field id={`${base}-password`} name="password" type="password" label={labels.newPassword} autoComplete="new-password" required error={errors.password} />
        <Field
          id={`${base}-confirmation`}
          name="password_confirmation"
          type="password"
          label={labels.confirmPassword}
          autoComplete="new-password"
          required
          error={errors.password_confirmation}
        />
        <button type="submit" disabled={busy} className={PRIMARY_BUTTON_CLASS}>
          {labels.resetSubmit}
        </button>
      </form>
    </dialog>
  );
}
