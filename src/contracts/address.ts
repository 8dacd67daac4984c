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

/** The payload without the read-only fields it may echo. */
function withoutReadOnly<T extends Record<string, unknown>>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([key]) => !READ_ONLY.has(key))) as T;
}

/** POST /address/store: every required field; address_type defaults to home. */
export const StoreAddressPayload = z.looseObject(addressShape).superRefine(noUnknownFields());
export type StoreAddressPayload = z.output<typeof StoreAddressPayload>;

/**
 * POST /address/{id}/update: the fields sent are changed, the others kept (the original
 * client leaves address_line2 out); a blank optional field clears it. `{is_default: true}`
 * alone makes an address the default. The whole object of GET /addresses may be sent back
 * as it came: its read-only fields are ignored, any other unknown field refused.
 */
export const UpdateAddressPayload = z.looseObject(addressShape).partial().superRefine(noUnknownFields(READ_ONLY)).transform(withoutReadOnly);
export type UpdateAddressPayload = z.output<typeof UpdateAddressPayload>;

/** The fields a form for an address holds, in order. */
export const ADDRESS_FORM_FIELDS = ['name', 'phone', 'address_type', 'area', 'flat_no', 'address_line', 'address_line2', 'post_code', 'latitude', 'longitude'] as const;
