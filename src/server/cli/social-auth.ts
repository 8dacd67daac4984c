/**
 * Shows and sets the social login providers (stop the server first when it runs on the
 * embedded database):
 *   npm run social-auth -- list
 *   npm run social-auth -- set google --client-id ID --client-secret SECRET --active
 *   npm run social-auth -- set google --client-secret - --active   (secret read from stdin)
 *   npm run social-auth -- set facebook --inactive
 * The client secret is stored encrypted with APP_KEY (else, outside production,
 * DATA_DIR/app-key): run it with the same environment as the server. Secrets are never
 * printed. A provider is active only with a client id and a secret.
 */
import { readFileSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import { SOCIAL_PROVIDERS, type SocialProvider } from '../../contracts/master.ts';
import { socialAuths } from '../db/schema/index.ts';
import { env } from '../env.ts';
import { applicationKey, encryptSecret, secretContext } from '../modules/social-auth/secrets.ts';
import { parseArguments, runCommand, UsageError, withDatabase } from './run.ts';

const USAGE = `Usage: npm run social-auth -- list
       npm run social-auth -- set <${SOCIAL_PROVIDERS.join('|')}> [--client-id ID] [--client-secret SECRET|-] [--active|--inactive]`;

/** Longest client id and secret accepted: the columns hold 300 characters, the encrypted secret ~1.4 times its length. */
const MAX_CLIENT_ID = 300;
const MAX_SECRET = 160;

await runCommand(USAGE, async () => {
  const { positionals, values } = parseArguments({
    allowPositionals: true,
    options: {
      'client-id': { type: 'string' },
      'client-secret': { type: 'string' },
      active: { type: 'boolean' },
      inactive: { type: 'boolean' },
    },
  });
  const [command, provider] = positionals;
  if (command === 'list') {
    if (positionals.length > 1) throw new UsageError('list takes no arguments');
  } else if (command === 'set') {
    if (!SOCIAL_PROVIDERS.includes(provider as SocialProvider) || positionals.length > 2) throw new UsageError(`Unknown provider "${provider ?? ''}"`);
    if (values.active && values.inactive) throw new UsageError('Choose --active or --inactive');
  } else {
    throw new UsageError('Unknown command');
  }

  const clientId = values['client-id']?.trim();
  if (clientId !== undefined && (!clientId || clientId.length > MAX_CLIENT_ID)) throw new UsageError(`--client-id must be 1 to ${MAX_CLIENT_ID} characters`);
  let secret = values['client-secret'];
  if (secret === '-') secret = readFileSync(0, 'utf8');
  secret = secret?.trim();
  if (secret !== undefined && (!secret || secret.length > MAX_SECRET)) throw new UsageError(`--client-secret must be 1 to ${MAX_SECRET} characters`);

  const config = env();
  return withDatabase(async ({ db }) => {
    let exitCode = 0;
    if (command === 'set') {
      const name = provider as SocialProvider;
      const [current] = await db.select().from(socialAuths).where(eq(socialAuths.provider, name)).limit(1);
      const next = {
        clientId: clientId ?? current?.clientId ?? '',
        clientSecret: secret === undefined ? (current?.clientSecret ?? '') : encryptSecret(applicationKey(config), secret, secretContext(name)),
        isActive: values.active ? true : values.inactive ? false : (current?.isActive ?? false),
      };
      if (next.isActive && (!next.clientId || !next.clientSecret)) {
        // Refused, and the providers are listed below so the operator sees what is missing.
        console.error(`${name} needs a client id and a client secret to be active\n${USAGE}`);
        exitCode = 2;
      } else {
        await db
          .insert(socialAuths)
          .values({ provider: name, ...next })
          .onConflictDoUpdate({ target: socialAuths.provider, set: next });
      }
    }
    const rows = await db.select().from(socialAuths);
    for (const name of SOCIAL_PROVIDERS) {
      const row = rows.find((item) => item.provider === name);
      const secretState = row?.clientSecret ? (row.clientSecret.startsWith('v1.') ? 'secret set (encrypted)' : 'secret NOT encrypted: set it again') : 'no secret';
      console.log(`${name}: ${row?.isActive ? 'active' : 'inactive'}, client id ${row?.clientId ? JSON.stringify(row.clientId) : '(none)'}, ${secretState}`);
    }
    return exitCode;
  });
});
