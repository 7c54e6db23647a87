import type { FastifyPluginAsync } from 'fastify';
import { createLedgerCheckService } from './service.ts';

/** The job's name (plugins/jobs.ts): one runner of the cluster, each night. */
export const LEDGER_CHECK_JOB = 'ledger-check';

/**
 * The nightly ledger check (ADR 051): the books are read against every invariant by one runner of the
 * cluster each night, and on demand (`npm run ledger:check`, or `app.jobs.trigger('ledger-check')`). A broken
 * invariant is an error-level log line naming it, with examples, and a metric (ledger_check_problems).
 */
export const ledgerCheckRoutes: FastifyPluginAsync = async (app) => {
  const service = createLedgerCheckService({ db: app.db, clock: app.clock });
  app.jobs.everyDay(LEDGER_CHECK_JOB, async () => {
    const report = await service.check();
    const broken = report.results.filter((result) => result.count > 0);
    if (broken.length > 0) {
      app.log.error(
        {
          ledgerCheck: { problems: report.problems, broken, entries: report.entries, tookMs: report.tookMs },
        },
        'the ledger check found problems',
      );
    } else {
      app.log.info(
        { ledgerCheck: { entries: report.entries, tookMs: report.tookMs } },
        'the ledger check passed',
      );
    }
  });
};
