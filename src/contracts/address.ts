/**
 * The address contract (docs/product.md §3.5 Address, §7.2 GET /addresses, §7.4 the
 * address calls): the payload schemas the API validates with and the shape it answers.
 * No server imports here.
 */
import { z } from 'zod';
import { OptionalFlag } from './flag.ts';

export const ADDRESS_TYPES = ['home', 'office', 'other'] as const;
export type AddressType = (typeof ADDRESS_TYPES)[number];

/** The Address shape; the only form in which an address leaves the server. */
export interface AddressDto {
  id: number;
  name: string;
  phone: string;
  area: string | null;
  flat_no: string | null;
  address_type: AddressType;
  address_line: string;
  address_line2: string | null;
  post_code: string | null;
  /** The country by name as GET /countries answers it; null, with state and city, on an address saved without them. */
  country: string | null;
  state: string | null;
  city: string | null;
  is_default: boolean;
  latitude: string | null;
  longitude: string | null;
}

/** The message of a body carrying a field the address calls do not take. */
export const UNKNOWN_FIELDS_MESSAGE = 'The request contains unknown fields.';

/** Blank text (a form's untouched field) or null means "none". */
const blankToNull = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? null : value);

const optionalText = (max: number) => z.preprocess(blankToNull, z.string().trim().max(max).nullable().optional());

/** A coordinate as a number or numeric text within ±limit; kept as text as given (trimmed). */
const coordinate = (limit: number) =>
  z.preprocess(
    (value) => (typeof value === 'number' ? String(value) : blankToNull(value)),
    z
      .string()
      .trim()
      .max(30)
      .refine((value) => /^-?\d{1,3}(\.\d{1,15})?$/.test(value) && Math.abs(Number(value)) <= limit, { error: 'The {{attribute}} field format is invalid.' })
      .nullable()
      .optional(),
  );

/** The region's fields, which go together (`regionTogether`). */
export const REGION_FIELDS = ['country', 'state', 'city'] as const;
/** The longest state or city name taken (the columns' length; a country name is checked against GET /countries). */
export const REGION_TEXT_MAX = 100;

/**
 * A region field: null or absent is "not given" (GET /addresses answers null for an address
 * saved without one, and an echo of it changes nothing); given, it is required text: blank
 * is refused, not cleared, and one line only.
 */
const regionText = z.preprocess(
  (value) => (value === null ? undefined : value),
  z
    .string()
    .trim()
    .min(1)
    .max(REGION_TEXT_MAX)
    .refine((value) => !/\p{Cc}/u.test(value), { error: 'The {{attribute}} field format is invalid.' })
    .optional(),
);

const addressShape = {
  name: z.string().trim().min(1).max(120),
  phone: z
    .string()
    .trim()
    .min(1)
    .max(20)
    .refine((value) => /^\+?[\d\s()-]+$/.test(value), { error: 'The phone field format is invalid.' }),
  area: optionalText(120),
  flat_no: optionalText(60),
  address_type: z.preprocess((value) => blankToNull(value) ?? undefined, z.enum(ADDRESS_TYPES).optional()),
  address_line: z.string().trim().min(1).max(255),
  address_line2: optionalText(255),
  post_code: optionalText(20),
  country: regionText,
  state: regionText,
  city: regionText,
  is_default: OptionalFlag,
  latitude: coordinate(90),
  longitude: coordinate(180),
};

const KNOWN_FIELDS = new Set(Object.keys(addressShape));

/**
 * The fields of the Address shape a client cannot set. An edit form that sends back the
 * whole object it read from GET /addresses carries them; the update ignores them.
 */
const READ_ONLY_ADDRESS_FIELDS = ['id'] as const satisfies readonly Exclude<keyof AddressDto, keyof typeof addressShape>[];
const READ_ONLY = new Set<string>(READ_ONLY_ADDRESS_FIELDS);

/** Refuses a body with a field the address calls do not take: nothing unknown is silently dropped. */
const noUnknownFields =
  (allowed: ReadonlySet<string> = new Set()) =>
  (value: Record<string, unknown>, ctx: z.RefinementCtx) => {
    if (Object.keys(value).some((key) => !KNOWN_FIELDS.has(key) && !allowed.has(key))) ctx.addIssue({ code: 'custom', message: UNKNOWN_FIELDS_MESSAGE, path: ['request'] });
  };

/**
 * Country, state and city are sent together or not at all (docs/product.md §7.4). The
 * original client and the apps built on its calls (§7.6) know none of them: their addresses
 * are still taken, without a region, so that they can keep ordering. A client that sends
 * one of the three is asked for all three, so an address never holds half a region; the
 * shop's own forms always send the three (blank when untouched, which is refused).
 */
function regionTogether(value: Record<string, unknown>, ctx: z.RefinementCtx) {
  const given = REGION_FIELDS.filter((field) => value[field] !== undefined && value[field] !== null);
  if (given.length === 0 || given.length === REGION_FIELDS.length) return;
  for (const field of REGION_FIELDS) {
    if (!given.includes(field)) ctx.addIssue({ code: 'custom', message: 'The {{attribute}} field is required.', path: [field] });
  }
}

/** A body's other refused fields do not hide the region's errors: every field's error comes in one answer. */
const EVEN_WITH_OTHER_ERRORS = { when: (payload: { value: unknown }) => typeof payload.value === 'object' && payload.value !== null && !Array.isArray(payload.value) };

/** The payload without the read-only fields it may echo. */
function withoutReadOnly<T extends Record<string, unknown>>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([key]) => !READ_ONLY.has(key))) as T;
}

/** POST /address/store: every required field; address_type defaults to home. */
export const StoreAddressPayload = z.looseObject(addressShape).superRefine(noUnknownFields()).superRefine(regionTogether, EVEN_WITH_OTHER_ERRORS);
export type StoreAddressPayload = z.output<typeof StoreAddressPayload>;

/**
 * POST /address/{id}/update: the fields sent are changed, the others kept (the original
 * client leaves address_line2 out); a blank optional field clears it. `{is_default: true}`
 * alone makes an address the default. The whole object of GET /addresses may be sent back
 * as it came: its read-only fields are ignored, any other unknown field refused.
 */
export const UpdateAddressPayload = z
  .looseObject(addressShape)
  .partial()
  .superRefine(noUnknownFields(READ_ONLY))
  .superRefine(regionTogether, EVEN_WITH_OTHER_ERRORS)
  .transform(withoutReadOnly);
export type UpdateAddressPayload = z.output<typeof UpdateAddressPayload>;

/** The fields a form for an address holds, in order. */
export const ADDRESS_FORM_FIELDS = [
  'name',
  'phone',
  'address_type',
  'country',
  'state',
  'city',
  'area',
  'flat_no',
  'address_line',
  'address_line2',
  'post_code',
  'latitude',
  'longitude',
] as const;
