// @ts-check
import { defineConfig } from 'astro/config';
import node from '@astrojs/node';
import react from '@astrojs/react';
import tailwindcss from '@tailwindcss/vite';
import { uploadsDevServer } from './src/server/http/uploads-dev.mjs';
import { sonnerStyleHash } from './src/server/http/csp-hashes.mjs';
import { sonnerSwipeThreshold } from './src/islands/toasts/swipe-threshold.mjs';

export default defineConfig({
  output: 'server',
  // Middleware mode: src/server/http/serve.ts wraps the handler with security headers,
  // compression and pre-compressed static files (standalone serves them uncompressed).
  adapter: node({ mode: 'middleware' }),
  integrations: [
    react(),
    // client:wake: islands that load on first use (docs/decisions/019-islands-on-demand.md).
    {
      name: 'wake-directive',
      hooks: { 'astro:config:setup': ({ addClientDirective }) => addClientDirective({ name: 'wake', entrypoint: './src/islands/wake/directive.ts' }) },
    },
  ],
  // Pages read cookies and the database on every request; nothing is prerendered.
  build: { inlineStylesheets: 'auto' },
  security: {
    // Astro's check would refuse, in plain text, an app's POST to /api that has a Bearer
    // token and no Origin. src/middleware.ts checks the pages' form posts instead, and the
    // API guards itself (XSRF token for cookie auth, JSON refusals).
    checkOrigin: false,
    // Astro hashes every script and style it emits into the page's CSP; no unsafe-eval
    // and no unsafe-inline anywhere.
    csp: {
      directives: [
        "default-src 'self'",
        "img-src 'self' data: blob:",
        "font-src 'self'",
        "connect-src 'self'",
        "object-src 'none'",
        "base-uri 'self'",
        "form-action 'self'",
        "frame-ancestors 'none'",
      ],
      styleDirective: { hashes: [/** @type {`sha256-${string}`} */ (sonnerStyleHash())] },
    },
  },
  // Guest pages from a rendered-page cache (docs/decisions/018-page-cache.md): pages opt in
  // with Astro.cache.set (src/server/pages/cache-policy.ts); this provider keys, stores and
  // invalidates them.
  cache: { provider: { name: 'storefront-pages', entrypoint: './src/server/http/page-cache-provider.ts' } },
  markdown: { syntaxHighlight: false },
  vite: {
    plugins: [tailwindcss(), uploadsDevServer(), sonnerSwipeThreshold()],
    // Served as it is, so the dev server's sonner is rewritten too (the build's always is).
    optimizeDeps: { exclude: ['sonner'] },
  },
});
