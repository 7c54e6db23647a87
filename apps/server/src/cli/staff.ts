import { systemClock } from '../lib/clock.ts';
import { runStaffCommand } from './staff-command.ts';
import { consoleOutput, withDatabase } from './with-database.ts';

/**
 * `npm run staff -- invite --email … --name … --role admin`: invites a member of staff and prints the link
 * (docs/staff-console.md). Same settings as the server (DATABASE_URL or DATA_DIR, PUBLIC_URL).
 */
await withDatabase((db, config) =>
  runStaffCommand(
    process.argv.slice(2),
    { db, clock: systemClock, publicUrl: config.publicUrl },
    consoleOutput,
  ),
);
