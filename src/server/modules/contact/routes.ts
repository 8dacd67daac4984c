import { Hono } from 'hono';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { AppEnv } from '../../context';
import type { Db } from '../../db';
import { contactMessages, users } from '../../db/schema';
import { validationError } from '../../http/errors';
import { validBody } from '../../http/validation';
import { displayPhoneCode } from '@/lib/phone-code';
import { loadSiteSettings } from '../master/settings';
import { rateLimit } from '../rate-limit/middleware';

const PHONE_MAX = 20;

/**
 * The public contact form (`POST /support`); the same schema can check the form in the
 * browser. The e-mail is optional because the original client's form has no such field
 * (docs/product.md §7.6); who may leave it out is decided in `replyTo`.
 */
export const ContactMessageSchema = z.object({
  name: z.string().trim().min(1).max(120),
  email: z.preprocess((value) => (typeof value === 'string' && value.trim() === '' ? undefined : value), z.string().trim().max(190).pipe(z.email()).optional()),
  phone: z
    .string()
    .trim()
    .max(PHONE_MAX)
    .refine((value) => /^\+?[\d\s()-]*$/.test(value), { error: 'The phone field format is invalid.' })
    .optional()
    .transform((value) => value || null),
  subject: z.string().trim().min(1).max(200),
  message: z.string().trim().min(1).max(5000),
});

type ContactMessage = z.output<typeof ContactMessageSchema>;

/**
 * Where the answer goes. A signed-in sender is answered at their account: what the form
 * leaves out comes from it. A guest must leave a way back, an e-mail or a phone; without
 * either the message could never be answered, so it is refused naming the e-mail field.
 */
async function replyTo(db: Db, userId: number | undefined, message: ContactMessage): Promise<{ email: string | null; phone: string | null }> {
  let { email = null, phone } = message;
  if (userId && (!email || !phone)) {
    const [account] = await db.select({ email: users.email, phone: users.phone, phoneCode: users.phoneCode }).from(users).where(eq(users.id, userId));
    email ??= account?.email ?? null;
    if (!phone && account?.phone) {
      const dialled = `${displayPhoneCode(account.phoneCode)}${account.phone}`;
      phone = dialled.length <= PHONE_MAX ? dialled : account.phone;
    }
  }
  return { email, phone };
}

export const contactRoutes = new Hono<AppEnv>()
  .get('/contact-us', async (c) => {
    const site = await loadSiteSettings(c.var.db);
    return c.json({ message: '', data: { email: site.email, phone: site.mobile, address: site.address } });
  })
  // Every post counts, valid or not (LIMITS['contact:ip']).
  .post('/support', rateLimit('contact:ip'), validBody(ContactMessageSchema), async (c) => {
    const message = c.req.valid('json');
    const { email, phone } = await replyTo(c.var.db, c.var.userId, message);
    if (!email && !phone) throw validationError({ email: [c.var.t('The email field is required when phone is not present.')] });
    await c.var.db.insert(contactMessages).values({ ...message, userId: c.var.userId ?? null, email, phone });
    return c.json({ message: c.var.t('Your message has been sent.'), data: {} }, 201);
  });
