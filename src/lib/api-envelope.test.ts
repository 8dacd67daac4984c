import { describe, expect, it } from 'vitest';
import { ApiError, readEnvelope } from './api-envelope';

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });

describe('readEnvelope', () => {
  it('returns message and data of a success', async () => {
    expect(await readEnvelope(json(200, { message: 'ok', data: { id: 1 } }))).toEqual({ message: 'ok', data: { id: 1 } });
    expect(await readEnvelope(json(200, { data: [] }))).toEqual({ message: '', data: [] });
  });

  it('throws the status, message and field errors of a 422', async () => {
    const error = await readEnvelope(json(422, { message: 'The name field is required.', errors: { name: ['The name field is required.', 'Second'] } })).catch(
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 422, message: 'The name field is required.' });
    expect((error as ApiError).fieldError('name')).toBe('The name field is required.');
    expect((error as ApiError).fieldError('email')).toBeUndefined();
  });

  it('reads Retry-After of a 429', async () => {
    const error = (await readEnvelope(json(429, { message: 'Too many' }, { 'Retry-After': '42' })).catch((caught: unknown) => caught)) as ApiError;
    expect(error.retryAfter).toBe(42);
  });

  it('survives a body that is not JSON or not an envelope', async () => {
    const error = (await readEnvelope(new Response('Forbidden', { status: 403, statusText: 'Forbidden' })).catch((caught: unknown) => caught)) as ApiError;
    expect(error).toMatchObject({ status: 403, message: 'Forbidden', errors: {} });
    const odd = (await readEnvelope(json(500, { message: 5, errors: { a: 'x', b: [1, 'y'] } })).catch((caught: unknown) => caught)) as ApiError;
    expect(odd).toMatchObject({ status: 500, message: 'HTTP 500', errors: { a: [], b: ['y'] } });
  });
});
