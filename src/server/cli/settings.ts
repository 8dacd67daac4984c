/**
 * Reads or changes site settings from the command line (stop the server first when it
 * runs on the embedded database):
 *   npm run settings -- get [key]
 *   npm run settings -- set show_download_app false
 * Values are JSON; each key and value is checked against the settings schema.
 */
import { eq } from 'drizzle-orm';
import { SiteSettingsSchema } from '../modules/master/settings.ts';
import { settings } from '../db/schema/index.ts';
import { runCommand, UsageError, withDatabase } from './run.ts';

const USAGE = 'Usage: npm run settings -- get [key]\n       npm run settings -- set <key> <json value>';

const keys = Object.keys(SiteSettingsSchema.shape);

function parseValue(name: string, text: string | undefined): unknown {
  if (text === undefined) throw new UsageError(`set ${name} needs a JSON value`);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    value = text; // A bare word is a string.
  }
  const field = SiteSettingsSchema.shape[name as keyof typeof SiteSettingsSchema.shape];
  const checked = field.safeParse(value);
  if (!checked.success) throw new UsageError(`Invalid value for ${name}: ${checked.error.issues.map((issue) => issue.message).join('; ')}`);
  return checked.data;
}

await runCommand(USAGE, async () => {
  const [command, key, raw, ...extra] = process.argv.slice(2);
  if (command !== 'get' && command !== 'set') throw new UsageError();
  if (key && !keys.includes(key)) throw new UsageError(`Unknown setting "${key}". Known: ${keys.join(', ')}`);
  if (command === 'set' && !key) throw new UsageError('set needs a key');
  if (extra.length > 0 || (command === 'get' && raw !== undefined)) throw new UsageError('Too many arguments');
  // Checked before the database is opened: a bad value changes nothing.
  const value = command === 'set' ? parseValue(key!, raw) : undefined;
  await withDatabase(async ({ db }) => {
    if (command === 'set') {
      await db.insert(settings).values({ key: key!, value }).onConflictDoUpdate({ target: settings.key, set: { value } });
      console.log(`${key} = ${JSON.stringify(value)}`);
    } else {
      const rows = key ? await db.select().from(settings).where(eq(settings.key, key)) : await db.select().from(settings);
      for (const row of rows) console.log(`${row.key} = ${JSON.stringify(row.value)}`);
    }
  });
});
