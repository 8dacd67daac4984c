import { blogPostPath, legalPagePath } from '../../../lib/content-paths.ts';
import type { Env } from '../../env';
import { publicOrigin } from '../../http/origin.ts';
import { previewSecret } from './secret.ts';
import { DEFAULT_PREVIEW_HOURS, MAX_PREVIEW_HOURS, signPreview, type PreviewKind } from './tokens.ts';

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** The storefront address of a draft with a signed token valid for `hours`. */
export function previewLink(
  config: Pick<Env, 'PREVIEW_SECRET' | 'DATA_DIR' | 'SITE_URL' | 'HOST' | 'PORT'>,
  kind: PreviewKind,
  slug: string,
  { hours = DEFAULT_PREVIEW_HOURS, now = new Date() }: { hours?: number; now?: Date } = {},
): { url: string; expiresAt: Date } {
  if (!SLUG.test(slug)) throw new Error(`"${slug}" is not a slug (lower-case letters, digits and single hyphens)`);
  if (!(hours > 0 && hours <= MAX_PREVIEW_HOURS)) throw new Error(`hours must be above 0 and at most ${MAX_PREVIEW_HOURS}`);
  const expiresAt = new Date(now.getTime() + hours * 3_600_000);
  const path = kind === 'blog' ? blogPostPath(slug) : legalPagePath(slug);
  const url = new URL(path, publicOrigin(config));
  url.searchParams.set('preview', signPreview(previewSecret(config), kind, slug, expiresAt));
  return { url: url.toString(), expiresAt };
}
