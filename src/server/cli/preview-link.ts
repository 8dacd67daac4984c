/**
 * Prints a signed, expiring link through which an editor sees a draft before it is
 * published (the draft stays invisible to everyone else):
 *   npm run preview-link -- blog our-guide-to-sustainable-shopping
 *   npm run preview-link -- page shipping-policy --hours 72
 * Links are signed with PREVIEW_SECRET (else DATA_DIR/preview-secret), so run it with
 * the same environment as the server. The database is not opened.
 */
import { env } from '../env.ts';
import { previewLink } from '../modules/preview/link.ts';
import { DEFAULT_PREVIEW_HOURS, PREVIEW_KINDS, type PreviewKind } from '../modules/preview/tokens.ts';
import { parseArguments, runCommand, UsageError } from './run.ts';

const USAGE = `Usage: npm run preview-link -- <${PREVIEW_KINDS.join('|')}> <slug> [--hours N] (default ${DEFAULT_PREVIEW_HOURS})`;

await runCommand(USAGE, () => {
  const { positionals, values } = parseArguments({ allowPositionals: true, options: { hours: { type: 'string' } } });
  const [kind, slug] = positionals;
  if (!PREVIEW_KINDS.includes(kind as PreviewKind) || !slug || positionals.length > 2) throw new UsageError();
  const config = env();
  const hours = values.hours === undefined ? undefined : Number(values.hours);
  let link;
  try {
    link = previewLink(config, kind as PreviewKind, slug, { hours });
  } catch (error) {
    throw new UsageError((error as Error).message); // A slug or an hours value the link refuses.
  }
  console.log(link.url);
  console.error(`Valid until ${link.expiresAt.toISOString()}.`);
});
