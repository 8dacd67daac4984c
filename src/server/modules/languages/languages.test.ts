import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedBase } from '@tests/fixtures';
import { createTestApp, jsonBody, type TestApp } from '@tests/support/api';

let api: TestApp;
beforeAll(async () => {
  api = await createTestApp(seedBase);
});
afterAll(() => api.close());

describe('GET /lang/{locale}', () => {
  it('returns every message of a language as a flat object, without authentication', async () => {
    const en = await api.json('/lang/en');
    const ar = await api.json('/lang/ar');
    const ir = await api.json('/lang/ir');
    for (const response of [en, ar, ir]) expect(response.status).toBe(200);
    expect(Object.keys(en.body.data).length).toBeGreaterThan(300);
    // The same messages in every language; a counted one has each language's plural forms (lib/plural.ts: Arabic has six, English two).
    const messages = (data: Record<string, string>) => [...new Set(Object.keys(data).map((key) => key.replace(/_(zero|one|two|few|many|other)$/, '')))].sort();
    expect(messages(ar.body.data)).toEqual(messages(en.body.data));
    expect(messages(ir.body.data)).toEqual(messages(en.body.data));
    expect(Object.keys(ar.body.data)).toEqual(expect.arrayContaining(['My Cart ({{count}} items)_two', 'My Cart ({{count}} items)_few', 'My Cart ({{count}} items)_many']));
    expect(en.body.data['Cart is empty']).toBe('Cart is empty');
    expect(ar.body.data['Cart is empty']).toMatch(/[\u0600-\u06FF]/);
    expect(ir.body.data['Cart is empty']).toMatch(/[\u0600-\u06FF]/);
    expect(ir.body.data['Cart is empty']).not.toBe(ar.body.data['Cart is empty']);
  });

  it('also answers the messages at the top level, for clients that read the body as the messages (ADR 015)', async () => {
    const { status, body } = await api.json('/lang/ar');
    expect(status).toBe(200);
    expect(body.message).toBe('');
    expect(typeof body.data).toBe('object');
    expect(body['Cart is empty']).toBe(body.data['Cart is empty']);
    expect(body['Cart is empty']).toMatch(/[\u0600-\u06FF]/);
    // Every message is there once more, except the envelope's own keys, which stay the envelope's.
    const { message: _message, data: _data, ...top } = body;
    const { message: _messageKey, data: _dataKey, ...expected } = body.data;
    expect(top).toEqual(expected);
    expect(Object.keys(top).length).toBeGreaterThan(300);
  });

  it('answers 404 with a message for a language the shop does not have', async () => {
    const { status, body } = await api.json('/lang/de');
    expect(status).toBe(404);
    expect(body).toEqual({ message: 'Language not found.' });
  });

  it('refuses path traversal and other non-codes with 422', async () => {
    for (const hostile of ['..%2F..%2Fetc%2Fpasswd', '..', 'en%00', 'en.json', '%2e%2e', 'a'.repeat(300)]) {
      const { status, body } = await api.json(`/lang/${hostile}`);
      expect([404, 422], hostile).toContain(status);
      expect(body.message, hostile).toBeTruthy();
      expect(JSON.stringify(body), hostile).not.toContain('root:');
    }
    const { status, body } = await api.json('/lang/..%2F..%2Fetc%2Fpasswd');
    expect(status).toBe(422);
    expect(body.errors.locale).toEqual(['The locale must be a language code such as en or ar.']);
  });
});

describe('Accept-Language chooses the language of messages', () => {
  it('translates error messages and field errors', async () => {
    const { body } = await api.json('/no-such-route', { headers: { 'Accept-Language': 'ar' } });
    const ar = (await api.json('/lang/ar')).body.data;
    expect(body.message).toBe(ar['The requested resource was not found.']);

    const invalid = await api.json('/support', { ...jsonBody({}), headers: { 'Content-Type': 'application/json', 'Accept-Language': 'ar-SA,ar;q=0.9' } });
    expect(invalid.status).toBe(422);
    expect(invalid.body.errors.name[0]).toMatch(/[\u0600-\u06FF]/);
    expect(invalid.headers.get('content-language')).toBe('ar');
  });

  it('falls back to the default language for unknown ones', async () => {
    const { headers, body } = await api.json('/no-such-route', { headers: { 'Accept-Language': 'de-DE' } });
    expect(headers.get('content-language')).toBe('en');
    expect(body.message).toBe('The requested resource was not found.');
  });
});
