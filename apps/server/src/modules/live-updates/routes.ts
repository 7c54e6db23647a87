import type { FastifyPluginAsync } from 'fastify';
import { LIVE_UPDATES_PATH, LIVE_UPDATE_EVENT } from '@app/contracts/live-updates';
import { balanceChangeKey } from '../../lib/points-ledger.ts';
import { createLiveUpdatesService } from './service.ts';

/** A comment line this often keeps the stream open through the balancer (its 60 s server time-out). */
const HEARTBEAT_MS = 25_000;
/** A stream ends after this long; the browser opens a new one, which checks the session again. */
const STREAM_MAX_MS = 10 * 60_000;
/** Changes this close together (a sale's base and bonus entries, the echo from the other instances) are one. */
const COALESCE_MS = 50;

/**
 * The member's live updates as server-sent events (docs/features.md "Live updates"): an open app hears within a
 * second that a till, a return or a spend changed the points, on whichever instance it is connected to, because
 * every ledger write is announced through the change feed (PostgreSQL LISTEN/NOTIFY). No polling: the stream
 * reads the ledger only when the member's balance key changes.
 */
export const liveUpdatesRoutes: FastifyPluginAsync = async (app) => {
  const service = createLiveUpdatesService({ db: app.db });
  // Open streams end before the server stops taking requests, so a shutdown never waits for them.
  const open = new Set<() => void>();
  app.addHook('preClose', async () => {
    for (const end of open) end();
  });

  app.get(
    LIVE_UPDATES_PATH,
    {
      preHandler: app.requireSession,
      schema: {
        tags: ['balance'],
        summary:
          'Server-sent events: a "points" event with the balance and a notice each time the points change',
      },
    },
    async (request, reply) => {
      const collectorId = request.collectorId;
      const key = balanceChangeKey(collectorId);
      const read = service.reader(collectorId, app.clock.now());
      reply.hijack();
      const stream = reply.raw;
      stream.writeHead(200, {
        ...app.securityHeaders,
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        'x-accel-buffering': 'no',
      });
      stream.write('retry: 3000\n\n');

      let pending: ReturnType<typeof setTimeout> | undefined;
      let reading = Promise.resolve();
      const tell = () => {
        reading = reading
          .then(async () => {
            const update = await read();
            if (update && !stream.destroyed) {
              stream.write(`event: ${LIVE_UPDATE_EVENT}\ndata: ${JSON.stringify(update)}\n\n`);
            }
          })
          .catch((error: unknown) => request.log.warn({ err: error }, 'live update not sent'));
      };
      const unsubscribe = app.changes.subscribe((changed) => {
        if (changed !== key && changed !== '*') return;
        if (pending) return;
        pending = setTimeout(() => {
          pending = undefined;
          tell();
        }, COALESCE_MS);
      });
      const heartbeat = setInterval(() => stream.write(': still here\n\n'), HEARTBEAT_MS);
      const end = setTimeout(() => stream.end(), STREAM_MAX_MS);
      const finish = () => stream.end();
      open.add(finish);
      stream.on('close', () => {
        open.delete(finish);
        unsubscribe();
        clearInterval(heartbeat);
        clearTimeout(end);
        if (pending) clearTimeout(pending);
      });
    },
  );
};
