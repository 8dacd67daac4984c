/**
 * The one start-up of every operator command in this folder (`npm run db:migrate`,
 * `db:seed`, `settings`, `orders`, `preview-link`, `social-auth`): how it reads its
 * arguments, opens the database and says what went wrong.
 *
 * Plain Node 24 runs these files (type stripping, no tsx: ADR 004), so they and everything
 * they import are erasable TypeScript with relative `.ts` imports.
 *
 * Exit codes: 0 done; 1 failed or refused (the embedded database held by another process,
 * bad configuration, a rule the command enforces); 2 bad arguments, with the usage printed.
 */
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { DataDirLockedError, type DatabaseHandle } from '../db/client.ts';
import { openConfiguredDatabase } from '../db/index.ts';
import { InvalidEnvError } from '../env.ts';

/** Bad arguments: the message, then the command's usage, exit code 2. */
export class UsageError extends Error {
  constructor(message = '') {
    super(message);
    this.name = 'UsageError';
  }
}

/** A failure the command explains in one message (no stack trace), exit code 1. */
export class CommandError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CommandError';
  }
}

/** Node's parseArgs, with an unknown or malformed option reported as a usage error. */
export function parseArguments<T extends ParseArgsConfig>(config: T): ReturnType<typeof parseArgs<T>> {
  try {
    return parseArgs(config);
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
}

/**
 * Runs a command's main function and turns its outcome into output and an exit code: the
 * number it returns, else 0; what it throws is reported (module comment). `--help` or
 * `-h` prints the usage instead. The exit code is
 * set, not forced, so output is flushed and the database closed before the process ends.
 */
export async function runCommand(usage: string, main: () => Promise<number | void> | number | void): Promise<void> {
  const args = process.argv.slice(2);
  if (args.includes('--help') || args.includes('-h')) {
    console.log(usage);
    return;
  }
  try {
    const code = await main();
    if (typeof code === 'number') process.exitCode = code;
  } catch (error) {
    process.exitCode = report(error, usage);
  }
}

function report(error: unknown, usage: string): number {
  if (error instanceof UsageError) {
    console.error(error.message ? `${error.message}\n${usage}` : usage);
    return 2;
  }
  // Situations to explain, not crashes: the message says what to do, a stack trace would not.
  if (error instanceof DataDirLockedError || error instanceof InvalidEnvError || error instanceof CommandError) {
    console.error(error.message);
    return 1;
  }
  console.error(error);
  return 1;
}

/**
 * Opens the configured database exactly as the server does (DATABASE_URL, else the
 * embedded one in DATA_DIR, migrated: db/index.ts), runs `work` and closes it, whatever
 * happens. Stop the server first on the embedded database: it allows one process.
 */
export async function withDatabase<T>(work: (handle: DatabaseHandle) => Promise<T>): Promise<T> {
  const handle = await openConfiguredDatabase();
  try {
    return await work(handle);
  } finally {
    await handle.close();
  }
}
