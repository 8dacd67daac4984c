import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../../context';
import { contactMessages } from '../../db/schema';
import { validBody } from '../../http/validation';
import { loadSiteSettings } from '../master/settings';

/** The public contact form (`POST /support`); the same schema can check the form in the browser. */
export const ContactMessageSchema = z.object({
  name: z.string().trim().min(1).max(120),
  email: z.string().trim().max(190).pipe(z.email()),
  phone: z
    .string()
    .trim()
    .max(20)
    .refine((value) => /^\+?[\d\s()-]*$/.test(value), { error: 'The phone field format is invalid.' })
    .optional()
    .transform((value) => value || null),
  subject: z.string().trim().min(1).max(200),
  message: z.string().trim().min(1).max(5000),
});

export const contactRoutes = new Hono<AppEnv>()
  .get('/contact-us', async (c) => {
    const site = await loadSiteSettings(c.var.db);
    return c.json({ message: '', data: { email: site.email, phone: site.mobile, address: site.address } });
  })
  .post('/support', validBody(ContactMessageSchema), async (c) => {
    await c.var.db.insert(contactMessages).values(c.req.valid('json'));
    return c.json({ message: c.var.t('Your message has been sent.'), data: {} }, 201);
  });
