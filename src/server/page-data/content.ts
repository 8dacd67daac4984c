import { apiGet, apiPost } from '../pages/page-api';
import { apiCall, apiRefusal, nullIfMissing, previewQuery } from './api';
import { notFound, page, type PageOutcome, type PageRequest } from './outcome';
import { postedForm } from './forms';
import type { LegalPageDto } from '../../contracts/legal-page';

/** The content pages: legal and policy pages, and the contact and support pages with their form. */

export interface LegalPageData {
  page: LegalPageDto;
  /** A draft opened through an editor's preview link. */
  preview: boolean;
}

/**
 * A published legal or policy page (or a draft opened by a preview link), else not found.
 * The routes of their own name their slug; /page/{slug} takes it from the path.
 */
export async function loadLegalPage(req: PageRequest, slug = req.params.slug ?? ''): Promise<PageOutcome<LegalPageData>> {
  const found = await apiGet<LegalPageData>(`/legal-pages/${encodeURIComponent(slug)}${previewQuery(req.url)}`, apiCall(req)).catch(nullIfMissing);
  return found ? page(found) : notFound();
}

export interface ContactFormState {
  values: Record<string, string>;
  errors: Record<string, string[]>;
  success: string | null;
  /** Why the whole form was refused (too many messages from this address), shown above it. */
  failure?: string;
}

export interface ContactDetails {
  email: string;
  phone: string;
  address: string;
}

export interface ContactPageData {
  form: ContactFormState;
  details: ContactDetails;
  /** The page's status: 422 when a field was refused, 429 when the whole form was (too many messages). */
  status: number;
}

const FIELDS = ['name', 'email', 'phone', 'subject', 'message'] as const;

/** A contact form post from a page, sent to POST /support; says how it went. Anything but a POST shows an empty form. */
async function handleContactForm(req: PageRequest): Promise<ContactFormState> {
  const { request } = req;
  if (request.method !== 'POST') return { values: {}, errors: {}, success: null };
  // A body that is no form (another content type, broken multipart) counts as an empty one: 422.
  const form = await postedForm(request);
  const values = Object.fromEntries(FIELDS.map((field) => [field, String(form.get(field) ?? '')]));
  try {
    const { message } = await apiPost('/support', { ...apiCall(req), body: values });
    return { values: {}, errors: {}, success: message };
  } catch (error) {
    const refusal = apiRefusal(error);
    if (refusal?.status === 422) return { values, errors: refusal.errors, success: null };
    if (refusal?.status === 429) return { values, errors: {}, success: null, failure: refusal.message };
    throw error;
  }
}

/** /contact-us and /support: the contact form (and what a post of it did) beside the shop's contact details. */
export async function loadContactPage(req: PageRequest): Promise<ContactPageData> {
  const [form, details] = await Promise.all([handleContactForm(req), apiGet<ContactDetails>('/contact-us', apiCall(req))]);
  return { form, details, status: form.failure ? 429 : Object.keys(form.errors).length ? 422 : 200 };
}
