import type { APIRoute } from 'astro';
import { getApp } from '../../server';

/**
 * Every /api request goes to the Hono application, with the socket's peer as a binding
 * (the client address for rate limits: http/client-ip.ts), which no header can forge.
 */
export const ALL: APIRoute = async ({ request, clientAddress, url }) =>
  (await getApp()).fetch(request, { peer: { address: clientAddress, encrypted: url.protocol === 'https:' } });
