/**
 * A seller's products (docs/decisions/017-sellers.md "Products"): the shapes of the seller
 * API's product routes (`/api/seller/products`, `/api/seller/product/*`), the payload of
 * the product form, and the form's text fields. Amounts are decimals here, minor units in
 * the database (lib/money.ts). No server imports: pages and islands read it too.
 */
import { z } from 'zod';
import { MAX_PAGE } from '../lib/pagination';
import { recordId, wholeNumber } from './numbers';
import { OptionalFlag } from './flag';
import { nestFormTranslations, translationsSchema, type Translations } from './translations';

/** What the product list can be narrowed to: on sale or not, none left, or few left. */
export const PRODUCT_STOCK_FILTERS = ['active', 'inactive', 'out_of_stock', 'low_stock'] as const;
export type ProductStockFilter = (typeof PRODUCT_STOCK_FILTERS)[number];
/** At most this many units left (and more than none) is "low stock". */
export const LOW_STOCK_THRESHOLD = 5;
export const SELLER_PRODUCTS_PER_PAGE = 20;
export const SELLER_PRODUCTS_MAX_PER_PAGE = 100;
/** The highest price or surcharge a form may set: far below what an integer column holds in minor units. */
export const PRODUCT_MAX_PRICE = 10_000_000;
/** The most units a product may hold in stock. */
export const PRODUCT_MAX_QUANTITY = 1_000_000;

/**
 * The product form's text fields, one row each: the API's limits and the form's labels
 * and inputs come from here, so a field is defined once (and translated once, by its
 * English label, ADR 003).
 */
export const PRODUCT_TEXT_FIELDS = [
  { name: 'name', label: 'Product name', max: 200, required: true, input: 'text' },
  { name: 'short_description', label: 'Short description', max: 500, required: false, input: 'textarea' },
  { name: 'description', label: 'Description', max: 20_000, required: false, input: 'rich-text' },
] as const;

/** The list's query: page, search words, category, brand and a stock state. */
export const SellerProductListQuery = z.object({
  page: z.preprocess(numeral, z.number().int().min(1).max(MAX_PAGE).default(1)),
  per_page: z.preprocess(numeral, z.number().int().min(1).max(SELLER_PRODUCTS_MAX_PER_PAGE).default(SELLER_PRODUCTS_PER_PAGE)),
  search: z.string().trim().max(100).optional(),
  category: recordId().optional(),
  brand: recordId().optional(),
  status: z.enum(PRODUCT_STOCK_FILTERS).optional(),
});
export type SellerProductListQuery = z.output<typeof SellerProductListQuery>;

function numeral(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const text = value.trim();
  if (text === '') return undefined;
  return /^[+-]?\d+(\.\d+)?$/.test(text) ? Number(text) : value;
}

/** Blank (an untouched form field) means not given. */
const blankAsUndefined = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);

/**
 * An amount as the seller types it: a JSON number or decimal text with at most two
 * decimals ("12", "12.5", "12.50"). Anything else (NaN, "1e3", "12.345") is refused, never
 * rounded: a price is what the seller meant to the cent.
 */
function amount(min: 'positive' | 'zero') {
  return z.preprocess(
    (value) => {
      const given = blankAsUndefined(value);
      if (typeof given === 'string' && /^-?\d+(\.\d+)?$/.test(given.trim())) return Number(given.trim());
      return given;
    },
    z
      .number({ error: 'The {{attribute}} field must be a number.' })
      .refine((value) => Number.isFinite(value) && Math.abs(Math.round(value * 100) - value * 100) < 1e-6, {
        message: 'The {{attribute}} field must have at most 2 decimal places.',
      })
      .refine((value) => (min === 'positive' ? value > 0 : value >= 0), {
        message: min === 'positive' ? 'The {{attribute}} field must be greater than 0.' : 'The {{attribute}} field must be at least {{min}}.',
        params: { min: 0 },
      })
      .refine((value) => value <= PRODUCT_MAX_PRICE, { message: 'The {{attribute}} field must not be greater than {{max}}.', params: { max: PRODUCT_MAX_PRICE } }),
  );
}

/** An amount that is 0 when absent or left blank (a discount, a surcharge). */
const amountOrZero = () => z.preprocess(blankAsUndefined, amount('zero').default(0));

/** A list field: a JSON array, or a form's repeated field (one value arrives alone). */
const list = <T extends z.ZodType>(item: T, max: number) =>
  z.preprocess((value) => (value === undefined || value === '' ? [] : Array.isArray(value) ? value.filter((entry) => entry !== '') : [value]), z.array(item).max(max));

const Option = z.object({ id: recordId(), price: amountOrZero() });

const requiredText = (field: (typeof PRODUCT_TEXT_FIELDS)[number]) => z.string().trim().min(1).max(field.max);
const optionalText = (field: (typeof PRODUCT_TEXT_FIELDS)[number]) => z.preprocess(blankAsUndefined, z.string().trim().max(field.max).optional());

/**
 * A form posts a size or colour as its id (`sizes[]=3`, a ticked box) with its surcharge in
 * `size_price_3` (`color_price_3`); a JSON client sends `[{id, price}]`. Both become the
 * latter before the schema reads them.
 */
function optionsFromForm(body: unknown): unknown {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return body;
  const record = { ...(nestFormTranslations(body) as Record<string, unknown>) };
  for (const [field, prefix] of [
    ['sizes', 'size_price_'],
    ['colors', 'color_price_'],
  ] as const) {
    const value = record[field];
    const entries = value === undefined || value === '' ? [] : Array.isArray(value) ? value : [value];
    if (entries.every((entry) => typeof entry === 'string')) {
      record[field] = (entries as string[]).filter((id) => id !== '').map((id) => ({ id, price: record[`${prefix}${id}`] ?? 0 }));
    }
  }
  return record;
}

/** The product's texts in the other languages (docs/product.md §9.1). */
const ProductTranslations = translationsSchema(PRODUCT_TEXT_FIELDS);

const productFields = {
  name: requiredText(PRODUCT_TEXT_FIELDS[0]),
  short_description: optionalText(PRODUCT_TEXT_FIELDS[1]),
  description: optionalText(PRODUCT_TEXT_FIELDS[2]),
  category: recordId(),
  sub_category: z.preprocess(blankAsUndefined, recordId().optional()),
  brand: z.preprocess(blankAsUndefined, recordId().optional()),
  unit: z.preprocess(blankAsUndefined, recordId().optional()),
  price: amount('positive'),
  discount_price: amountOrZero(),
  quantity: z.preprocess(blankAsUndefined, wholeNumber(0, PRODUCT_MAX_QUANTITY)),
  /** The stock the seller's form showed: a change is applied as a difference when orders took units since (017-sellers.md "Stock"). */
  quantity_seen: z.preprocess(blankAsUndefined, wholeNumber(0, PRODUCT_MAX_QUANTITY).optional()),
  sizes: list(Option, 50),
  colors: list(Option, 50),
  vat_taxes: list(recordId(), 20),
  is_active: OptionalFlag,
  /** Files, checked by content by the route (a form's empty file input counts as none). */
  thumbnail: z.unknown().optional(),
  images: z.preprocess((value) => (value === undefined ? [] : Array.isArray(value) ? value : [value]), z.array(z.unknown())),
  /** On update: the ids of the images kept, in their new order (the first is the thumbnail unless a new one is sent). */
  keep_images: list(recordId(), 50).optional(),
  translations: ProductTranslations,
};

/** The payload of `POST /api/seller/product/store` and `/:id/update` (JSON or form data). */
export const SellerProductPayload = z.preprocess(
  optionsFromForm,
  z.object(productFields).superRefine((value, context) => {
    if (value.discount_price > 0 && value.discount_price >= value.price) {
      context.addIssue({ code: 'custom', path: ['discount_price'], message: 'The discount price must be less than the price.' });
    }
  }),
);
export type SellerProductPayload = z.output<typeof SellerProductPayload>;

export const ThumbnailDeletePayload = z.object({ product_id: recordId(), thumbnail_id: recordId() });

/** A product in the seller's list. `quantity` is the real stock. */
export interface SellerProduct {
  id: number;
  name: string;
  slug: string;
  thumbnail: string;
  price: number;
  discount_price: number;
  quantity: number;
  total_sold: number;
  brand: string | null;
  category: string | null;
  is_active: boolean;
}

export interface SellerProductList {
  total: number;
  products: SellerProduct[];
}

export interface NamedOption {
  id: number;
  name: string;
}

export interface SellerProductDetails {
  id: number;
  name: string;
  slug: string;
  price: number;
  discount_price: number;
  quantity: number;
  sku: string;
  thumbnail: string;
  /** Every picture of the product in order, the thumbnail's first. */
  additional_thumbnail: { id: number; thumbnail: string }[];
  category: NamedOption;
  sub_categories: NamedOption[];
  sizes: { id: number; name: string; price: number }[];
  colors: { id: number; name: string; color_code: string; price: number }[];
  brand: NamedOption | null;
  unit: NamedOption | null;
  vat_taxes: { id: number; name: string; percentage: number }[];
  short_description: string | null;
  /** Sanitised HTML. */
  description: string | null;
  is_active: boolean;
  /** Its name, descriptions and slug in the other languages (docs/product.md §9.1). */
  translations: Translations;
}

export interface SellerProductCreateData {
  categories: { id: number; name: string; thumbnail: string | null; sub_categories: NamedOption[] }[];
  sizes: NamedOption[];
  colors: { id: number; name: string; color_code: string }[];
  brands: NamedOption[];
  units: NamedOption[];
  vat_taxes: { id: number; name: string; percentage: number }[];
}
