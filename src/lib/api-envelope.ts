/**
 * Reading an API answer, the same for page code (src/server/pages/page-api.ts) and islands
 * (lib/api-client.ts): the success envelope `{ message, data }`, or an `ApiError` with
 * the status, the message and the per-field errors of the 422 envelope
 * (docs/product.md §7.1).
 */
export interface Envelope<T> {
  message: string;
  data: T;
}

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors: Record<string, string[]> = {},
    /** Seconds to wait, from a 429's Retry-After. */
    readonly retryAfter?: number,
  ) {
    super(message);
    this.name = 'ApiError';
  }

  /** The first message for a field, as forms show it under the field (§5). */
  fieldError(field: string): string | undefined {
    return this.errors[field]?.[0];
  }
}

/** The envelope of a successful answer; an ApiError for any other (a body that is not JSON too). */
export async function readEnvelope<T>(response: Response): Promise<Envelope<T>> {
  const body = (await response.json().catch(() => ({}))) as { message?: unknown; data?: T; errors?: unknown };
  const message = typeof body.message === 'string' ? body.message : '';
  if (!response.ok) {
    const retryAfter = Number(response.headers.get('retry-after'));
    throw new ApiError(
      response.status,
      message || response.statusText || `HTTP ${response.status}`,
      fieldErrors(body.errors),
      Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : undefined,
    );
  }
  return { message, data: body.data as T };
}

function fieldErrors(value: unknown): Record<string, string[]> {
  if (!value || typeof value !== 'object') return {};
  return Object.fromEntries(
    Object.entries(value as Record<string, unknown>).map(([field, messages]) => [
      field,
      Array.isArray(messages) ? messages.filter((item): item is string => typeof item === 'string') : [],
    ]),
  );
}
