import { SELLER_IMAGE_MAX_BYTES, SELLER_UPLOAD_MAX_BYTES } from '../../contracts/seller';
import {
  PRODUCT_STOCK_FILTERS,
  PRODUCT_TEXT_FIELDS,
  SELLER_PRODUCTS_PER_PAGE,
  type ProductStockFilter,
  type SellerProductCreateData,
  type SellerProductDetails,
  type SellerProductList,
} from '../../contracts/seller-product';
import { TRANSLATION_LOCALES } from '../../contracts/translations';
import { pageNumber } from '../../lib/pagination';
import { apiGet, apiPost } from '../pages/page-api';
import { apiCall, nullIfMissing, refusalMessage, refusedWith } from './api';
import { limitedForm, postedForm, sessionToken } from './forms';
import { notFound, page, redirect, type PageOutcome, type PageRequest } from './outcome';
import { sellerPageRedirect } from './seller-access';

/**
 * The shop dashboard's product pages (docs/decisions/017-sellers.md "Products"): the list
 * at `/shop/products` and the product form at `/shop/products/new` and
 * `/shop/products/{id}/edit`, from the seller API as the signed-in owner. Forms post to
 * their own page and work without JavaScript: a refusal comes back as the API's field
 * errors with the values typed (files aside), a write taken redirects with a flash message.
 */

const asOwner = (req: PageRequest) => ({ ...apiCall(req), token: sessionToken(req) });

export interface SellerProductsPage {
  list: SellerProductList;
  page: number;
  perPage: number;
  search: string;
  status: ProductStockFilter | '';
}

/** The list's address with its filters, for the toggle form to come back to. */
function listAddress(url: URL): string {
  return url.search ? `/shop/products${url.search}` : '/shop/products';
}

export async function loadSellerProductsPage(req: PageRequest): Promise<PageOutcome<SellerProductsPage>> {
  const away = sellerPageRedirect(req);
  if (away) return away;
  const back = listAddress(req.url);
  if (req.request.method === 'POST') {
    const id = String((await postedForm(req.request)).get('toggle') ?? '');
    try {
      const { message } = await apiPost(`/seller/product/status/toggle/${encodeURIComponent(id)}`, asOwner(req));
      return redirect(back, { type: 'success', message });
    } catch (error) {
      return redirect(back, { type: 'error', message: refusalMessage(error, 404, 422) });
    }
  }
  const params = req.url.searchParams;
  const search = (params.get('search') ?? '').trim().slice(0, 100);
  const given = params.get('status') ?? '';
  const status = (PRODUCT_STOCK_FILTERS as readonly string[]).includes(given) ? (given as ProductStockFilter) : '';
  const current = pageNumber(params.get('page'));
  const query = new URLSearchParams({ page: String(current), per_page: String(SELLER_PRODUCTS_PER_PAGE) });
  if (search) query.set('search', search);
  if (status) query.set('status', status);
  const list = await apiGet<SellerProductList>(`/seller/products?${query}`, asOwner(req));
  return page({ list, page: current, perPage: SELLER_PRODUCTS_PER_PAGE, search, status });
}

/** A form's values by field name, each a list (ticked boxes repeat a name); files are never kept. */
export type ProductFormValues = Record<string, string[]>;

export interface ProductFormState {
  values: ProductFormValues;
  errors: Record<string, string[]>;
  /** Why the whole form was refused (stock changed under it, too large an upload). */
  failure: string | null;
}

export interface ProductFormPage {
  mode: 'new' | 'edit';
  data: SellerProductCreateData;
  product: SellerProductDetails | null;
  form: ProductFormState;
  status: number;
}

/** The values the edit form starts from: the product as saved. */
function savedValues(product: SellerProductDetails): ProductFormValues {
  const one = (value: string | number | null | undefined) => (value === null || value === undefined ? [] : [String(value)]);
  return {
    name: [product.name],
    short_description: one(product.short_description),
    description: one(product.description),
    category: [String(product.category.id)],
    sub_category: one(product.sub_categories[0]?.id),
    brand: one(product.brand?.id),
    unit: one(product.unit?.id),
    price: [String(product.price)],
    discount_price: [String(product.discount_price)],
    quantity: [String(product.quantity)],
    quantity_seen: [String(product.quantity)],
    'sizes[]': product.sizes.map((size) => String(size.id)),
    'colors[]': product.colors.map((color) => String(color.id)),
    'vat_taxes[]': product.vat_taxes.map((tax) => String(tax.id)),
    ...Object.fromEntries(product.sizes.map((size) => [`size_price_${size.id}`, [String(size.price)]])),
    ...Object.fromEntries(product.colors.map((color) => [`color_price_${color.id}`, [String(color.price)]])),
    is_active: [product.is_active ? '1' : '0'],
    ...Object.fromEntries(
      TRANSLATION_LOCALES.flatMap((locale) => PRODUCT_TEXT_FIELDS.map((field) => [`translations.${locale}.${field.name}`, one(product.translations[locale]?.[field.name])])),
    ),
  };
}

/** An empty file input: an empty file, or an empty field when the body was written without a file name. */
const isNoFile = (name: string, value: FormDataEntryValue) => (value instanceof File ? value.size === 0 : value === '' && (name === 'thumbnail' || name === 'images[]'));
/** The page's own fields for the pictures shown: which to remove and the order of the rest. */
const isPictureControl = (name: string) => name === 'remove_images[]' || name.startsWith('image_order_');

/**
 * The API's body for a posted form: its fields and files as sent (empty file inputs
 * dropped), and on edit the pictures kept in the order the seller numbered them
 * (`keep_images[]`, led by a blank so that removing them all still says so).
 */
function apiBody(posted: FormData, product: SellerProductDetails | null): FormData {
  const body = new FormData();
  for (const [name, value] of posted.entries()) if (!isNoFile(name, value) && !isPictureControl(name)) body.append(name, value);
  if (product) {
    const removed = new Set(posted.getAll('remove_images[]').map(String));
    const position = (id: number, index: number) => {
      const typed = Number(String(posted.get(`image_order_${id}`) ?? '').trim());
      return Number.isFinite(typed) && String(posted.get(`image_order_${id}`) ?? '').trim() !== '' ? typed : index + 1;
    };
    const kept = product.additional_thumbnail
      .map((image, index) => ({ id: image.id, at: position(image.id, index), index }))
      .filter((image) => !removed.has(String(image.id)))
      .sort((a, b) => a.at - b.at || a.index - b.index);
    body.append('keep_images[]', '');
    for (const image of kept) body.append('keep_images[]', String(image.id));
  }
  return body;
}

function typedValues(posted: FormData): ProductFormValues {
  const values: ProductFormValues = {};
  for (const [name, value] of posted.entries()) if (typeof value === 'string') (values[name] ??= []).push(value);
  return values;
}

export async function loadProductFormPage(req: PageRequest, mode: 'new' | 'edit'): Promise<PageOutcome<ProductFormPage>> {
  const away = sellerPageRedirect(req);
  if (away) return away;
  const id = req.params.id ?? '';
  if (mode === 'edit' && !/^\d{1,9}$/.test(id)) return notFound();
  const [data, product] = await Promise.all([
    apiGet<SellerProductCreateData>('/seller/product/create-data', asOwner(req)),
    mode === 'edit' ? apiGet<{ product: SellerProductDetails }>(`/seller/product/${id}/show`, asOwner(req)).then((answer) => answer.product, nullIfMissing) : null,
  ]);
  if (mode === 'edit' && !product) return notFound();
  let form: ProductFormState = { values: product ? savedValues(product) : { is_active: ['1'] }, errors: {}, failure: null };
  let status = 200;
  if (req.request.method === 'POST') {
    const posted = await limitedForm(req.request, SELLER_UPLOAD_MAX_BYTES);
    if (!posted) {
      form = {
        ...form,
        failure: req.shop.t('The upload is too large: send at most {{count}} new pictures of up to {{size}} MB each at once.', {
          count: Math.floor(SELLER_UPLOAD_MAX_BYTES / SELLER_IMAGE_MAX_BYTES),
          size: SELLER_IMAGE_MAX_BYTES / 1024 / 1024,
        }),
      };
      status = 413;
    } else {
      const path = product ? `/seller/product/${product.id}/update` : '/seller/product/store';
      try {
        const { message, data: saved } = await apiPost<{ product: SellerProductDetails }>(path, { ...asOwner(req), body: apiBody(posted, product) });
        return redirect(`/shop/products/${saved.product.id}/edit`, { type: 'success', message });
      } catch (error) {
        const refusal = refusedWith(error, 404, 409, 413, 422);
        if (refusal.status === 404) return notFound();
        form = { values: typedValues(posted), errors: refusal.status === 422 ? (refusal.errors ?? {}) : {}, failure: refusal.status === 422 ? null : refusal.message };
        status = refusal.status;
        // Stock changed under the form (orders took units): the form now shows what is left,
        // so sending it again sets the quantity typed against today's stock.
        if (refusal.status === 409 && product) {
          const now = await apiGet<{ product: SellerProductDetails }>(`/seller/product/${product.id}/show`, asOwner(req));
          form.values.quantity_seen = [String(now.product.quantity)];
        }
      }
    }
  }
  return page({ mode, data, product, form, status });
}
