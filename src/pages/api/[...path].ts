import type { APIRoute } from 'astro';
import { getApp } from '../../server';
import { isDatabaseUnavailable } from '../../server/db/errors';
import { DATABASE_UNAVAILABLE, RETRY_AFTER_SECONDS } from '../../server/http/errors';

/**
 * Every /api request goes to the Hono application, with the socket's peer as a binding
 * (the client address for rate limits: http/client-ip.ts), which no header can forge.
 * Until the database can be opened (PostgreSQL starting or restarting), the API answers
 * 503 in its JSON envelope; the application is made on the first request that reaches it.
 */
export const ALL: APIRoute = async ({ request, clientAddress, url }) => {
  let app: Awaited<ReturnType<typeof getApp>>;
  try {
    app = await getApp();
  } catch (error) {
    if (!isDatabaseUnavailable(error)) throw error;
    return Response.json({ message: DATABASE_UNAVAILABLE }, { status: 503, headers: { 'Retry-After': String(RETRY_AFTER_SECONDS) } });
  }
  return app.fetch(request, { peer: { address: clientAddress, encrypted: url.protocol === 'https:' } });
};
