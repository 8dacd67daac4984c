import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count } from 'drizzle-orm';
import { contactMessages } from '../db/schema';
import { createTestApp, jsonBody, type TestApp } from '@tests/support/api';

let api: TestApp;
beforeAll(async () => {
  api = await createTestApp();
});
afterAll(() => api.close());

const storedMessages = async () => (await api.db.select({ n: count() }).from(contactMessages))[0]!.n;

const validMessage = { name: 'Ada', email: 'ada@example.com', subject: 'Hello', message: 'Where is my parcel?' };

describe('the API answers bad requests with a clear 4xx and changes nothing', () => {
  it('unknown API paths get a JSON 404', async () => {
    const { status, body, headers } = await api.json('/no-such-route');
    expect(status).toBe(404);
    expect(headers.get('content-type')).toMatch(/application\/json/);
    expect(body).toEqual({ message: 'The requested resource was not found.' });
  });

  it('a known path with the wrong method gets 405 and says which methods are allowed', async () => {
    const { status, body, headers } = await api.json('/master', { method: 'DELETE' });
    expect(status).toBe(405);
    expect(headers.get('allow')).toBe('GET');
    expect(body.message).toBe('The method is not allowed for this route.');
  });

  it('malformed JSON gets 400 and writes nothing', async () => {
    const { status, body } = await api.json('/support', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{"name": "Ada", ',
    });
    expect(status).toBe(400);
    expect(body.message).toMatch(/malformed json/i);
    expect(await storedMessages()).toBe(0);
  });

  it('wrong types and missing fields get 422 with the errors of each field', async () => {
    const { status, body } = await api.json('/support', jsonBody({ name: 42, email: 'not-an-email', subject: '' }));
    expect(status).toBe(422);
    expect(body.errors).toEqual({
      name: ['The name field must be a string.'],
      email: ['The email field must be a valid email address.'],
      subject: ['The subject field is required.'],
      message: ['The message field is required.'],
    });
    expect(body.message).toBe('The name field must be a string.');
    expect(await storedMessages()).toBe(0);
  });

  it('an oversized body gets 413 before it is read', async () => {
    const { status, body } = await api.json('/support', jsonBody({ ...validMessage, message: 'x'.repeat(2 * 1024 * 1024) }));
    expect(status).toBe(413);
    expect(body.message).toBe('The request body is too large.');
    expect(await storedMessages()).toBe(0);
  });

  it('an unsupported content type gets 415', async () => {
    const { status } = await api.json('/support', { method: 'POST', headers: { 'Content-Type': 'text/xml' }, body: '<a/>' });
    expect(status).toBe(415);
    expect(await storedMessages()).toBe(0);
  });

  it('a JSON array or scalar body is a 422, not a crash', async () => {
    for (const raw of ['[]', '"text"', 'null', '12']) {
      const { status } = await api.json('/support', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: raw });
      expect(status).toBe(422);
    }
    expect(await storedMessages()).toBe(0);
  });

  it('hostile text is stored as text, never interpreted', async () => {
    const hostile = { ...validMessage, name: "Robert'); DROP TABLE users;--", message: '<script>alert(1)</script>' };
    const { status } = await api.json('/support', jsonBody(hostile));
    expect(status).toBe(201);
    const [row] = await api.db.select().from(contactMessages);
    expect(row!.name).toBe(hostile.name);
    expect(row!.message).toBe(hostile.message);
  });

  it('a form post (no JavaScript) is accepted like JSON', async () => {
    const before = await storedMessages();
    const response = await api.call('/support', {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(validMessage).toString(),
    });
    expect(response.status).toBe(201);
    expect(await storedMessages()).toBe(before + 1);
  });

  it('every response carries a request id and no stack trace', async () => {
    const response = await api.call('/no-such-route');
    expect(response.headers.get('x-request-id')).toMatch(/^[\w-]{8,}$/);
    expect(await response.text()).not.toMatch(/at .*\.ts|stack|SELECT|INSERT/i);
  });
});

describe('cross-site request forgery', () => {
  it('a cookie-authenticated POST without the XSRF header gets 419', async () => {
    const { status, body } = await api.json('/support', {
      ...jsonBody(validMessage),
      headers: { 'Content-Type': 'application/json', Cookie: 'session=abc; XSRF-TOKEN=t1' },
    });
    expect(status).toBe(419);
    expect(body.message).toBe('CSRF token mismatch.');
  });

  it('a cookie-authenticated POST with the matching X-XSRF-TOKEN passes', async () => {
    const { status } = await api.json('/support', {
      ...jsonBody(validMessage),
      headers: { 'Content-Type': 'application/json', Cookie: 'session=abc; XSRF-TOKEN=t1', 'X-XSRF-TOKEN': 't1' },
    });
    expect(status).toBe(201);
  });

  it('a GET hands out an XSRF-TOKEN cookie for scripts to echo', async () => {
    const response = await api.call('/countries');
    expect(response.headers.get('set-cookie')).toMatch(/XSRF-TOKEN=\w{16,}/);
  });
});
