import { systemClock } from '../lib/clock.ts';
import { createFeedbackService } from '../modules/feedback/service.ts';
import { withDatabase } from './with-database.ts';

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
await withDatabase(async (db) => {
  process.stdout.write(await createFeedbackService({ db, clock: systemClock }).exportCsvOfLastDays(days));
  return 0;
});
