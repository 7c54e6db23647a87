import fp from 'fastify-plugin';
import { PgBoss } from 'pg-boss';
import { SWEEP_INTERVAL_MS, sweepEvery } from '../lib/expired-rows.ts';

/** How a queued job is retried when it throws: `limit` more tries, the first after `delaySeconds`, doubling. */
export interface RetryPolicy {
  limit: number;
  delaySeconds: number;
  maxDelaySeconds: number;
}

/**
 * Background jobs (issue 35, item 2; ADR 033): scheduled work run by one runner of the cluster, and queued work
 * retried with exponential backoff, outside any request. pg-boss on PostgreSQL (DATABASE_URL), an in-process
 * runner on the embedded database (PGlite admits one process, so it is the only runner). Jobs are defined while
 * the app is registered; the runner starts when the app is ready and stops when it closes.
 */
export interface Jobs {
  /** Runs `run` once a minute, by one runner of the cluster at a time. */
  everyMinute(name: string, run: () => Promise<unknown>): void;
  /** Defines a queue whose jobs `run` takes one at a time, retried by `retry` when it throws. */
  queue<T extends object>(name: string, retry: RetryPolicy, run: (data: T) => Promise<unknown>): void;
  /** Puts a job on a queue; it runs after the request that sent it, never inside it. */
  send(name: string, data: object): Promise<void>;
  /** Asks for a scheduled job to run now (tests, operators): one runner of the cluster takes it. */
  trigger(name: string): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    jobs: Jobs;
  }
}

interface Definitions {
  scheduled: Map<string, () => Promise<unknown>>;
  queues: Map<string, { retry: RetryPolicy; run: (data: never) => Promise<unknown> }>;
}

type Log = (error: unknown, job: string) => void;

/** The embedded database's runner: timers of this process, retries on timers (lost if the process stops). */
function inProcessRunner(defs: Definitions, onError: Log) {
  const timers: Array<ReturnType<typeof sweepEvery>> = [];
  const running = new Set<Promise<unknown>>();
  const retries = new Set<NodeJS.Timeout>();
  let stopped = false;
  const track = (work: Promise<unknown>) => {
    running.add(work);
    void work.finally(() => running.delete(work));
    return work;
  };
  const attempt = (name: string, data: object, tries: number) => {
    const queue = defs.queues.get(name);
    if (!queue || stopped) return;
    void track(
      queue.run(data as never).catch((error: unknown) => {
        onError(error, name);
        if (tries >= queue.retry.limit || stopped) return;
        const delay = Math.min(queue.retry.delaySeconds * 2 ** tries, queue.retry.maxDelaySeconds) * 1000;
        const timer = setTimeout(() => {
          retries.delete(timer);
          attempt(name, data, tries + 1);
        }, delay);
        timer.unref();
        retries.add(timer);
      }),
    );
  };
  return {
    async start() {
      for (const [name, run] of defs.scheduled) {
        timers.push(sweepEvery(SWEEP_INTERVAL_MS, run, (error) => onError(error, name)));
      }
    },
    async send(name: string, data: object) {
      // After the current request's work, never inside it.
      setImmediate(() => attempt(name, data, 0));
    },
    async trigger(name: string) {
      const run = defs.scheduled.get(name);
      if (run) await track(run().catch((error: unknown) => onError(error, name)));
    },
    async stop() {
      stopped = true;
      for (const timer of retries) clearTimeout(timer);
      await Promise.all(timers.map((timer) => timer.stop()));
      await Promise.allSettled([...running]);
    },
  };
}

/**
 * pg-boss on the cluster's PostgreSQL (schema `pgboss`, created by pg-boss itself). A scheduled job is a cron
 * schedule of pg-boss, which puts one job a minute on an `exclusive` queue whatever the number of instances;
 * whichever instance fetches it first runs it (SKIP LOCKED), so one runner of the cluster does the work.
 */
function pgBossRunner(defs: Definitions, connectionString: string, onError: Log) {
  const boss = new PgBoss({ connectionString, schema: 'pgboss', max: 2, application_name: 'jobs' });
  boss.on('error', (error) => onError(error, 'pg-boss'));
  return {
    async start() {
      await boss.start();
      for (const [name, run] of defs.scheduled) {
        await boss.createQueue(name, { policy: 'exclusive', retryLimit: 0 });
        await boss.schedule(name, '* * * * *');
        await boss.work(name, { pollingIntervalSeconds: 1 }, async () => {
          await run();
        });
      }
      for (const [name, { retry, run }] of defs.queues) {
        await boss.createQueue(name, {
          retryLimit: retry.limit,
          retryDelay: retry.delaySeconds,
          retryBackoff: true,
          retryDelayMax: retry.maxDelaySeconds,
          // A message may hold a one-time code: its job is not kept for pg-boss's default week.
          deleteAfterSeconds: 3_600,
        });
        await boss.work(name, { pollingIntervalSeconds: 1 }, async (jobs) => {
          for (const job of jobs) await run(job.data as never);
        });
      }
    },
    async send(name: string, data: object) {
      await boss.send(name, data);
    },
    async trigger(name: string) {
      await boss.send(name, {});
    },
    async stop() {
      await boss.stop({ graceful: true, timeout: 10_000 });
    },
  };
}

export const jobsPlugin = fp(
  async (app) => {
    const defs: Definitions = { scheduled: new Map(), queues: new Map() };
    const onError: Log = (err, job) => app.log.warn({ err, job }, 'a background job failed');
    const runner = app.config.databaseUrl
      ? pgBossRunner(defs, app.config.databaseUrl, onError)
      : inProcessRunner(defs, onError);
    let started = false;
    const define = () => {
      if (started) throw new Error('jobs are defined while the app is registered, before it starts');
    };
    app.decorate('jobs', {
      everyMinute(name, run) {
        define();
        defs.scheduled.set(name, run);
      },
      queue(name, retry, run) {
        define();
        defs.queues.set(name, { retry, run });
      },
      send: (name, data) => runner.send(name, data),
      trigger: (name) => runner.trigger(name),
    } satisfies Jobs);
    app.addHook('onReady', async () => {
      started = true;
      await runner.start();
    });
    app.addHook('onClose', async () => {
      if (started) await runner.stop();
    });
  },
  { name: 'jobs', dependencies: ['db'] },
);
