// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import { defineConfig } from 'eslint/config';
import astro from 'eslint-plugin-astro';

export default defineConfig(
  { ignores: ['dist/', '.astro/', 'data/', 'node_modules/', 'test-results/', 'playwright-report/', 'bench-results/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  ...astro.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      // Test helpers parse arbitrary JSON bodies.
      '@typescript-eslint/no-explicit-any': 'off',
      'no-console': ['error', { allow: ['warn', 'error', 'log'] }],
    },
  },
  {
    // One reader of the environment (src/server/env.ts validates it at start-up).
    files: ['src/**/*.{ts,tsx,mjs,astro}'],
    ignores: ['src/server/env.ts', 'src/**/*.test.ts'],
    rules: {
      'no-restricted-properties': ['error', { object: 'process', property: 'env', message: 'Read configuration through env() of src/server/env.ts.' }],
    },
  },
  {
    // Code that runs in the browser (islands, stores, scripts) or is shared with it (lib,
    // contracts) never imports server modules, even for types: API shapes live in src/contracts.
    files: ['src/islands/**', 'src/stores/**', 'src/scripts/**', 'src/lib/**', 'src/contracts/**'],
    ignores: ['src/**/*.test.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/server', '**/server/**'], message: 'Client code must not import server modules; import API types from src/contracts.' },
            { group: ['drizzle-orm', 'drizzle-orm/**', 'pg', '@electric-sql/**', 'pino', 'node:*'], message: 'Server-only package in client code.' },
          ],
        },
      ],
    },
  },
  {
    // Tests take test data one way: tests/fixtures (the seed's factories and builders), and
    // API helpers from tests/support/api.ts.
    files: ['src/**/*.test.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/db/seed/factories', '**/db/seed/factories.ts', '**/db/seed/base', '**/db/seed/base.ts'], message: 'Import factories and seedBase from tests/fixtures.' },
            {
              group: ['app', 'shopper', 'edge-call', 'stock', 'cart', 'catalog'].flatMap((name) => [`**/tests/support/${name}`, `@tests/support/${name}`]),
              message: 'Import API test helpers from tests/support/api.',
            },
          ],
        },
      ],
    },
  },
  {
    // Page code reads the API through src/server/pages/page-api.ts and its shapes from
    // src/contracts, never the modules behind it (docs/decisions/008-client-state-and-contracts.md).
    // The core rule, so that the islands' and stores' @typescript-eslint rule above still applies.
    files: ['src/components/**', 'src/layouts/**', 'src/islands/**', 'src/stores/**', 'src/pages/**', 'src/server/page-data/**', 'src/server/pages/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/server/modules', '**/server/modules/**', '../modules', '../modules/**'],
              message:
                'Pages, components, islands and stores do not import src/server/modules: call the API (src/server/pages/page-api.ts) and import its shapes from src/contracts.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['**/*.mjs', '**/*.js'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly' } },
  },
);
