import { createHash } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq, gt } from 'drizzle-orm';
import pino from 'pino';
import { SMTPServer } from 'smtp-server';
import { createApp } from '../../app';
import type { DatabaseHandle } from '../../db/client';
import { otpCodes, outbox, passwordResetTokens, users } from '../../db/schema';
import { parseEnv } from '../../env';
import { createUser, seedBase } from '@tests/fixtures';
import { createTestDatabase } from '@tests/support/database';
import { edgeCaller } from '@tests/support/api';
import { LIMITS } from '../rate-limit/limits';
import { OTP_MAX_ATTEMPTS } from './otp';
import { issueAccessToken } from './tokens';

/** One message the SMTP server received, decoded. */
interface Mail {
  to: string[];
  subject: string;
  text: string;
}

/** Decodes an RFC 2047 header word (=?UTF-8?B?…?= or =?UTF-8?Q?…?=), as nodemailer writes them. */
function decodeHeader(value: string): string {
  return value.replace(/=\?utf-8\?([bq])\?([^?]*)\?=\s*/gi, (_, encoding: string, data: string) =>
    encoding.toLowerCase() === 'b'
      ? Buffer.from(data, 'base64').toString('utf8')
      : Buffer.from(
          data.replace(/_/g, ' ').replace(/=([0-9a-f]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))),
          'latin1',
        ).toString('utf8'),
  );
}

/** A single-part text message as nodemailer sends it: 7bit, quoted-printable or base64 body. */
function parseMail(raw: string, to: string[]): Mail {
  const split = raw.indexOf('\r\n\r\n');
  const head = raw.slice(0, split).replace(/\r\n[ \t]+/g, ' ');
  const body = raw.slice(split + 4);
  const header = (name: string) => head.match(new RegExp(`^${name}:\\s*(.*)$`, 'im'))?.[1] ?? '';
  const encoding = header('Content-Transfer-Encoding').toLowerCase();
  let text = body;
  if (encoding === 'base64') text = Buffer.from(body.replace(/\s/g, ''), 'base64').toString('utf8');
  else if (encoding === 'quoted-printable') {
    const bytes = body.replace(/=\r\n/g, '').replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    text = Buffer.from(bytes, 'latin1').toString('utf8');
  }
  return { to, subject: decodeHeader(header('Subject')), text: text.trim() };
}

let handle: DatabaseHandle;
let smtp: SMTPServer;
let smtpUrl: string;
const inbox: Mail[] = [];

beforeAll(async () => {
  handle = await createTestDatabase();
  await seedBase(handle.db);
  // A real SMTP server on 127.0.0.1, on a free port (0: the system picks one).
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        inbox.push(
          parseMail(
            Buffer.concat(chunks).toString('latin1'),
            session.envelope.rcptTo.map((r) => r.address),
          ),
        );
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  smtpUrl = `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise<void>((resolve) => smtp.close(resolve));
  await handle.close();
});

let addresses = 0;
/** A fresh client address per app, so the per-address limits of one test never meet another's. */
const freshAddress = () => `198.51.100.${++addresses}`;

/**
 * The API as the HTTP edge calls it, with its own clock (`clock.now`) and client address.
 * `logged` collects what the server logs at warn and above (tests that expect errors).
 */
function appWith(environment: Record<string, string> = {}, options: { captureLog?: boolean } = {}) {
  const clock = { now: new Date() };
  const logged: string[] = [];
  const log = pino({ level: 'warn' }, { write: (line: string) => (options.captureLog ? logged.push(line) : console.error(line)) });
  const app = createApp({ db: handle.db, config: parseEnv({ APP_ENV: 'test', LOG_LEVEL: 'warn', ...environment }), log, now: () => clock.now });
  const call = edgeCaller(app, freshAddress());
  return { clock, logged, call };
}

const smtpApp = (options: { captureLog?: boolean } = {}) => appWith({ SMTP_URL: smtpUrl }, options);

/** The latest mail to `address`, waiting briefly for the SMTP server to finish receiving it. */
async function mailTo(address: string): Promise<Mail | undefined> {
  for (let i = 0; i < 50; i++) {
    const mail = inbox.findLast((m) => m.to.includes(address));
    if (mail) return mail;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return undefined;
}

const codeIn = (text: string) => text.match(/\b(\d{4})\b/)?.[1];

async function lastOutbox(recipient: string) {
  const [row] = await handle.db.select().from(outbox).where(eq(outbox.recipient, recipient)).orderBy(desc(outbox.id)).limit(1);
  return row;
}

const outboxCount = async (recipient: string) => (await handle.db.select({ id: outbox.id }).from(outbox).where(eq(outbox.recipient, recipient))).length;

/** The latest outbox message to `recipient` once there are `count` of them: forgot-password codes go out after the answer. */
async function waitOutbox(recipient: string, count = 1) {
  for (let i = 0; i < 100 && (await outboxCount(recipient)) < count; i++) await new Promise((resolve) => setTimeout(resolve, 20));
  expect(await outboxCount(recipient)).toBeGreaterThanOrEqual(count);
  return (await lastOutbox(recipient))!;
}

/** Waits until `check` holds (background work of the server), for at most 4 seconds. */
async function eventually(check: () => Promise<boolean> | boolean) {
  for (let i = 0; i < 200 && !(await check()); i++) await new Promise((resolve) => setTimeout(resolve, 20));
  expect(await check()).toBe(true);
}

/** A code other than `code`. */
const wrong = (code: string) => String((Number(code) + 1) % 10_000).padStart(4, '0');

const forgot = (phone: string, extra: Record<string, unknown> = {}) => ({ phone, forgot_password: 1, ...extra });

describe('e-mail through a real SMTP server', () => {
  it('forgot password: the code read from the received message verifies once and answers a stored-hashed reset token', async () => {
    const user = await createUser(handle.db, { email: 'Reader.One@example.test' });
    const { call } = smtpApp();
    const sent = await call('/send-otp', forgot('reader.one@example.test'));
    expect(sent.status).toBe(200);
    expect(sent.body.data).toEqual({ email_or_phone: 'reader.one@example.test' });
    expect(sent.body.message).toBe('If an account uses reader.one@example.test, a code has been sent to it.');

    const mail = await mailTo('reader.one@example.test');
    expect(mail?.subject).toBe('Your verification code');
    const code = codeIn(mail!.text)!;
    expect(mail!.text).toBe(`Your verification code is ${code}. It expires in 10 minutes. If you did not ask for it, ignore this message.`);
    // Never kept in clear, and not in the outbox when SMTP took it.
    const [stored] = await handle.db.select().from(otpCodes).where(eq(otpCodes.destination, 'reader.one@example.test')).orderBy(desc(otpCodes.id)).limit(1);
    expect(stored!.codeHash).not.toContain(code);
    expect(await lastOutbox('reader.one@example.test')).toBeUndefined();

    const verified = await call('/verify-otp', forgot('reader.one@example.test', { otp: code }));
    expect(verified.status).toBe(200);
    expect(verified.body.message).toBe('The code is verified. Choose a new password.');
    const token = verified.body.data.token as string;
    expect(token).toMatch(/^[\w-]{43}$/);
    const [reset] = await handle.db.select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, user.id));
    expect(reset!.tokenHash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(reset!.usedAt).toBeNull();
    expect(reset!.expiresAt.getTime()).toBeGreaterThan(Date.now());

    // A used code cannot be used again.
    const again = await call('/verify-otp', forgot('reader.one@example.test', { otp: code }));
    expect(again.status).toBe(422);
    expect(again.body).toEqual({ message: 'The code is invalid or has expired.', errors: { otp: ['The code is invalid or has expired.'] } });
  });

  it("writes the message in the shopper's language (Accept-Language: ar)", async () => {
    await createUser(handle.db, { email: 'arabic@example.test' });
    const { call } = smtpApp();
    const sent = await call('/send-otp', forgot('arabic@example.test'), { 'Accept-Language': 'ar' });
    expect(sent.status).toBe(200);
    expect(sent.body.message).toBe('إذا كان هناك حساب يستخدم arabic@example.test، فقد أُرسل إليه رمز.');
    const mail = await mailTo('arabic@example.test');
    expect(mail?.subject).toBe('رمز التحقق الخاص بك');
    const code = codeIn(mail!.text)!;
    expect(mail!.text).toBe(`رمز التحقق الخاص بك هو ${code}. تنتهي صلاحيته خلال 10 دقائق. إذا لم تطلبه، فتجاهل هذه الرسالة.`);
    const wrongAnswer = await call('/verify-otp', forgot('arabic@example.test', { otp: wrong(code) }), { 'Accept-Language': 'ar' });
    expect(wrongAnswer.body.message).toBe('الرمز غير صالح أو انتهت صلاحيته.');
  });

  it('a failing SMTP server is a logged 503 (verification), a logged failure behind the usual answer (forgot password), and the unsent code is discarded', async () => {
    const user = await createUser(handle.db, { email: 'down@example.test', emailVerifiedAt: null });
    const { token } = await issueAccessToken(handle.db, user.id);
    // Port 1 on 127.0.0.1: nothing listens, the connection is refused at once.
    const { call, logged } = appWith({ SMTP_URL: 'smtp://127.0.0.1:1' }, { captureLog: true });
    const codes = () => handle.db.select().from(otpCodes).where(eq(otpCodes.destination, 'down@example.test'));
    const sent = await call('/send-otp', { phone: 'down@example.test' }, { Authorization: `Bearer ${token}` });
    expect(sent.status).toBe(503);
    expect(sent.body).toEqual({ message: 'The message could not be sent. Please try again later.' });
    expect(logged.filter((line) => line.includes('message not sent'))).toHaveLength(1);
    expect(await codes()).toEqual([]);

    const forgotten = await call('/send-otp', forgot('down@example.test'));
    expect(forgotten.status).toBe(200);
    await eventually(() => logged.filter((line) => line.includes('message not sent')).length === 2);
    await eventually(async () => (await codes()).length === 0);
  });
});

describe('forgot password answers before the message is sent', () => {
  it('does not wait for a slow SMTP server, so a real account takes no longer than none', async () => {
    await createUser(handle.db, { email: 'slow@example.test' });
    const slowInbox: string[] = [];
    const slow = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onData(stream, session, callback) {
        stream.resume();
        stream.on('end', () => setTimeout(() => (slowInbox.push(session.envelope.rcptTo[0]!.address), callback()), 1500));
      },
    });
    await new Promise<void>((resolve) => slow.listen(0, '127.0.0.1', resolve));
    try {
      const { call } = appWith({ SMTP_URL: `smtp://127.0.0.1:${(slow.server.address() as AddressInfo).port}` });
      const started = performance.now();
      expect((await call('/send-otp', forgot('slow@example.test'))).status).toBe(200);
      expect(performance.now() - started).toBeLessThan(1000);
      await eventually(() => slowInbox.includes('slow@example.test'));
    } finally {
      await new Promise<void>((resolve) => slow.close(resolve));
    }
  });
});

describe('the outbox (no SMTP_URL, no SMS provider, APP_ENV test)', () => {
  it('keeps e-mail and SMS in the outbox, never drops them', async () => {
    await createUser(handle.db, { email: 'boxed@example.test', phoneCode: '966', phone: '501234567' });
    const { call } = appWith();
    expect((await call('/send-otp', forgot('boxed@example.test'))).status).toBe(200);
    const mail = await waitOutbox('boxed@example.test');
    expect(mail).toMatchObject({ channel: 'email', subject: 'Your verification code' });
    expect(codeIn(mail!.body)).toMatch(/^\d{4}$/);

    const sms = await call('/send-otp', forgot('501234567', { phone_code: '+966' }));
    expect(sms.status).toBe(200);
    expect(sms.body.data).toEqual({ email_or_phone: '+966501234567' });
    const text = await waitOutbox('+966501234567');
    expect(text).toMatchObject({ channel: 'sms', subject: null });
    const code = codeIn(text!.body)!;
    // The number as send-otp echoed it, without phone_code (what /verify-otp sends).
    expect((await call('/verify-otp', forgot('+966501234567', { otp: code }))).status).toBe(200);
  });

  it('in production with no transport, sending fails loudly: 503, an error in the log, nothing stored', async () => {
    const { call, logged } = appWith({ APP_ENV: 'production' }, { captureLog: true });
    await createUser(handle.db, { email: 'prod@example.test' });
    for (const phone of ['prod@example.test', 'nobody-prod@example.test', '+15550001111']) {
      const sent = await call('/send-otp', forgot(phone));
      expect(sent.status).toBe(503);
      expect(sent.body).toEqual({ message: 'The message could not be sent. Please try again later.' });
    }
    expect(logged.filter((line) => line.includes('no transport configured'))).toHaveLength(3);
    expect(await lastOutbox('prod@example.test')).toBeUndefined();
    expect(await handle.db.select().from(otpCodes).where(eq(otpCodes.destination, 'prod@example.test'))).toEqual([]);
  });
});

describe('codes', () => {
  async function sendTo(call: ReturnType<typeof appWith>['call'], email: string) {
    const before = await outboxCount(email);
    expect((await call('/send-otp', forgot(email))).status).toBe(200);
    return codeIn((await waitOutbox(email, before + 1)).body)!;
  }

  it('expire after 10 minutes (injected clock)', async () => {
    await createUser(handle.db, { email: 'expiry@example.test' });
    const { call, clock } = appWith();
    const start = new Date();
    clock.now = start;
    const code = await sendTo(call, 'expiry@example.test');
    clock.now = new Date(start.getTime() + 10 * 60_000 + 1000);
    expect((await call('/verify-otp', forgot('expiry@example.test', { otp: code }))).status).toBe(422);
    // A new code sent now works until its own 10 minutes are up.
    const fresh = await sendTo(call, 'expiry@example.test');
    clock.now = new Date(clock.now.getTime() + 9 * 60_000);
    expect((await call('/verify-otp', forgot('expiry@example.test', { otp: fresh }))).status).toBe(200);
  });

  it(`die after ${OTP_MAX_ATTEMPTS} wrong attempts, even for the right code after them`, async () => {
    await createUser(handle.db, { email: 'guess@example.test' });
    const { call } = appWith();
    const code = await sendTo(call, 'guess@example.test');
    for (let i = 0; i < OTP_MAX_ATTEMPTS; i++) {
      const answer = await call('/verify-otp', forgot('guess@example.test', { otp: wrong(code) }));
      expect(answer.status).toBe(422);
    }
    expect((await call('/verify-otp', forgot('guess@example.test', { otp: code }))).status).toBe(422);
  });

  it('a new code replaces the previous one', async () => {
    await createUser(handle.db, { email: 'twice@example.test' });
    const { call } = appWith();
    const first = await sendTo(call, 'twice@example.test');
    let second = await sendTo(call, 'twice@example.test');
    // One in 10,000 the two are equal; send again until they differ.
    while (second === first) second = await sendTo(call, 'twice@example.test');
    expect((await call('/verify-otp', forgot('twice@example.test', { otp: first }))).status).toBe(422);
    expect((await call('/verify-otp', forgot('twice@example.test', { otp: second }))).status).toBe(200);
  });

  it('of 10 parallel verifies of one code, exactly one succeeds', async () => {
    await createUser(handle.db, { email: 'race@example.test' });
    const { call } = appWith();
    const code = await sendTo(call, 'race@example.test');
    const answers = await Promise.all(Array.from({ length: 10 }, () => call('/verify-otp', forgot('race@example.test', { otp: code }))));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 422 || a.status === 429)).toHaveLength(9);
    const user = await handle.db.select({ id: users.id }).from(users).where(eq(users.email, 'race@example.test'));
    const tokens = await handle.db.select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, user[0]!.id));
    expect(tokens).toHaveLength(1);
  });

  it(`at most ${LIMITS['otp:send:identifier'].max} sends an hour to one identifier: then 429 with Retry-After`, async () => {
    await createUser(handle.db, { email: 'resend@example.test' });
    const { call } = appWith();
    const max = LIMITS['otp:send:identifier'].max;
    for (let i = 0; i < max; i++) expect((await call('/send-otp', forgot('resend@example.test'))).status).toBe(200);
    await waitOutbox('resend@example.test', max);
    const refused = await call('/send-otp', forgot('RESEND@example.test'));
    expect(refused.status).toBe(429);
    const seconds = Number(refused.headers.get('retry-after'));
    expect(seconds).toBeGreaterThan(3500);
    expect(seconds).toBeLessThanOrEqual(3600);
    expect(refused.body).toEqual({ message: `Too many attempts. Please try again in ${seconds} seconds.` });
    // Nothing more was sent.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await outboxCount('resend@example.test')).toBe(max);
  });
});

describe('forgot password does not tell whether an account exists', () => {
  it('answers an unknown identifier exactly as a known one, sends nothing to it, and limits it the same', async () => {
    await createUser(handle.db, { email: 'known@example.test' });
    const { call } = appWith();
    const known = await call('/send-otp', forgot('known@example.test'));
    const unknown = await call('/send-otp', forgot('unknown@example.test'));
    expect(unknown.status).toBe(known.status);
    expect(JSON.stringify(unknown.body)).toBe(JSON.stringify(known.body).replaceAll('known@example.test', 'unknown@example.test'));
    const knownMessage = await waitOutbox('known@example.test');
    expect(await lastOutbox('unknown@example.test')).toBeUndefined();
    const since = new Date(Date.now() - 60_000);
    expect(
      await handle.db
        .select()
        .from(otpCodes)
        .where(and(eq(otpCodes.destination, 'unknown@example.test'), gt(otpCodes.createdAt, since))),
    ).toEqual([]);

    // Verifying for an unknown account is the same refusal as a wrong code.
    const knownCode = codeIn(knownMessage.body)!;
    const wrongKnown = await call('/verify-otp', forgot('known@example.test', { otp: wrong(knownCode) }));
    const wrongUnknown = await call('/verify-otp', forgot('unknown@example.test', { otp: '1234' }));
    expect(wrongUnknown).toMatchObject({ status: wrongKnown.status, body: wrongKnown.body });

    // The same number of sends before the 429.
    const other = appWith();
    const statuses = async (email: string) => {
      const result = [];
      for (let i = 0; i <= LIMITS['otp:send:identifier'].max; i++) result.push((await other.call('/send-otp', forgot(email))).status);
      return result;
    };
    await createUser(handle.db, { email: 'known2@example.test' });
    const forKnown = await statuses('known2@example.test');
    expect(forKnown.at(-1)).toBe(429);
    expect(await statuses('nobody2@example.test')).toEqual(forKnown);
    await waitOutbox('known2@example.test', LIMITS['otp:send:identifier'].max);
  });
});

describe('a signed-in user verifying their own e-mail or phone', () => {
  it('marks the e-mail verified; a code for an address of someone else is refused', async () => {
    const user = await createUser(handle.db, { email: 'verify.me@example.test', emailVerifiedAt: null, phoneCode: '44', phone: '7700900123' });
    const { token } = await issueAccessToken(handle.db, user.id);
    const auth = { Authorization: `Bearer ${token}` };
    const { call } = appWith();

    const notMine = await call('/send-otp', { phone: 'someone.else@example.test' }, auth);
    expect(notMine.status).toBe(422);
    expect(notMine.body.errors.phone).toEqual(['This e-mail or phone number is not the one of your account.']);

    const sent = await call('/send-otp', { phone: 'verify.me@example.test' }, auth);
    expect(sent.status).toBe(200);
    expect(sent.body).toEqual({ message: 'A verification code has been sent to verify.me@example.test.', data: { email_or_phone: 'verify.me@example.test' } });
    const code = codeIn((await lastOutbox('verify.me@example.test'))!.body)!;
    // A forgot-password check cannot use a verification code.
    expect((await call('/verify-otp', forgot('verify.me@example.test', { otp: code }))).status).toBe(422);
    const verified = await call('/verify-otp', { phone: 'verify.me@example.test', otp: code }, auth);
    expect(verified.status).toBe(200);
    expect(verified.body.message).toBe('Verified successfully.');
    expect(verified.body.data.user).toMatchObject({ id: user.id, email_verified: true });

    // The phone, given as the number alone: code by SMS (outbox), then phone_verified.
    expect((await call('/send-otp', { phone: '7700900123', phone_code: '44' }, auth)).status).toBe(200);
    const smsCode = codeIn((await lastOutbox('+447700900123'))!.body)!;
    const phoneVerified = await call('/verify-otp', { phone: '7700900123', otp: smsCode }, auth);
    expect(phoneVerified.status).toBe(200);
    const [row] = await handle.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.emailVerifiedAt).not.toBeNull();
    expect(row!.phoneVerifiedAt).not.toBeNull();
  });
});

describe('validation', () => {
  it('answers the 422 envelope with translated field messages', async () => {
    const { call } = appWith();
    const missing = await call('/send-otp', { forgot_password: 1 });
    expect(missing.status).toBe(422);
    expect(missing.body.errors.phone).toHaveLength(1);
    const badOtp = await call('/verify-otp', { phone: 'a@example.test', otp: '12a4' }, { 'Accept-Language': 'ar' });
    expect(badOtp).toMatchObject({ status: 422, body: { message: 'يجب أن يتكون حقل رمز التحقق من 4 أرقام.' } });
    const badEmail = await call('/send-otp', { phone: 'not@an@email', forgot_password: 1 });
    expect(badEmail.status).toBe(422);
    expect(badEmail.body.errors.phone).toHaveLength(1);
    const badPhone = await call('/send-otp', { phone: 'call me', forgot_password: 1 });
    expect(badPhone.status).toBe(422);
  });
});

describe('POST /reset-password (the forgot flow, last step)', () => {
  /** A reset token the way a shopper gets one: a code by e-mail, verified. */
  async function resetTokenFor(email: string) {
    const { call } = smtpApp();
    expect((await call('/send-otp', forgot(email))).status).toBe(200);
    const code = codeIn((await mailTo(email))!.text)!;
    const verified = await call('/verify-otp', forgot(email, { otp: code }));
    expect(verified.status).toBe(200);
    return verified.body.data.token as string;
  }

  it('sets the new password once, ends every session and the old password, and the token cannot be used again', async () => {
    const user = await createUser(handle.db, { email: 'reset.one@example.test' });
    const session = await issueAccessToken(handle.db, user.id);
    const token = await resetTokenFor('reset.one@example.test');
    const { call } = appWith();

    const reset = await call('/reset-password', { password: 'a-new-secret', password_confirmation: 'a-new-secret', token });
    expect(reset.status).toBe(200);
    expect(reset.body.message).toBe('Your password has been reset. Please log in.');
    expect((await call('/login', { phone: 'reset.one@example.test', password: 'a-new-secret' })).status).toBe(200);
    expect((await call('/login', { phone: 'reset.one@example.test', password: 'password' })).status).toBe(422);
    expect((await call('/user', {}, { Authorization: `Bearer ${session.token}` })).status).toBe(401);

    const again = await call('/reset-password', { password: 'another-one', password_confirmation: 'another-one', token });
    expect(again.status).toBe(422);
    expect(Object.keys(again.body.errors)).toEqual(['token']);
  });

  it('twenty parallel resets with one token: exactly one succeeds', async () => {
    await createUser(handle.db, { email: 'reset.race@example.test' });
    const token = await resetTokenFor('reset.race@example.test');
    const { call } = appWith();
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => call('/reset-password', { password: `secret-${i}-x`, password_confirmation: `secret-${i}-x`, token })));
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
    expect(answers.filter((answer) => answer.status === 422)).toHaveLength(19);
  });

  it('refuses a confirmation that differs, a short password, an expired or unknown token, and changes nothing', async () => {
    const user = await createUser(handle.db, { email: 'reset.bad@example.test' });
    const token = await resetTokenFor('reset.bad@example.test');
    const { call, clock } = appWith();
    const [before] = await handle.db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, user.id));

    const mismatch = await call('/reset-password', { password: 'a-new-secret', password_confirmation: 'different', token }, { 'Accept-Language': 'ar' });
    expect(mismatch.status).toBe(422);
    expect(mismatch.body.errors.password_confirmation).toEqual(['تأكيد كلمة المرور غير مطابق.']);
    expect((await call('/reset-password', { password: 'short', password_confirmation: 'short', token })).body.errors).toHaveProperty('password');
    expect((await call('/reset-password', { password: 'a-new-secret', password_confirmation: 'a-new-secret', token: 'not-a-token' })).status).toBe(422);
    clock.now = new Date(Date.now() + 31 * 60_000);
    expect((await call('/reset-password', { password: 'a-new-secret', password_confirmation: 'a-new-secret', token })).status).toBe(422);

    const [after] = await handle.db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, user.id));
    expect(after!.hash).toBe(before!.hash);
  });
});
