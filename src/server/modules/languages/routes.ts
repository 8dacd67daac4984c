import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../../context';
import { notFound } from '../../http/errors';
import { validParams } from '../../http/validation';
import { messagesFor } from './service';

const LocaleParams = z.object({
  // Locale codes only: letters with an optional region. Anything else (dots, slashes,
  // encoded traversal) is refused before it reaches a lookup.
  locale: z.string().refine((value) => /^[a-z]{2,3}(-[a-z0-9]{2,4})?$/i.test(value), {
    error: 'The locale must be a language code such as en or ar.',
  }),
});

/** The envelope with the messages in `data`, and the same messages beside it where they do not collide with `message` or `data`. */
function withTopLevelMessages(messages: Record<string, string>): Record<string, unknown> {
  return { ...messages, message: '', data: messages };
}

export const languageRoutes = new Hono<AppEnv>().get('/lang/:locale', validParams(LocaleParams), async (c) => {
  const { locale } = c.req.valid('param');
  const messages = await messagesFor(c.var.db, locale.toLowerCase());
  if (!messages) throw notFound('Language not found.');
  // docs/product.md §7.2 reads `data`; the original client reads the body itself (ADR 015).
  return c.json(withTopLevelMessages(messages));
});
