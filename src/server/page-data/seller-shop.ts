import { shopRouteOutcome } from '../../lib/shop-entry';
import { SELLER_UPLOAD_MAX_BYTES } from '../../contracts/seller';
import { SHOP_TEXT_FIELDS, type SellerUser } from '../../contracts/seller-account';
import { apiGet, apiPost } from '../pages/page-api';
import { apiCall, refusedWith } from './api';
import { limitedForm, sessionToken } from './forms';
import { page, redirect, type PageOutcome, type PageRequest } from './outcome';
import { sellerPageRedirect } from './seller-access';

/**
 * The seller's shop forms (docs/product.md §2.6, docs/decisions/017-sellers.md): shop
 * registration (`/shop/register`, also the way a rejected shop is sent again) and the
 * active shop's profile (`/shop/profile`). Both work without JavaScript: the form posts
 * multipart to its own page, the loader sends it to the API in-process as the signed-in
 * user and shows the API's field errors and messages as they are.
 */

export interface ShopFormState {
  values: Record<string, string>;
  /** The off days ticked (a list, unlike the other fields). */
  offDays: string[];
  errors: Record<string, string[]>;
  success: string | null;
  failure?: string | undefined;
}

const TEXT_FIELDS = [
  'name',
  'description',
  'short_description',
  'phone',
  'email',
  'address',
  'opening_time',
  'closing_time',
  'min_order_amount',
  'delivery_charge',
  'estimated_delivery_time',
] as const;

/** The form's values as the seller's shop holds them (a rejected shop's form is prefilled with them). */
function savedValues(user: SellerUser): ShopFormState {
  const { shop } = user;
  const values: Record<string, string> = {
    name: shop.name,
    description: shop.description ?? '',
    short_description: shop.short_description ?? '',
    phone: shop.phone ?? '',
    email: shop.email ?? '',
    address: shop.address ?? '',
    opening_time: shop.open_time ?? '',
    closing_time: shop.close_time ?? '',
    min_order_amount: String(shop.min_order_amount),
    delivery_charge: String(shop.delivery_charge),
    estimated_delivery_time: shop.estimated_delivery_time ?? '',
    // The name and descriptions in the shop's other languages, as the form names them.
    ...Object.fromEntries(
      Object.entries(shop.translations ?? {}).flatMap(([locale, texts]) => SHOP_TEXT_FIELDS.map(({ name }) => [`translations.${locale}.${name}`, texts?.[name] ?? ''] as const)),
    ),
  };
  return { values, offDays: [...shop.off_day], errors: {}, success: null };
}

/** What a posted form kept: its text fields, its off days and its pictures (empty file inputs dropped). */
function posted(form: FormData, offDayField: string) {
  const translated = [...form.keys()].filter((name) => name.startsWith('translations.'));
  const values = Object.fromEntries([...TEXT_FIELDS, ...translated].map((name) => [name, typeof form.get(name) === 'string' ? String(form.get(name)) : '']));
  const offDays = form.getAll(`${offDayField}[]`).filter((day): day is string => typeof day === 'string' && day !== '');
  const files = (['logo', 'banner'] as const).flatMap((name) => {
    const file = form.get(name);
    return file instanceof File && (file.size > 0 || file.name !== '') ? [[name, file] as const] : [];
  });
  return { values, offDays, files, terms: form.get('terms') };
}

/** Posts to the API as the signed-in user; a refusal becomes the form's state with what was typed. */
async function submit(
  req: PageRequest,
  path: string,
  body: FormData | Record<string, unknown>,
  keep: Pick<ShopFormState, 'values' | 'offDays'>,
): Promise<{ form: ShopFormState; user?: SellerUser; status: number }> {
  try {
    const { message, data } = await apiPost<{ user: SellerUser }>(path, { ...apiCall(req), token: sessionToken(req), body });
    return { form: { ...keep, errors: {}, success: message }, user: data.user, status: 200 };
  } catch (error) {
    const refusal = refusedWith(error, 403, 409, 413, 422, 429);
    if (refusal.status === 422) return { form: { ...keep, errors: refusal.errors ?? {}, success: null }, status: 422 };
    if (refusal.status === 413) return { form: { ...keep, errors: { logo: [refusal.message] }, success: null }, status: 413 };
    return { form: { ...keep, errors: {}, success: null, failure: refusal.message }, status: refusal.status };
  }
}

/** A post larger than a seller form may send: nothing of it was read; the pictures' field says why. */
const tooLarge = (req: PageRequest, keep: Pick<ShopFormState, 'values' | 'offDays'>): ShopFormState => ({
  ...keep,
  errors: { logo: [req.shop.t('The upload is too large: each picture may be at most 2 MB.')] },
  success: null,
});

export interface ShopRegisterPageData {
  /** The site runs as one shop (docs/product.md §1.3): the page says registration is closed. */
  closed: boolean;
  /** A rejected shop sent again: the operator's reason, shown above the prefilled form. */
  rejection: { reason: string | null } | null;
  form: ShopFormState;
  status: number;
}

const emptyForm = (): ShopFormState => ({ values: {}, offDays: [], errors: {}, success: null });

/**
 * /shop/register: for a signed-in user without a shop, or the owner of a rejected one
 * (lib/shop-entry.ts); anyone else goes to /shop. A registration accepted goes to /shop,
 * which shows the shop under review.
 */
export async function loadShopRegisterPage(req: PageRequest): Promise<PageOutcome<ShopRegisterPageData>> {
  if (!req.shop.master.multi_vendor) return page({ closed: true, rejection: null, form: emptyForm(), status: 200 });
  const outcome = shopRouteOutcome('register', req.shop.user);
  if ('redirect' in outcome) return redirect(outcome.redirect);
  const rejected = outcome.show === 'rejected' ? (await apiGet<{ user: SellerUser }>('/seller/details', apiCall(req))).user : null;
  const rejection = rejected ? { reason: rejected.shop.status_reason } : null;
  if (req.request.method !== 'POST') return page({ closed: false, rejection, form: rejected ? savedValues(rejected) : emptyForm(), status: 200 });

  const form = await limitedForm(req.request, SELLER_UPLOAD_MAX_BYTES);
  if (!form) return page({ closed: false, rejection, form: tooLarge(req, rejected ? savedValues(rejected) : emptyForm()), status: 413 });
  const { values, offDays, files, terms } = posted(form, 'off_days');
  const body = new FormData();
  for (const name of ['name', 'description', 'phone', 'email', 'address', 'opening_time', 'closing_time'] as const) body.set(name, values[name] ?? '');
  for (const day of offDays) body.append('off_days[]', day);
  body.set('terms', typeof terms === 'string' ? terms : '');
  for (const [name, file] of files) body.set(name, file);
  const result = await submit(req, '/seller/shop', body, { values, offDays });
  if (result.user) return redirect('/shop', { type: 'success', message: result.form.success ?? '' });
  return page({ closed: false, rejection, form: result.form, status: result.status });
}

export interface ShopProfilePageData {
  user: SellerUser;
  /** The shop's face: name, pictures, address, descriptions (POST /seller/shop-update). */
  face: ShopFormState;
  /** How it sells: hours, off days, money, delivery time (POST /seller/shop-setting-update). */
  settings: ShopFormState;
  status: number;
}

/**
 * /shop/profile, for the owner of an active shop (page-data/seller-access.ts). Two forms
 * post here, told apart by `_action`: `face` (multipart, with the pictures) and `settings`.
 */
export async function loadShopProfilePage(req: PageRequest): Promise<PageOutcome<ShopProfilePageData>> {
  const guard = sellerPageRedirect(req);
  if (guard) return guard;
  let face = emptyForm();
  let settings = emptyForm();
  let status = 200;
  let changed: SellerUser | undefined;
  if (req.request.method === 'POST') {
    const form = await limitedForm(req.request, SELLER_UPLOAD_MAX_BYTES);
    if (!form) {
      status = 413;
      face = tooLarge(req, emptyForm());
    } else if (form.get('_action') === 'settings') {
      const { values, offDays } = posted(form, 'off_day');
      const body: Record<string, unknown> = Object.fromEntries(
        (['min_order_amount', 'delivery_charge', 'estimated_delivery_time', 'opening_time', 'closing_time'] as const).map((name) => [name, values[name] ?? '']),
      );
      // Every day unticked is an empty list, not "leave the off days as they are".
      body.off_day = offDays;
      const result = await submit(req, '/seller/shop-setting-update', body, { values, offDays });
      settings = result.form;
      status = result.status;
      changed = result.user;
    } else {
      const { values, files } = posted(form, 'off_day');
      const body = new FormData();
      for (const name of ['name', 'address', 'short_description', 'description'] as const) body.set(name, values[name] ?? '');
      for (const [name, value] of Object.entries(values)) if (name.startsWith('translations.')) body.set(name, value);
      for (const [name, file] of files) body.set(name, file);
      const result = await submit(req, '/seller/shop-update', body, { values, offDays: [] });
      face = result.form;
      status = result.status;
      changed = result.user;
    }
  }
  const user = changed ?? (await apiGet<{ user: SellerUser }>('/seller/details', apiCall(req))).user;
  // The layout's name reads the user the middleware loaded before this post.
  if (changed && req.shop.user?.shop) req.shop.user = { ...req.shop.user, shop: { ...req.shop.user.shop, name: changed.shop.name, logo: changed.shop.logo } };
  const saved = savedValues(user);
  const merge = (state: ShopFormState): ShopFormState => (state.failure || Object.keys(state.errors).length ? state : { ...saved, success: state.success });
  return page({ user, face: merge(face), settings: merge(settings), status });
}
