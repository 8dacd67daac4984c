import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedBase } from '@tests/fixtures';
import { createTestApp, type TestApp } from '@tests/support/api';

let api: TestApp;
beforeAll(async () => {
  api = await createTestApp(seedBase);
});
afterAll(() => api.close());

describe('GET /countries', () => {
  it('lists countries by name with their phone codes', async () => {
    const { status, body } = await api.json('/countries');
    expect(status).toBe(200);
    const { countries } = body.data;
    expect(countries.length).toBeGreaterThanOrEqual(20);
    const names = countries.map((country: any) => country.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
    for (const country of countries) {
      expect(country).toEqual({ id: expect.any(Number), name: expect.any(String), code: expect.stringMatching(/^[A-Z]{2}$/), phone_code: expect.stringMatching(/^\d{1,4}$/) });
    }
  });
});
