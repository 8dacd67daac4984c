/**
 * The translator for a message sent to someone who is not the request's client (ADR 003):
 * a shop's owner in the shop's language, a shopper in the language of the order. The
 * catalogue is read here without the server's caches, so the operator commands, which plain
 * Node runs (ADR 004: `.ts` imports only), use the same function as the server.
 */
import { and, asc, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db';
import { languages, translations } from '../../db/schema/index.ts';
import { createTranslator, type Translate } from '../../../lib/i18n.ts';

/** The translator of `locale` when it is an active language, else of the default language (English source text without one). */
export async function translatorFor(db: Db, locale?: string | null): Promise<Translate> {
  const active = await db
    .select({ name: languages.name, isDefault: languages.isDefault })
    .from(languages)
    .where(eq(languages.isActive, true))
    .orderBy(desc(languages.isDefault), asc(languages.sortOrder));
  const chosen = active.find((language) => language.name === locale)?.name ?? active[0]?.name ?? 'en';
  const rows = await db
    .select({ key: translations.key, value: translations.value })
    .from(translations)
    .innerJoin(languages, eq(languages.id, translations.languageId))
    .where(and(eq(languages.name, chosen), eq(languages.isActive, true)));
  return createTranslator(chosen, Object.fromEntries(rows.map((row) => [row.key, row.value])));
}
