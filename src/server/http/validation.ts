import type { Context } from 'hono';
import { validator } from 'hono/validator';
import type { z } from 'zod';
import type { Translate } from '../../lib/i18n';
import type { AppEnv } from '../context';
import { ApiError, validationError, type FieldErrors } from './errors';

type Issue = z.core.$ZodIssue;

/**
 * Turns a zod issue into an English source message plus its values. Messages follow the
 * wording shops of this kind already use, so existing clients show familiar text.
 */
function describe(issue: Issue): [key: string, values: Record<string, unknown>] {
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined || issue.input === null || issue.input === '') return ['The {{attribute}} field is required.', {}];
      if (issue.expected === 'number' || issue.expected === 'int') return ['The {{attribute}} field must be a number.', {}];
      if (issue.expected === 'string') return ['The {{attribute}} field must be a string.', {}];
      if (issue.expected === 'boolean') return ['The {{attribute}} field must be true or false.', {}];
      if (issue.expected === 'array') return ['The {{attribute}} field must be an array.', {}];
      return ['The {{attribute}} field is invalid.', {}];
    case 'too_small':
      if (issue.origin === 'string') {
        return issue.minimum === 1 ? ['The {{attribute}} field is required.', {}] : ['The {{attribute}} field must be at least {{min}} characters.', { min: issue.minimum }];
      }
      if (issue.origin === 'array') return ['The {{attribute}} field must have at least {{min}} items.', { min: issue.minimum }];
      return ['The {{attribute}} field must be at least {{min}}.', { min: issue.minimum }];
    case 'too_big':
      if (issue.origin === 'string') return ['The {{attribute}} field must not be greater than {{max}} characters.', { max: issue.maximum }];
      if (issue.origin === 'array') return ['The {{attribute}} field must not have more than {{max}} items.', { max: issue.maximum }];
      return ['The {{attribute}} field must not be greater than {{max}}.', { max: issue.maximum }];
    case 'invalid_format':
      if (issue.format === 'email') return ['The {{attribute}} field must be a valid email address.', {}];
      return ['The {{attribute}} field format is invalid.', {}];
    case 'invalid_value':
      return ['The selected {{attribute}} is invalid.', {}];
    case 'not_multiple_of':
      return ['The {{attribute}} field must be a whole number.', {}];
    case 'custom':
      // Schemas give their own wording through refine(); it is a catalogue key too.
      return [issue.message, issue.params ?? {}];
    default:
      return ['The {{attribute}} field is invalid.', {}];
  }
}

/**
 * Field errors keyed by the first path segment, messages translated for the request. A
 * translated text is keyed by its whole path (`translations.ar.name`, the form field's
 * name, docs/product.md §9.1) and named by its field.
 */
export function fieldErrors(issues: readonly Issue[], t: Translate): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const translated = issue.path[0] === 'translations' && issue.path.length === 3;
    const field = translated ? issue.path.join('.') : String(issue.path[0] ?? 'request');
    const [key, values] = describe(issue);
    const attribute = t(String(translated ? issue.path[2] : field).replaceAll('_', ' '));
    (errors[field] ??= []).push(t(key, { ...values, attribute }));
  }
  return errors;
}

/**
 * The top-level fields holding text that is not valid Unicode text: a NUL character
 * (PostgreSQL cannot store one) or a lone surrogate half. Walked with an explicit stack,
 * so a deeply nested JSON body cannot exhaust the call stack.
 */
export function fieldsWithInvalidText(value: unknown): string[] {
  if (typeof value !== 'object' || value === null) return [];
  const fields: string[] = [];
  for (const [field, top] of Object.entries(value)) {
    const pending: unknown[] = [top];
    while (pending.length) {
      const item = pending.pop();
      if (typeof item === 'string') {
        if (item.includes('\0') || !item.isWellFormed()) {
          fields.push(field);
          break;
        }
      } else if (typeof item === 'object' && item !== null && !(item instanceof Blob)) {
        for (const child of Object.values(item)) pending.push(child);
      }
    }
  }
  return fields;
}

/**
 * Checks of a payload that the schema cannot make alone (rules kept in site settings, say):
 * their field errors join the schema's, so every field's error comes in one answer.
 */
export type MoreChecks = (value: Record<string, unknown>, c: Context<AppEnv>) => Promise<FieldErrors>;

async function check<S extends z.ZodType>(schema: S, value: unknown, c: Context<AppEnv>, more?: MoreChecks): Promise<z.output<S>> {
  // One check for every query, path and body string, before any schema or query sees it.
  const invalid = fieldsWithInvalidText(value);
  if (invalid.length) {
    const message = (field: string) => c.var.t('The {{attribute}} field contains invalid characters.', { attribute: c.var.t(field.replaceAll('_', ' ')) });
    throw validationError(Object.fromEntries(invalid.map((field) => [field, [message(field)]])));
  }
  const result = await schema.safeParseAsync(value, { reportInput: true });
  const errors = result.success ? {} : fieldErrors(result.error.issues, c.var.t);
  if (more && typeof value === 'object' && value !== null) {
    for (const [field, messages] of Object.entries(await more(value as Record<string, unknown>, c))) errors[field] ??= messages;
  }
  if (!result.success || Object.keys(errors).length) throw validationError(errors);
  return result.data;
}

/**
 * The query parameters a route's schema sees. A blank value means "not given" on every
 * route: a form without JavaScript submits untouched fields as `name=`, and the original
 * client always sends `brand_id=&category_id=` (docs/product.md §7.6). Of a repeated
 * parameter the first non-blank value counts, except in the `name[]` form that clients
 * use for lists, whose values become one comma list (`brand_id[]=3&brand_id[]=7` is
 * `brand_id=3,7`), like the body's `shop_ids[]` in `readBody`.
 */
export function queryValues(all: Record<string, string[]>): Record<string, string> {
  const query: Record<string, string> = {};
  for (const [key, values] of Object.entries(all)) {
    const given = values.filter((value) => value.trim() !== '');
    if (given.length === 0) continue;
    if (key.endsWith('[]')) query[key.slice(0, -2)] = given.join(',');
    else query[key] ??= given[0]!;
  }
  return query;
}

/** Validates query parameters, blanks dropped (`queryValues`). */
export const validQuery = <S extends z.ZodType>(schema: S) => validator('query', (_value, c: Context<AppEnv>) => check(schema, queryValues(c.req.queries()), c));

/** Validates path parameters. */
export const validParams = <S extends z.ZodType>(schema: S) => validator('param', (value, c: Context<AppEnv>) => check(schema, value, c));

/**
 * Validates a request body sent as JSON, a urlencoded form (what a form posts without
 * JavaScript) or multipart form data (uploads). Anything else is refused. Hono has
 * already parsed JSON bodies (answering 400 to malformed JSON) when this runs.
 */
export const validBody = <S extends z.ZodType>(schema: S, more?: MoreChecks) =>
  validator('json', async (parsedJson, c: Context<AppEnv>) => check(schema, await readBody(c, parsedJson), c, more));

async function readBody(c: Context<AppEnv>, parsedJson: unknown): Promise<unknown> {
  const type = (c.req.header('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
  if (/^application\/([\w.-]+\+)?json$/.test(type)) return parsedJson;
  if (type === 'application/x-www-form-urlencoded' || type === 'multipart/form-data') {
    const form = await c.req.parseBody({ all: true }).catch(() => {
      throw new ApiError(400, 'The request is malformed.'); // e.g. multipart without its boundary
    });
    // Clients send lists as `shop_ids[]`; the schemas name them without brackets.
    return Object.fromEntries(Object.entries(form).map(([key, value]) => [key.replace(/\[\]$/, ''), value]));
  }
  if (type === '' && (await c.req.arrayBuffer()).byteLength === 0) return {};
  throw new ApiError(415, 'Unsupported content type. Send JSON or form data.');
}
