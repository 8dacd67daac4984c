import { VOUCHER_STATES, type SellerVoucherDto, type SellerVoucherList, type VoucherState } from '../../contracts/seller-voucher';
import { pageNumber } from '../../lib/pagination';
import { apiGet, apiPost } from '../pages/page-api';
import { apiCall, nullIfMissing, refusalMessage, refusedWith } from './api';
import { postedForm, sessionToken } from './forms';
import { notFound, page, redirect, type PageOutcome, type PageRequest } from './outcome';
import { sellerPageRedirect } from './seller-access';

/**
 * The shop dashboard's voucher pages (docs/decisions/017-sellers.md; docs/product.md §4.7):
 * the list at `/shop/vouchers` with its state tabs, and one form at `/shop/vouchers/new`
 * and `/shop/vouchers/{id}/edit`, all from the seller API as the signed-in owner of an
 * active shop. Forms post to their own page and work without JavaScript: a refusal comes
 * back with the API's field errors and the values typed, a write taken redirects (303)
 * to the list with a flash message.
 */

const LIST = '/shop/vouchers';
export const VOUCHERS_PER_PAGE = 20;

const asOwner = (req: PageRequest) => ({ ...apiCall(req), token: sessionToken(req) });

export interface SellerVouchersPage {
  list: SellerVoucherList;
  page: number;
  perPage: number;
  /** The tab shown; '' for all. */
  status: VoucherState | '';
}

/** The list, and its "End" form (`end=<id>`), which comes back to the tab it was sent from. */
export async function loadSellerVouchersPage(req: PageRequest): Promise<PageOutcome<SellerVouchersPage>> {
  const away = sellerPageRedirect(req);
  if (away) return away;
  const back = req.url.search ? `${LIST}${req.url.search}` : LIST;
  if (req.request.method === 'POST') {
    const id = String((await postedForm(req.request)).get('end') ?? '');
    if (!/^\d{1,9}$/.test(id)) return redirect(back);
    try {
      const { message } = await apiPost(`/seller/vouchers/${id}/end`, asOwner(req));
      return redirect(back, { type: 'success', message });
    } catch (error) {
      return redirect(back, { type: 'error', message: refusalMessage(error, 404, 422) });
    }
  }
  const params = req.url.searchParams;
  const given = params.get('status') ?? '';
  const status = (VOUCHER_STATES as readonly string[]).includes(given) ? (given as VoucherState) : '';
  const current = pageNumber(params.get('page'));
  const query = new URLSearchParams({ page: String(current), per_page: String(VOUCHERS_PER_PAGE) });
  if (status) query.set('status', status);
  const list = await apiGet<SellerVoucherList>(`/seller/vouchers?${query}`, asOwner(req));
  return page({ list, page: current, perPage: VOUCHERS_PER_PAGE, status });
}

/** The form's fields, as text (what the form shows and posts back). */
export const VOUCHER_FORM_FIELDS = [
  'code',
  'discount_type',
  'discount',
  'min_order_amount',
  'max_discount_amount',
  'limit_for_user',
  'total_limit',
  'started_at',
  'expired_at',
] as const;

export interface VoucherFormPage {
  /** Null on the new form. */
  voucher: SellerVoucherDto | null;
  values: Record<string, string>;
  isActive: boolean;
  errors: Record<string, string[]>;
  /** 422 after a refused post. */
  status: number;
}

/** An ISO time as an HTML datetime-local value in UTC ("2026-05-01T09:30"); the form says the times are UTC. */
const localValue = (iso: string) => iso.slice(0, 16);

function savedValues(voucher: SellerVoucherDto): Record<string, string> {
  return {
    code: voucher.code,
    discount_type: voucher.discount_type,
    discount: String(voucher.discount),
    min_order_amount: String(voucher.min_order_amount),
    max_discount_amount: voucher.max_discount_amount === null ? '' : String(voucher.max_discount_amount),
    limit_for_user: String(voucher.limit_for_user),
    total_limit: voucher.total_limit === null ? '' : String(voucher.total_limit),
    started_at: localValue(voucher.started_at_iso),
    expired_at: localValue(voucher.expired_at_iso),
  };
}

/** A new voucher's form: starts now, runs 30 days, one use per shopper. */
function freshValues(): Record<string, string> {
  const now = new Date();
  return {
    discount_type: 'Percentage',
    min_order_amount: '0',
    limit_for_user: '1',
    started_at: localValue(now.toISOString()),
    expired_at: localValue(new Date(now.getTime() + 30 * 86_400_000).toISOString()),
  };
}

/**
 * Posts the form to the API: the text fields as typed (the API reads forms' blanks and
 * datetime-local values) and the "active" box as a yes/no, since an unticked box is not
 * posted at all. A used voucher's form does not post the fields it can no longer change.
 */
async function submitVoucher(req: PageRequest, path: string, voucher: SellerVoucherDto | null): Promise<PageOutcome<VoucherFormPage>> {
  const form = await postedForm(req.request);
  // A used voucher's fixed fields are disabled in the form, so not posted: they keep their saved values.
  const values = Object.fromEntries(
    VOUCHER_FORM_FIELDS.filter((name) => form.has(name) || !voucher || voucher.total_used === 0).map((name) => [name, String(form.get(name) ?? '')]),
  );
  const isActive = form.get('is_active') !== null;
  const body: Record<string, string | boolean> = { ...values, is_active: isActive };
  if (voucher && voucher.total_used > 0) {
    for (const fixed of ['code', 'discount_type', 'discount', 'min_order_amount', 'max_discount_amount']) delete body[fixed];
  }
  try {
    const { message } = await apiPost(path, { ...asOwner(req), body });
    return redirect(LIST, { type: 'success', message });
  } catch (error) {
    const refusal = refusedWith(error, 404, 422);
    if (refusal.status === 404) return notFound();
    return page({ voucher, values: voucher && voucher.total_used > 0 ? { ...savedValues(voucher), ...values } : values, isActive, errors: refusal.errors ?? {}, status: 422 });
  }
}

export async function loadNewVoucherPage(req: PageRequest): Promise<PageOutcome<VoucherFormPage>> {
  const away = sellerPageRedirect(req);
  if (away) return away;
  if (req.request.method === 'POST') return submitVoucher(req, '/seller/vouchers', null);
  return page({ voucher: null, values: freshValues(), isActive: true, errors: {}, status: 200 });
}

export async function loadEditVoucherPage(req: PageRequest): Promise<PageOutcome<VoucherFormPage>> {
  const away = sellerPageRedirect(req);
  if (away) return away;
  const id = req.params.id ?? '';
  if (!/^\d{1,9}$/.test(id)) return notFound();
  const found = await apiGet<{ voucher: SellerVoucherDto }>(`/seller/vouchers/${id}`, asOwner(req)).catch(nullIfMissing);
  if (!found) return notFound();
  if (req.request.method === 'POST') return submitVoucher(req, `/seller/vouchers/${id}`, found.voucher);
  return page({ voucher: found.voucher, values: savedValues(found.voucher), isActive: found.voucher.is_active, errors: {}, status: 200 });
}
