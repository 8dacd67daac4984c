// @ts-check
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

/**
 * sonner inserts its stylesheet from JavaScript as an inline <style>. Its hash joins the
 * page CSP so toasts are styled without allowing inline styles in general.
 */
export function sonnerStyleHash() {
  const source = readFileSync(createRequire(import.meta.url).resolve('sonner'), 'utf8');
  const literal = /__insertCSS\(("(?:[^"\\]|\\.)*")\)/.exec(source)?.[1];
  if (!literal) throw new Error('sonner no longer inserts its CSS as expected: update src/server/http/csp-hashes.mjs');
  const css = JSON.parse(literal);
  return `sha256-${createHash('sha256').update(css).digest('base64')}`;
}
