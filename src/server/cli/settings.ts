/**
 * Reads or changes site settings from the command line (stop the server first when it
 * runs on the embedded database):
 *   npm run settings -- get [key]
 *   npm run settings -- set show_download_app false
 * Values are JSON; each key and value is checked against the settings schema.
 */
import { eq } from 'drizzle-orm';
import { env } from '../env.ts';
import { SiteSettingsSchema } from '../modules/master/settings.ts';
import { DataDirLockedError, openDatabase, pgliteDir } from '../db/client.ts';
import { migrate } from '../db/migrate.ts';
import { settings } from '../db/schema/index.ts';

const [command, key, raw] = process.argv.slice(2);
const keys = Object.keys(SiteSettingsSchema.shape);

function parseValue(name: string, text: string | undefined): unknown {
  if (text === undefined) throw new Error(`Usage: set ${name} <json value>`);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    value = text; // A bare word is a string.
  }
  const field = SiteSettingsSchema.shape[name as keyof typeof SiteSettingsSchema.shape];
  const checked = field.safeParse(value);
  if (!checked.success) throw new Error(`Invalid value for ${name}: ${checked.error.issues.map((issue) => issue.message).join('; ')}`);
  return checked.data;
}

if (command !== 'get' && command !== 'set') throw new Error('Usage: settings get [key] | settings set <key> <json value>');
if (key && !keys.includes(key)) throw new Error(`Unknown setting "${key}". Known: ${keys.join(', ')}`);

const { DATABASE_URL, DATA_DIR } = env();
const handle = await openDatabase({ databaseUrl: DATABASE_URL, dataDir: pgliteDir(DATA_DIR) }).catch((error: unknown) => {
  if (!(error instanceof DataDirLockedError)) throw error;
  console.error(error.message); // Another process holds the embedded database: no stack trace.
  process.exit(1);
});
try {
  await migrate(handle);
  if (command === 'set') {
    const value = parseValue(key!, raw);
    await handle.db.insert(settings).values({ key: key!, value }).onConflictDoUpdate({ target: settings.key, set: { value } });
    console.log(`${key} = ${JSON.stringify(value)}`);
  } else {
    const rows = key ? await handle.db.select().from(settings).where(eq(settings.key, key)) : await handle.db.select().from(settings);
    for (const row of rows) console.log(`${row.key} = ${JSON.stringify(row.value)}`);
  }
} finally {
  await handle.close();
}
