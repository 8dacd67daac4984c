import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db';
import { CACHE, cached } from '../../cache';
import { languages, translations } from '../../db/schema';
import { type Messages } from '@/lib/i18n';
import { DEFAULT_LOCALE, localeKeyForTag } from '@/lib/locales';
import type { LanguageDto } from '@/contracts/master';

export interface LanguageList {
  languages: LanguageDto[];
  /** The shop's default locale (`app_locale`). */
  defaultLocale: string;
}

export function listLanguages(db: Db): Promise<LanguageList> {
  return cached(db, CACHE.languages, async () => {
    const rows = await db.select().from(languages).where(eq(languages.isActive, true)).orderBy(asc(languages.sortOrder), asc(languages.id));
    return {
      languages: rows.map((row) => ({
        id: row.id,
        name: row.name,
        title: row.title,
        direction: row.direction === 'rtl' ? 'rtl' : 'ltr',
      })),
      defaultLocale: rows.find((row) => row.isDefault)?.name ?? rows[0]?.name ?? DEFAULT_LOCALE,
    };
  });
}

/** All messages of an active language, or null when the shop has no such language. */
export async function messagesFor(db: Db, locale: string): Promise<Messages | null> {
  const { languages: active } = await listLanguages(db);
  const language = active.find((item) => item.name === locale);
  if (!language) return null;
  return cached(
    db,
    CACHE.messages,
    async () => {
      const rows = await db.select({ key: translations.key, value: translations.value }).from(translations).where(eq(translations.languageId, language.id));
      return Object.fromEntries(rows.map((row) => [row.key, row.value]));
    },
    locale,
  );
}

/**
 * Picks the best active language for an Accept-Language header: the first listed tag
 * (by quality) the shop has, matching "ar-EG" to "ar"; otherwise the default.
 */
export function negotiateLocale(header: string | undefined, available: readonly string[], fallback: string): string {
  if (!header) return fallback;
  const ranked = header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const quality = q ? Number(q.slice(2)) : 1;
      return { tag: tag.trim().toLowerCase(), quality: Number.isFinite(quality) ? quality : 0, index };
    })
    .filter((entry) => entry.tag && entry.quality > 0)
    .sort((a, b) => b.quality - a.quality || a.index - b.index);
  for (const { tag } of ranked) {
    if (available.includes(tag)) return tag;
    // "ar-EG" is "ar"; "fa" is the shop's "ir" (lib/i18n.ts).
    const candidate = localeKeyForTag(tag);
    if (available.includes(candidate)) return candidate;
  }
  return fallback;
}
