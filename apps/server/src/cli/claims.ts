import { systemClock } from '../lib/clock.ts';
import { createMissingPointsService } from '../modules/missing-points/service.ts';
import { createNotifier, smtpTransport } from '../plugins/notify.ts';
import { runClaimsCommand } from './claims-command.ts';
import { consoleOutput, withDatabase } from './with-database.ts';

/**
 * `npm run claims -- list [--status OPEN] | grant <id> --points N [--note "..."] | refuse <id> --reason "..."`:
 * the operator's missing-points claims (docs/features.md "Missing points"). Same settings as the server (DATABASE_URL or
 * DATA_DIR, PUBLIC_URL for the emailed link, SMTP_URL: without it the email goes to the outbox).
 */
await withDatabase(async (db, config) => {
  // No job runner here: a message for SMTP is delivered at once, in this process, instead of queued.
  const queues = new Map<string, (data: never) => Promise<unknown>>();
  const notify = createNotifier(
    db,
    config.smtpUrl ? { email: smtpTransport(config.smtpUrl, config.mailFrom) } : {},
    {
      queue: (name, _retry, run) => void queues.set(name, run),
      send: async (name, data) => void (await queues.get(name)?.(data as never)),
    },
  );
  const service = createMissingPointsService({ db, clock: systemClock, notify, publicUrl: config.publicUrl });
  return runClaimsCommand(process.argv.slice(2), service, consoleOutput);
});
