import { openDatabase } from '../db/database.ts';
import { readConfig } from '../env.ts';
import { runPartnersCommand } from './partners-command.ts';

/**
 * `npm run partners -- list | rates | add ... | rotate-secret <id> | retire-old-secrets <id> | revoke <id>`: the
 * partners' clients of the partner API (docs/partner-api.md). Same settings as the server (DATABASE_URL or
 * DATA_DIR).
 */
const config = readConfig();
const handle = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
try {
  process.exitCode = await runPartnersCommand(process.argv.slice(2), handle.db, {
    log: (line) => console.log(line),
    error: (line) => console.error(line),
  });
} catch (error) {
  console.error((error as Error).message);
  process.exitCode = 1;
} finally {
  await handle.close();
}
