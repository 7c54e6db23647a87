import { runPartnersCommand } from './partners-command.ts';
import { consoleOutput, withDatabase } from './with-database.ts';

/**
 * `npm run partners -- list | rates | add ... | rotate-secret <id> | retire-old-secrets <id> | revoke <id>`: the
 * partners' clients of the partner API (docs/partner-api.md). Same settings as the server (DATABASE_URL or
 * DATA_DIR).
 */
await withDatabase((db) => runPartnersCommand(process.argv.slice(2), db, consoleOutput));
