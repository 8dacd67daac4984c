/**
 * Adds UI strings to the three message catalogues at once, keeping them sorted:
 *   npx tsx scripts/add-messages.ts '{"Cart is empty": ["السلة فارغة", "سبد خرید خالی است"]}'
 * Each key is the English text; the pair is its Arabic and Persian translation.
 *
 * A counted message (lib/plural.ts) gives each language's plural forms instead, as its
 * plural rules name them (English one/other, Arabic zero/one/two/few/many/other, Persian
 * one/other); it replaces a plain key of the same text:
 *   '{"{{count}} items": {"en": {"one": "{{count}} item", "other": "{{count}} items"}, "ar": {…}, "ir": {…}}}'
 * Re-reads the files right before writing, so several people can add keys in turn.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { pluralCategories } from '../src/lib/plural';

const DIR = 'src/server/db/seed/messages';
type Forms = Record<string, string>;
const additions = JSON.parse(process.argv[2] ?? '{}') as Record<string, [string, string] | Record<'en' | 'ar' | 'ir', Forms>>;

const TRANSLATION_INDEX = { en: null, ar: 0, ir: 1 } as const;

for (const [locale, index] of Object.entries(TRANSLATION_INDEX)) {
  const file = `${DIR}/${locale}.json`;
  const messages = JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>;
  for (const [key, translations] of Object.entries(additions)) {
    if (Array.isArray(translations)) {
      if (translations.length !== 2) throw new Error(`"${key}" needs [arabic, persian]`);
      messages[key] = index === null ? key : translations[index];
      continue;
    }
    const forms = translations[locale as keyof typeof TRANSLATION_INDEX];
    const categories = pluralCategories(locale);
    if (!forms || Object.keys(forms).sort().join() !== [...categories].sort().join()) throw new Error(`"${key}" needs the ${locale} forms ${categories.join(', ')}`);
    delete messages[key];
    for (const category of categories) messages[`${key}_${category}`] = forms[category]!;
  }
  const sorted = Object.fromEntries(Object.entries(messages).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  writeFileSync(file, `${JSON.stringify(sorted, null, 2)}\n`);
}
console.log(`added ${Object.keys(additions).length} keys`);
