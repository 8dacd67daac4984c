import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc } from 'drizzle-orm';
import { contactMessages } from '../../db/schema';
import { createUser } from '@tests/fixtures';
import { bearerFor, createTestApp, jsonBody, type TestApp } from '@tests/support/api';

let api: TestApp;
beforeAll(async () => {
  api = await createTestApp();
});
afterAll(() => api.close());

const latest = async () => (await api.db.select().from(contactMessages).orderBy(desc(contactMessages.id)).limit(1))[0]!;
const send = (body: Record<string, string>, auth?: Record<string, string>) => {
  const init = jsonBody(body);
  if (auth) init.headers = { ...init.headers, ...auth };
  return api.json('/support', init);
};
const message = { name: 'Ada', subject: 'My order', message: 'Where is my parcel?' };

describe('POST /support without an e-mail (the original client’s contact form)', () => {
  it('a guest may leave a phone instead', async () => {
    const { status, body } = await send({ ...message, phone: '+1 202 555 0100' });
    expect(status).toBe(201);
    expect(body.message).toBe('Your message has been sent.');
    expect(await latest()).toMatchObject({ email: null, phone: '+1 202 555 0100', userId: null });
  });

  it('a guest with neither e-mail nor phone is refused, naming the e-mail', async () => {
    for (const extra of [{}, { email: '', phone: '' }] as Record<string, string>[]) {
      const { status, body } = await send({ ...message, ...extra });
      expect(status).toBe(422);
      expect(body.errors).toEqual({ email: ['The email field is required when phone is not present.'] });
    }
  });

  it('a signed-in sender is answered at their account: what the form leaves out comes from it', async () => {
    const user = await createUser(api.db, { email: 'grace@example.com', phoneCode: '44', phone: '7700900123' });
    const auth = await bearerFor(api.db, user.id);
    expect((await send(message, auth)).status).toBe(201);
    expect(await latest()).toMatchObject({ email: 'grace@example.com', phone: '+447700900123', userId: user.id });
    // What the sender types wins.
    expect((await send({ ...message, email: 'other@example.com', phone: '123' }, auth)).status).toBe(201);
    expect(await latest()).toMatchObject({ email: 'other@example.com', phone: '123' });
  });

  it('still checks an e-mail that is given', async () => {
    const { status, body } = await send({ ...message, email: 'not-an-email' });
    expect(status).toBe(422);
    expect(body.errors).toEqual({ email: ['The email field must be a valid email address.'] });
  });
});
