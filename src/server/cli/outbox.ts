/**
 * Reads the outbox of e-mail and SMS kept instead of sent (APP_ENV local or test without
 * SMTP_URL): one-time codes, password resets, order confirmations.
 *   npm run outbox                      the latest messages, newest first
 *   npm run outbox -- --to a@b.example  only those to one recipient
 *   npm run outbox -- --link            the outbox page's address (it carries the key)
 * It asks the running server (PORT and HOST as the server has them, or --url) with the
 * outbox key (OUTBOX_KEY, else DATA_DIR/outbox-key): run it with the server's environment,
 * as the operator. The database is not opened, so it works beside the embedded database.
 */
import { env } from '../env.ts';
import { listenHost } from '../http/origin.ts';
import { OUTBOX_KEY_HEADER, outboxKey } from '../modules/messaging/outbox-key.ts';
import { CommandError, parseArguments, runCommand, UsageError } from './run.ts';

const USAGE = 'Usage: npm run outbox -- [--to <recipient>] [--limit N] [--link] [--url http://127.0.0.1:4321]';

interface Message {
  channel: string;
  recipient: string;
  subject: string | null;
  text: string;
  created_at: string;
}

await runCommand(USAGE, async () => {
  const { values, positionals } = parseArguments({
    allowPositionals: true,
    options: { to: { type: 'string' }, limit: { type: 'string', default: '10' }, link: { type: 'boolean', default: false }, url: { type: 'string' } },
  });
  const limit = Number(values.limit);
  if (positionals.length || !Number.isInteger(limit) || limit < 1) throw new UsageError();
  const config = env();
  const origin = values.url ?? `http://${listenHost(config.HOST)}:${config.PORT}`;
  const key = outboxKey(config);
  if (values.link) {
    console.log(`${origin}/dev/outbox?key=${encodeURIComponent(key)}`);
    return;
  }
  let response: Response;
  try {
    response = await fetch(`${origin}/api/dev/outbox`, { headers: { [OUTBOX_KEY_HEADER]: key, Accept: 'application/json' } });
  } catch {
    throw new CommandError(`No server answers at ${origin}: start it (npm start) or give --url.`);
  }
  if (response.status === 404) throw new CommandError(`${origin} has no outbox for this key: is APP_ENV local or test, and is this the server's DATA_DIR or OUTBOX_KEY?`);
  if (!response.ok) throw new CommandError(`${origin}/api/dev/outbox answered ${response.status}`);
  const { data } = (await response.json()) as { data: { messages: Message[] } };
  const wanted = values.to?.toLowerCase();
  const messages = data.messages.filter((message) => !wanted || message.recipient.toLowerCase() === wanted).slice(0, limit);
  if (messages.length === 0) console.error('No messages.');
  for (const message of messages) {
    console.log(`${message.created_at}  ${message.channel} to ${message.recipient}${message.subject ? `: ${message.subject}` : ''}`);
    console.log(`  ${message.text.replace(/\n/g, '\n  ')}\n`);
  }
});
