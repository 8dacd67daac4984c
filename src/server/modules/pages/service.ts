import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db';
import { legalPages } from '../../db/schema';
import { notFound } from '../../http/errors';
import { cleanHtml } from '../../html';
import type { LegalPageDto } from '@/contracts/legal-page';
import { pickLocalized } from '../../db/localized';

/** The one rule for public legal pages; drafts wait for an editor's preview link. */
export const isPublishedPage = eq(legalPages.status, 'published');

/**
 * A published page (terms, privacy, about, `/page/{slug}`). Drafts are found only by a
 * trusted caller passing `includeDrafts` (editor preview); to everyone else they do not exist.
 */
export async function findLegalPage(db: Db, slug: string, locale: string, options: { includeDrafts?: boolean } = {}): Promise<LegalPageDto> {
  const [row] = await db
    .select()
    .from(legalPages)
    .where(and(eq(legalPages.slug, slug), options.includeDrafts ? undefined : isPublishedPage));
  if (!row) throw notFound('Page not found.');
  return {
    title: pickLocalized(row.title, row.translations, 'title', locale),
    slug: row.slug,
    content: cleanHtml(pickLocalized(row.content, row.translations, 'content', locale)),
    updated_at: row.updatedAt.toISOString(),
  };
}
