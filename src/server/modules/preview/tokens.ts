import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Signed, expiring links through which editors see drafts (blog posts, legal and policy
 * pages) before they are published. A token names exactly one kind and slug and an
 * expiry: `<expires, unix seconds>.<base64url HMAC-SHA256>`. Nothing is stored; the
 * secret (preview/secret.ts) is what makes a token unforgeable.
 */
export const PREVIEW_KINDS = ['blog', 'page'] as const;
export type PreviewKind = (typeof PREVIEW_KINDS)[number];

export const DEFAULT_PREVIEW_HOURS = 24;
/** A preview link is for reviewing a draft, not a way to publish it for good. */
export const MAX_PREVIEW_HOURS = 24 * 30;

const TOKEN = /^(\d{1,12})\.([\w-]{43})$/;

function signature(secret: string, kind: PreviewKind, slug: string, expires: number): Buffer {
  return createHmac('sha256', secret).update(`${kind}\n${slug}\n${expires}`).digest();
}

/** A token for `kind`/`slug` valid until `expiresAt`. */
export function signPreview(secret: string, kind: PreviewKind, slug: string, expiresAt: Date): string {
  const expires = Math.floor(expiresAt.getTime() / 1000);
  return `${expires}.${signature(secret, kind, slug, expires).toString('base64url')}`;
}

/** True only for an unexpired token signed with `secret` for this exact kind and slug. */
export function verifyPreview(secret: string, token: string | undefined, kind: PreviewKind, slug: string, now = new Date()): boolean {
  const match = token ? TOKEN.exec(token) : null;
  if (!match) return false;
  const expires = Number(match[1]);
  if (expires * 1000 <= now.getTime()) return false;
  const given = Buffer.from(match[2]!, 'base64url');
  const expected = signature(secret, kind, slug, expires);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
