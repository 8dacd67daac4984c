import type { Context, ErrorHandler, NotFoundHandler } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { AppEnv } from '../context';
import { isDatabaseUnavailable } from '../db/errors';
import { summarizeError } from './log-safe';

export type FieldErrors = Record<string, string[]>;

/**
 * An error meant for the client: its message (an English source string, translated on
 * the way out) and optional per-field errors become the envelope of docs/product.md §7.1.
 */
export class ApiError extends Error {
  constructor(
    /** Any 4xx/5xx, including 419 (XSRF), which Hono's status list lacks. */
    readonly status: number,
    message: string,
    readonly errors?: FieldErrors,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }
}

export const unauthenticated = () => new ApiError(401, 'Unauthenticated.');
export const notFound = (message = 'Not found.') => new ApiError(404, message);

export function validationError(errors: FieldErrors): ApiError {
  const first = Object.values(errors)[0]?.[0] ?? 'The given data was invalid.';
  return new ApiError(422, first, errors);
}

/** The answer while the database is out of reach, to API clients and (as a page) to browsers. */
export const DATABASE_UNAVAILABLE = 'The shop is briefly unavailable. Please try again in a moment.';
export const RETRY_AFTER_SECONDS = 5;

/** Messages for HTTP errors Hono or its middleware raise on their own. */
const HTTP_MESSAGES: Partial<Record<number, string>> = {
  400: 'The request is malformed.',
  413: 'The request body is too large.',
  415: 'Unsupported content type.',
};

export const handleError: ErrorHandler<AppEnv> = (error, c) => {
  if (error instanceof ApiError) return respond(c, error.status as ContentfulStatusCode, error.message, error.errors, error.headers);
  if (error instanceof HTTPException) {
    const status = error.status as ContentfulStatusCode;
    // Hono's own messages (e.g. "Malformed JSON in request body") are client-safe.
    return respond(c, status, error.message || HTTP_MESSAGES[status] || 'Request failed.');
  }
  if (isDatabaseUnavailable(error)) {
    // The database is restarting or out of reach: the client may try again, and the pool
    // reconnects by itself once it is back (db/client.ts).
    c.var.log.warn({ error: summarizeError(error) }, 'database unavailable');
    return respond(c, 503, DATABASE_UNAVAILABLE, undefined, { 'Retry-After': String(RETRY_AFTER_SECONDS) });
  }
  // A summary only: a database error's message carries the SQL and the values bound to it.
  c.var.log.error({ error: summarizeError(error) }, 'unhandled error');
  return respond(c, 500, 'Server Error');
};

export const handleNotFound: NotFoundHandler<AppEnv> = (c) => respond(c, 404, 'The requested resource was not found.');

function respond(c: Context<AppEnv>, status: ContentfulStatusCode, message: string, errors?: FieldErrors, headers?: Record<string, string>) {
  // Field errors arrive already translated (they interpolate field names); a message
  // that is already translated has no key of its own and passes through unchanged.
  const t = c.get('t');
  const body: { message: string; errors?: FieldErrors } = { message: t ? t(message) : message };
  if (errors) body.errors = errors;
  return c.json(body, status, headers);
}
