import { sql } from 'drizzle-orm';
import type { Db } from '../client';
import { languages, translations } from '../schema/index.ts';
import { readMessages } from './base.ts';
import { batchSize } from './util.ts';

/**
 * UI strings ship with the code: each start (`npm run db:migrate`) adds the catalogue
 * keys a database does not have yet, for every language it has, so a shop seeded by an
 * older version shows new messages translated. Existing rows are never overwritten: an
 * operator's edited translation stays. Returns how many rows were added.
 */
export async function syncMessages(db: Db, messagesDir?: string): Promise<number> {
  const rows = await db.select({ id: languages.id, name: languages.name }).from(languages);
  let added = 0;
  for (const language of rows) {
    const messages = readMessages(language.name, messagesDir);
    if (!messages) continue;
    const entries = Object.entries(messages).map(([key, value]) => ({ languageId: language.id, key, value }));
    for (let start = 0; start < entries.length; start += batchSize(3)) {
      const inserted = await db
        .insert(translations)
        .values(entries.slice(start, start + batchSize(3)))
        .onConflictDoNothing({ target: [translations.languageId, translations.key] })
        .returning({ id: sql<number>`1` });
      added += inserted.length;
    }
  }
  return added;
}
