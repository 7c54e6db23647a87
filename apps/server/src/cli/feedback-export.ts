import { openDatabase } from '../db/database.ts';
import { readConfig } from '../env.ts';
import { systemClock } from '../lib/clock.ts';
import { createFeedbackService } from '../modules/feedback/service.ts';

/**
 * `npm run feedback-export -- [days]`: prints the members' feedback of the last `days` days (7 by default)
 * as CSV on standard output, oldest first, for the operator (ADR 015). Same settings as the server
 * (DATABASE_URL or DATA_DIR). Example: `npm run -s feedback-export -- 30 > feedback.csv`.
 */
const [daysArgument] = process.argv.slice(2);
const days = daysArgument === undefined ? 7 : Number(daysArgument);
if (!Number.isFinite(days) || days <= 0) {
  console.error('Usage: npm run feedback-export -- [days]   (a positive number, 7 by default)');
  process.exit(2);
}
const config = readConfig();
const handle = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
try {
  process.stdout.write(
    await createFeedbackService({ db: handle.db, clock: systemClock }).exportCsvOfLastDays(days),
  );
} catch (error) {
  console.error((error as Error).message);
  process.exitCode = 1;
} finally {
  await handle.close();
}
