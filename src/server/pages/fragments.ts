import { createHash } from 'node:crypto';
import { cached, followInvalidations, forgetAll, type CacheKey } from '../cache';

/**
 * Rendered HTML of the parts of a page that do not depend on who is asking
 * (components/RenderedOnce.astro; docs/decisions/009-caching.md): a signed-in shopper's
 * page renders only its own parts (the navbar's account, badges and dialogs) around them.
 * Kept per process like the data they are built from (cache.ts): dropped by every
 * invalidation of an area they show, this process's and the others' (NOTIFY), and after
 * their key's lifetime at most. While the other processes' invalidations cannot be heard
 * (invalidation-listener.ts), every fragment is rendered and none kept, as for the page cache.
 */
const fragments = {};
followInvalidations(fragments);
let trusted = true;

export function setFragmentsTrusted(value: boolean): void {
  if (trusted === value) return;
  trusted = value;
  forgetAll(fragments);
}

interface FragmentContext {
  request: Request;
  locals: App.Locals;
}

/**
 * The HTML `render` gives for `variant` of `key`, rendered once for everyone asking the
 * same (concurrent misses wait for one render). `variant` names everything the bytes depend
 * on. A request carrying a message from the previous one (a form's errors) or writing
 * renders its own.
 */
export function renderedFragment(astro: FragmentContext, key: CacheKey, variant: string, render: () => Promise<string>): Promise<string> {
  const method = astro.request.method;
  if (!trusted || astro.locals.flash || (method !== 'GET' && method !== 'HEAD')) return render();
  return cached(fragments, key, render, createHash('sha256').update(variant).digest('base64url'));
}

/**
 * What every page render reads through the API whoever asks (`/master` and a language's
 * messages, pages/page-context.ts), kept beside the fragments on the same terms: dropped by
 * every invalidation of an area it shows, after its key's lifetime at most, and not kept
 * while other processes' invalidations cannot be heard.
 */
export function keptForPages<T>(key: CacheKey, variant: string, load: () => Promise<T>): Promise<T> {
  return trusted ? cached(fragments, key, load, variant) : load();
}
