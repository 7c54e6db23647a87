import { systemClock } from '../lib/clock.ts';
import { createLedgerCheckService, describeReport } from '../modules/ledger-check/service.ts';
import { withDatabase } from './with-database.ts';

/**
 * `npm run ledger:check [-- --json]`: reads the points ledger against every invariant (ADR 051) and prints what
 * breaks; exits 1 when something does. Same settings as the server (DATABASE_URL, or DATA_DIR for the embedded
 * database, which only one process can open: stop the server first, or let its nightly job run it).
 */
await withDatabase(async (db) => {
  const report = await createLedgerCheckService({ db, clock: systemClock }).check();
  console.log(process.argv.includes('--json') ? JSON.stringify(report, null, 2) : describeReport(report));
  return report.problems === 0 ? 0 : 1;
}, 2);
