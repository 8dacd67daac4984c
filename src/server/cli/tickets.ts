/**
 * The staff's answers to support tickets: `npm run tickets -- list | show | reply | status | attachment`
 * (cli/tickets-command.ts; docs/decisions/020-support-and-live-updates.md). On the embedded
 * database, stop the server first (it allows one process); on PostgreSQL the server keeps
 * running and the shopper's open ticket page shows the reply at once.
 */
import { ticketsCommand, TICKETS_USAGE } from './tickets-command.ts';
import { runCommand, withDatabase } from './run.ts';

await runCommand(TICKETS_USAGE, () => withDatabase(({ db }) => ticketsCommand(db, process.argv.slice(2))));
