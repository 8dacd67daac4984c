import type { APIRoute } from 'astro';
import { getApp } from '../../server';

/** Every /api request goes to the Hono application. */
export const ALL: APIRoute = async ({ request }) => (await getApp()).fetch(request);
