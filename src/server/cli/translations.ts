/**
 * Content in other languages, from a file (docs/product.md §9.1,
 * docs/decisions/021-content-translations.md): what sellers do not write on their forms
 * (categories, brands, colours, sizes, units, flash sales, banners, posts, policy pages,
 * menus, footers; shops and products too) is exported, translated, and imported:
 *   npm run translations -- export [--kind categories,brands] [--out file.json]
 *   npm run translations -- import file.json
 * An import checks the whole file first and writes it in one transaction, or nothing; the
 * running servers drop what they cached of it (on PostgreSQL; stop the server first on the
 * embedded database).
 */
import { readFile, writeFile } from 'node:fs/promises';
import { exportTranslations, importTranslations, TRANSLATABLE_KINDS, TranslationsRefused, type TranslatableKind } from '../modules/translations/service.ts';
import { CommandError, parseArguments, runCommand, UsageError, withDatabase } from './run.ts';

const USAGE = `Usage: npm run translations -- export [--kind ${TRANSLATABLE_KINDS.slice(0, 3).join(',')},...] [--out file.json]
       npm run translations -- import <file.json>
Kinds: ${TRANSLATABLE_KINDS.join(', ')} (export: all but products unless named)`;

await runCommand(USAGE, async () => {
  const { values, positionals } = parseArguments({ options: { kind: { type: 'string' }, out: { type: 'string' } }, allowPositionals: true });
  const [command, file, ...extra] = positionals;
  if (extra.length) throw new UsageError('Too many arguments');
  if (command === 'export') {
    if (file) throw new UsageError('export writes to --out or to the standard output');
    const kinds = values.kind ? values.kind.split(',').map((kind) => kind.trim()) : TRANSLATABLE_KINDS.filter((kind) => kind !== 'products');
    const unknown = kinds.filter((kind) => !TRANSLATABLE_KINDS.includes(kind as TranslatableKind));
    if (unknown.length) throw new UsageError(`Unknown kind: ${unknown.join(', ')}`);
    const json = `${JSON.stringify(await withDatabase(({ db }) => exportTranslations(db, kinds as TranslatableKind[])), null, 2)}\n`;
    if (values.out) await writeFile(values.out, json);
    else process.stdout.write(json);
    return;
  }
  if (command !== 'import' || !file || values.kind || values.out) throw new UsageError();
  let input: unknown;
  try {
    input = JSON.parse(await readFile(file, 'utf8'));
  } catch (error) {
    throw new CommandError(`Cannot read ${file}: ${(error as Error).message}`);
  }
  try {
    const rows = await withDatabase(({ db }) => importTranslations(db, input));
    console.log(`${rows} rows translated`);
  } catch (error) {
    if (error instanceof TranslationsRefused) throw new CommandError(`Nothing was written:\n${error.message}`);
    throw error;
  }
});
