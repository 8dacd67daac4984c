import type { Context } from 'hono';
import type { AppEnv } from '../../context';
import { ApiError } from '../../http/errors';
import { previewSecret } from './secret';
import { verifyPreview, type PreviewKind } from './tokens';

/**
 * Reads content as the public sees it; only when that finds nothing (a draft, a post not
 * yet due) and the request carries a valid preview token for this exact kind and slug is
 * it read again with drafts included. A published page therefore ignores the token, and
 * a bad or expired token leaves the draft a 404.
 */
export async function publicOrPreview<T>(
  c: Context<AppEnv>,
  target: { kind: PreviewKind; slug: string | undefined; token: string | undefined },
  read: (includeDrafts: boolean) => Promise<T>,
): Promise<{ found: T; preview: boolean }> {
  try {
    return { found: await read(false), preview: false };
  } catch (error) {
    const { kind, slug, token } = target;
    // The secret is looked up only for a request that carries a token.
    if (!(error instanceof ApiError && error.status === 404) || !slug || !token) throw error;
    if (!verifyPreview(previewSecret(c.var.config), token, kind, slug)) throw error;
    // A draft must not linger in a shared cache after its link expires.
    c.header('Cache-Control', 'private, no-store');
    return { found: await read(true), preview: true };
  }
}
