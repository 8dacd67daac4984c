import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq } from 'drizzle-orm';
import type { App } from '../../app';
import { contactChanges, outbox, users } from '../../db/schema';
import { seedBase } from '@tests/fixtures';
import { createTestApp, edgeCaller, randomEmail, registerShopper, type TestApp } from '@tests/support/api';

/**
 * A new e-mail or phone on the profile (docs/product.md §7.4): POST /update-profile sends a code to the
 * new one and changes nothing yet; POST /update-profile/verify with that code makes the
 * change. Codes are read from the outbox (APP_ENV=test, no SMTP_URL).
 */

let handle: TestApp;
let app: App;
let clock = new Date();
beforeAll(async () => {
  handle = await createTestApp(seedBase, {}, { now: () => clock });
  app = handle.app;
});
afterAll(() => handle.close());

/** A new account, signed up through the API from an address of its own, and signed in. */
const newShopper = () => registerShopper(app, { name: 'Contact Shopper' });

/** The latest code the outbox kept for a recipient. */
async function codeSentTo(recipient: string): Promise<string> {
  const [message] = await handle.db.select().from(outbox).where(eq(outbox.recipient, recipient)).orderBy(desc(outbox.id)).limit(1);
  const code = /verification code is (\d{4})/.exec(message?.body ?? '')?.[1];
  expect(code, `a code for ${recipient}`).toBeDefined();
  return code!;
}

const row = async (id: number) => (await handle.db.select().from(users).where(eq(users.id, id)))[0]!;
const wrong = (code: string) => String((Number(code) + 1) % 10_000).padStart(4, '0');

describe('changing the e-mail or phone (POST /update-profile, /update-profile/verify)', () => {
  it('sends a code to the new e-mail, changes nothing until it comes back, then changes and verifies it', async () => {
    const me = await newShopper();
    const next = randomEmail('renamed');
    const asked = await me.as('/update-profile', { name: 'New Name', email: next, phone: me.phone });
    expect(asked.status).toBe(200);
    expect(asked.body.message).toBe(`A verification code has been sent to ${next}. Enter it to confirm the change.`);
    expect(asked.body.data.verification).toEqual([{ field: 'email', sent_to: next }]);
    // The other fields are saved; the e-mail is not, yet.
    expect(asked.body.data.user).toMatchObject({ name: 'New Name', email: me.email });
    expect((await row(me.id)).email).toBe(me.email);
    const code = await codeSentTo(next);
    // Nothing went to the old address.
    expect(await handle.db.select().from(outbox).where(eq(outbox.recipient, me.email))).toEqual([]);

    const profile = await app.request('/api/profile', { headers: { Authorization: `Bearer ${me.token}` } });
    expect((await profile.json()).data.contact_changes).toEqual([{ field: 'email', sent_to: next }]);

    const bad = await me.as('/update-profile/verify', { otp: wrong(code) });
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toEqual({ otp: ['The code is invalid or has expired.'] });
    expect((await row(me.id)).email).toBe(me.email);

    const good = await me.as('/update-profile/verify', { otp: code, field: 'email' });
    expect(good.status).toBe(200);
    expect(good.body.message).toBe('Your e-mail address has been changed.');
    expect(good.body.data.user).toMatchObject({ email: next, email_verified: true });
    expect(good.body.data.contact_changes).toEqual([]);
    // Used once: the same code does nothing more.
    expect((await me.as('/update-profile/verify', { otp: code })).body.errors).toEqual({ otp: ['No new e-mail address or phone number is waiting for a code.'] });
    expect(await handle.db.select().from(contactChanges).where(eq(contactChanges.userId, me.id))).toEqual([]);
  });

  it('sends a code by SMS to a new phone (with its country code) and changes it on the code', async () => {
    const me = await newShopper();
    const asked = await me.as('/update-profile', { name: 'Phone Changer', phone: '4165550199', phone_code: '+44' });
    expect(asked.status).toBe(200);
    expect(asked.body.data.verification).toEqual([{ field: 'phone', sent_to: '+444165550199' }]);
    expect(await row(me.id)).toMatchObject({ phone: me.phone, phoneCode: '1' });
    const code = await codeSentTo('+444165550199');
    const done = await me.as('/update-profile/verify', { otp: Number(code) === 0 ? '0000' : code });
    expect(done.status).toBe(200);
    expect(done.body.message).toBe('Your phone number has been changed.');
    expect(await row(me.id)).toMatchObject({ phone: '4165550199', phoneCode: '44' });
    expect((await row(me.id)).phoneVerifiedAt).not.toBeNull();
  });

  it('refuses another user’s code, a code for another destination and an expired one', async () => {
    const alice = await newShopper();
    const bob = await newShopper();
    const shared = randomEmail('shared');
    // Both ask for the same new address: each code counts only for the one who asked.
    await alice.as('/update-profile', { name: 'Alice', email: shared });
    const aliceCode = await codeSentTo(shared);
    await bob.as('/update-profile', { name: 'Bob', email: shared });
    const bobCode = await codeSentTo(shared);
    if (bobCode !== aliceCode) {
      expect((await alice.as('/update-profile/verify', { otp: bobCode })).status).toBe(422);
    }
    expect((await row(alice.id)).email).toBe(alice.email);

    // Alice asks for another address instead: the first code no longer counts.
    const other = randomEmail('other');
    await alice.as('/update-profile', { name: 'Alice', email: other });
    const otherCode = await codeSentTo(other);
    if (otherCode !== aliceCode) {
      expect((await alice.as('/update-profile/verify', { otp: aliceCode })).body.errors).toEqual({ otp: ['The code is invalid or has expired.'] });
    }

    // Bob's code dies after 10 minutes.
    clock = new Date(clock.getTime() + 11 * 60_000);
    try {
      expect((await bob.as('/update-profile/verify', { otp: bobCode })).body.errors).toEqual({ otp: ['The code is invalid or has expired.'] });
    } finally {
      clock = new Date();
    }
    expect((await row(bob.id)).email).toBe(bob.email);

    // Alice's own code for her latest request works, and Bob's pending request is untouched.
    expect((await alice.as('/update-profile/verify', { otp: otherCode })).status).toBe(200);
    expect((await row(alice.id)).email).toBe(other);
    expect(await handle.db.select({ destination: contactChanges.destination }).from(contactChanges).where(eq(contactChanges.userId, bob.id))).toEqual([{ destination: shared }]);
  });

  it('answers a taken e-mail or phone with a field error, before any code, and when another account takes it meanwhile', async () => {
    const alice = await newShopper();
    const bob = await newShopper();
    const taken = await alice.as('/update-profile', { name: 'Alice', email: bob.email.toUpperCase(), phone: bob.phone, phone_code: '1' });
    expect(taken.status).toBe(422);
    expect(taken.body.errors).toEqual({ email: ['The email has already been taken.'], phone: ['The phone has already been taken.'] });
    expect(await handle.db.select().from(outbox).where(eq(outbox.recipient, bob.email.toUpperCase()))).toEqual([]);
    expect(await handle.db.select().from(contactChanges).where(eq(contactChanges.userId, alice.id))).toEqual([]);

    // Asked while free, taken by Bob before Alice's code comes back.
    const wanted = randomEmail('wanted');
    await alice.as('/update-profile', { name: 'Alice', email: wanted });
    const code = await codeSentTo(wanted);
    await handle.db.update(users).set({ email: wanted }).where(eq(users.id, bob.id));
    const late = await alice.as('/update-profile/verify', { otp: code });
    expect(late.status).toBe(422);
    expect(late.body.errors).toEqual({ email: ['The email has already been taken.'] });
    expect((await row(alice.id)).email).toBe(alice.email);
  });

  it('resends a code for the waiting change only, and refuses bad input with a 4xx', async () => {
    const me = await newShopper();
    expect((await me.as('/update-profile/resend', { field: 'email' })).body.errors).toEqual({ field: ['No new e-mail address or phone number is waiting for a code.'] });
    const next = randomEmail('resend');
    await me.as('/update-profile', { name: 'Me', email: next });
    const first = await codeSentTo(next);
    const resent = await me.as('/update-profile/resend', { field: 'email' });
    expect(resent.status).toBe(200);
    expect(resent.body.data.verification).toEqual([{ field: 'email', sent_to: next }]);
    const second = await codeSentTo(next);
    const sent = await handle.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.recipient, next)));
    expect(sent).toHaveLength(2);
    if (first !== second) expect((await me.as('/update-profile/verify', { otp: first })).status).toBe(422);

    for (const body of [{ otp: '12' }, { otp: 'abcd' }, { otp: '1234', field: 'name' }, { otp: '1234', user_id: 1 }, { otp: '12\u00003' }, null, 'x']) {
      const { status } = await me.as('/update-profile/verify', body);
      expect(status, JSON.stringify(body)).toBeGreaterThanOrEqual(400);
      expect(status).toBeLessThan(500);
    }
    expect((await me.as('/update-profile/resend', { field: 'password' })).status).toBe(422);
    expect((await edgeCaller(app, '203.0.113.250')('/update-profile/verify', { otp: second })).status).toBe(401);
    expect((await me.as('/update-profile/verify', { otp: second })).status).toBe(200);
  });
});
