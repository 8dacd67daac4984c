import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { createTestDatabase } from '@tests/support/database';
import { languages, translations } from '../schema';
import { syncMessages } from './messages-sync';

let handle: Awaited<ReturnType<typeof createTestDatabase>>;
const dir = mkdtempSync(path.join(tmpdir(), 'messages-'));

beforeAll(async () => {
  handle = await createTestDatabase();
  const [en] = await handle.db.insert(languages).values({ name: 'en', title: 'English', direction: 'ltr', isDefault: true }).returning();
  await handle.db.insert(translations).values({ languageId: en!.id, key: 'Cart', value: 'Basket (edited by the operator)' });
  writeFileSync(path.join(dir, 'en.json'), JSON.stringify({ Cart: 'Cart', 'New message': 'New message' }));
});
afterAll(() => handle.close());

describe('syncMessages', () => {
  it('adds the catalogue keys a database lacks and keeps edited translations', async () => {
    expect(await syncMessages(handle.db, dir)).toBe(1);
    const value = async (key: string) =>
      (
        await handle.db
          .select({ value: translations.value })
          .from(translations)
          .innerJoin(languages, eq(languages.id, translations.languageId))
          .where(and(eq(languages.name, 'en'), eq(translations.key, key)))
      )[0]?.value;
    expect(await value('New message')).toBe('New message');
    expect(await value('Cart')).toBe('Basket (edited by the operator)');
  });

  it('adds nothing the second time', async () => {
    expect(await syncMessages(handle.db, dir)).toBe(0);
  });
});
