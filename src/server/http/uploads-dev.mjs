// @ts-check
import path from 'node:path';
import sirv from 'sirv';
import { env } from '../env.ts';

/** Serves <DATA_DIR>/uploads at /uploads under `astro dev`; the built server does it in serve.ts. */
export function uploadsDevServer() {
  return {
    name: 'storefront-uploads',
    /** @param {import('vite').ViteDevServer} server */
    configureServer(server) {
      const dir = path.resolve(env().DATA_DIR, 'uploads');
      const serve = sirv(dir, { dev: true });
      server.middlewares.use('/uploads', (req, res, next) => serve(req, res, next));
    },
  };
}
