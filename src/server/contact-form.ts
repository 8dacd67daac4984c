import { apiPost, PageApiError } from './page-api';

export interface ContactFormState {
  values: Record<string, string>;
  errors: Record<string, string[]>;
  success: string | null;
}

const FIELDS = ['name', 'email', 'phone', 'subject', 'message'] as const;

/** Handles a contact form post from a page: sends it to POST /support and says how it went. */
export async function handleContactForm(request: Request, locale: string): Promise<ContactFormState> {
  if (request.method !== 'POST') return { values: {}, errors: {}, success: null };
  const form = await request.formData();
  const values = Object.fromEntries(FIELDS.map((field) => [field, String(form.get(field) ?? '')]));
  try {
    const { message } = await apiPost('/support', { request, locale, body: values });
    return { values: {}, errors: {}, success: message };
  } catch (error) {
    if (error instanceof PageApiError && error.status === 422) return { values, errors: error.errors, success: null };
    throw error;
  }
}
