import { useEffect, useState, type ChangeEvent, type InputHTMLAttributes, type ReactNode, type RefObject } from 'react';
import type { CountriesDto, CountryDto } from '../../contracts/country';
import { apiRequest } from '../../lib/api-client';
import { countryOptionLabel } from '../../lib/phone-code';
import { notifyError } from '../../lib/notify';
import { INPUT_CLASS } from './dialogs';

let countriesRequest: Promise<CountryDto[]> | null = null;

/** GET /countries, once per page, when a dialog that needs them is first shown. */
export function useCountries(locale: string, wanted: boolean): CountryDto[] {
  const [countries, setCountries] = useState<CountryDto[]>([]);
  useEffect(() => {
    if (!wanted) return;
    countriesRequest ??= apiRequest<CountriesDto>('/countries', {
      locale,
    }).then(({ data }) => data.countries);
    let live = true;
    countriesRequest.then(
      (list) => live && setCountries(list),
      (error: unknown) => {
        countriesRequest = null;
        notifyError(error instanceof Error ? error.message : String(error));
      },
    );
    return () => {
      live = false;
    };
  }, [locale, wanted]);
  return countries;
}

interface FieldProps extends InputHTMLAttributes<HTMLInputElement> {
  id: string;
  label: string;
  error?: string | undefined;
}

/** A labelled input with its first error message under it (§5.3). */
export function Field({ id, label, error, ...input }: FieldProps) {
  return (
    <div>
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <input id={id} aria-invalid={Boolean(error)} aria-describedby={error ? `${id}-error` : undefined} className={INPUT_CLASS} {...input} />
      <FieldError id={id} error={error} />
    </div>
  );
}

interface CountrySelectProps {
  id: string;
  label: string;
  /** The empty first option ("Select country"). */
  placeholder: string;
  countries: CountryDto[];
  error?: string | undefined;
  onChange?: ((event: ChangeEvent<HTMLSelectElement>) => void) | undefined;
}

/** The country chosen by name (§3.4 Registration and Forgot payloads), with its first error under it. */
export function CountrySelect({ id, label, placeholder, countries, error, onChange }: CountrySelectProps) {
  return (
    <div>
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <select
        id={id}
        name="country"
        required
        defaultValue=""
        onChange={onChange}
        aria-invalid={Boolean(error)}
        aria-describedby={error ? `${id}-error` : undefined}
        className={INPUT_CLASS}
      >
        <option value="">{placeholder}</option>
        {countries.map((country) => (
          <option key={country.id} value={country.name}>
            {countryOptionLabel(country)}
          </option>
        ))}
      </select>
      <FieldError id={id} error={error} />
    </div>
  );
}

export function FieldError({ id, error }: { id: string; error?: string | undefined }): ReactNode {
  return error ? (
    <p id={`${id}-error`} className="mt-1 text-sm text-red-600">
      {error}
    </p>
  ) : null;
}

/** Whether a <dialog> is open: it opens by showModal() from anywhere, so its `open` attribute is watched. */
export function useDialogOpen(dialog: RefObject<HTMLDialogElement | null>): boolean {
  const [open, setOpen] = useState(false);
  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    setOpen(element.open);
    const observer = new MutationObserver(() => setOpen(element.open));
    observer.observe(element, { attributes: true, attributeFilter: ['open'] });
    return () => observer.disconnect();
  }, [dialog]);
  return open;
}
