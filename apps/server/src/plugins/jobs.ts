import fp from 'fastify-plugin';
import { PgBoss, type ConstructorOptions } from 'pg-boss';
import type pg from 'pg';
import type { DatabaseSettings } from '../env.ts';
import { SWEEP_INTERVAL_MS, sweepEvery } from '../lib/expired-rows.ts';

/** How a queued job is retried when it throws: `limit` more tries, the first after `delaySeconds`, doubling. */
export interface RetryPolicy {
  limit: number;
  delaySeconds: number;
  maxDelaySeconds: number;
}

/**
 * Background jobs (ADR 033): scheduled work run by one runner of the cluster, and queued work
 * retried with exponential backoff, outside any request. pg-boss on PostgreSQL (DATABASE_URL), an in-process
 * runner on the embedded database (PGlite admits one process, so it is the only runner). Jobs are defined while
 * the app is registered; the runner starts when the app is ready and stops when it closes.
 */
export interface Jobs {
  /** Runs `run` once a minute, by one runner of the cluster at a time. */
  everyMinute(name: string, run: () => Promise<unknown>): void;
  /** Runs `run` once a day at DAILY_AT_UTC_HOUR:00 UTC (a quiet hour), by one runner of the cluster. */
  everyDay(name: string, run: () => Promise<unknown>): void;
  /** Defines a queue whose jobs `run` takes one at a time, retried by `retry` when it throws. */
  queue<T extends object>(name: string, retry: RetryPolicy, run: (data: T) => Promise<unknown>): void;
  /** Puts a job on a queue; it runs after the request that sent it, never inside it. */
  send(name: string, data: object): Promise<void>;
  /** Asks for a scheduled job to run now (tests, operators): one runner of the cluster takes it. */
  trigger(name: string): Promise<void>;
  /** Read-only, for /metrics (ADR 035): each job's queue now, and the runs that threw in this process. */
  stats(): Promise<JobStats[]>;
}

export interface JobStats {
  name: string;
  /** Jobs waiting to run (pg-boss: queued in the cluster, as of its last count; in-process: sent or retrying). */
  waiting: number;
  /** Jobs running (pg-boss: in the cluster; in-process: here). */
  active: number;
  /** Runs of this job that threw, in this process since it started (each retry that fails counts). */
  failures: number;
}

type QueueDepth = Pick<JobStats, 'name' | 'waiting' | 'active'>;

declare module 'fastify' {
  interface FastifyInstance {
    jobs: Jobs;
  }
}

/** The hour (UTC) of the daily jobs: the night in the UK, when the fewest members use the product. */
export const DAILY_AT_UTC_HOUR = 3;

/** Milliseconds from `now` to the next DAILY_AT_UTC_HOUR:00 UTC. */
export function msToNextDailyRun(now: Date) {
  const next = new Date(now);
  next.setUTCHours(DAILY_AT_UTC_HOUR, 0, 0, 0);
  if (next.getTime() <= now.getTime()) next.setUTCDate(next.getUTCDate() + 1);
  return next.getTime() - now.getTime();
}

interface Definitions {
  /** Scheduled jobs: every minute, or once a day. */
  scheduled: Map<string, () => Promise<unknown>>;
  daily: Set<string>;
  queues: Map<string, { retry: RetryPolicy; run: (data: never) => Promise<unknown> }>;
}

type Log = (error: unknown, job: string) => void;

/** Runs `run` at each DAILY_AT_UTC_HOUR:00 UTC in this process; stop() waits for a run under way. */
function everyDayAt(run: () => Promise<unknown>, onError: (error: unknown) => void) {
  let running: Promise<void> | undefined;
  let timer: NodeJS.Timeout;
  const arm = () => {
    timer = setTimeout(() => {
      running = run()
        .then(() => undefined, onError)
        .finally(() => {
          running = undefined;
        });
      arm();
    }, msToNextDailyRun(new Date()));
    timer.unref();
  };
  arm();
  return {
    stop: async () => {
      clearTimeout(timer);
      await running;
    },
  };
}

/** The embedded database's runner: timers of this process, retries on timers (lost if the process stops). */
function inProcessRunner(defs: Definitions, onError: Log) {
  const timers: Array<ReturnType<typeof sweepEvery>> = [];
  const running = new Set<Promise<unknown>>();
  const retries = new Set<NodeJS.Timeout>();
  const depth = new Map<string, QueueDepth>();
  const depthOf = (name: string) => {
    let entry = depth.get(name);
    if (!entry) depth.set(name, (entry = { name, waiting: 0, active: 0 }));
    return entry;
  };
  let stopped = false;
  const track = (work: Promise<unknown>) => {
    running.add(work);
    void work.finally(() => running.delete(work));
    return work;
  };
  const attempt = (name: string, data: object, tries: number) => {
    const queue = defs.queues.get(name);
    if (!queue || stopped) return;
    const counts = depthOf(name);
    counts.active += 1;
    void track(
      queue
        .run(data as never)
        .catch((error: unknown) => {
          onError(error, name);
          if (tries >= queue.retry.limit || stopped) return;
          const delay = Math.min(queue.retry.delaySeconds * 2 ** tries, queue.retry.maxDelaySeconds) * 1000;
          counts.waiting += 1;
          const timer = setTimeout(() => {
            counts.waiting -= 1;
            retries.delete(timer);
            attempt(name, data, tries + 1);
          }, delay);
          timer.unref();
          retries.add(timer);
        })
        .finally(() => {
          counts.active -= 1;
        }),
    );
  };
  return {
    async start() {
      for (const [name, run] of defs.scheduled) {
        if (defs.daily.has(name)) timers.push(everyDayAt(run, (error) => onError(error, name)));
        else timers.push(sweepEvery(SWEEP_INTERVAL_MS, run, (error) => onError(error, name)));
      }
    },
    async send(name: string, data: object) {
      // After the current request's work, never inside it.
      depthOf(name).waiting += 1;
      setImmediate(() => {
        depthOf(name).waiting -= 1;
        attempt(name, data, 0);
      });
    },
    async trigger(name: string) {
      const run = defs.scheduled.get(name);
      if (run) await track(run().catch((error: unknown) => onError(error, name)));
    },
    async depth(): Promise<QueueDepth[]> {
      return [...defs.scheduled.keys(), ...defs.queues.keys()].map((name) => ({ ...depthOf(name) }));
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
function pgBossRunner(defs: Definitions, connectionString: string, limits: DatabaseSettings, onError: Log) {
  // pg-boss hands its options to node-postgres's Pool (node_modules/pg-boss/dist/db.js), so its connections get
  // the app pool's limits (db/database.ts): a statement whose answer a stalled path lost fails after the query
  // limit and its connection is dropped, so stop() and the pool's end never wait for it.
  const options: ConstructorOptions &
    Pick<pg.PoolConfig, 'query_timeout' | 'statement_timeout' | 'keepAlive'> = {
    connectionString,
    schema: 'pgboss',
    max: 2,
    application_name: 'jobs',
    connectionTimeoutMillis: limits.connectTimeoutMs,
    statement_timeout: limits.statementTimeoutMs,
    query_timeout: limits.queryTimeoutMs,
    keepAlive: true,
  };
  const boss = new PgBoss(options);
  boss.on('error', (error) => onError(error, 'pg-boss'));
  return {
    async start() {
      await boss.start();
      for (const [name, run] of defs.scheduled) {
        await boss.createQueue(name, { policy: 'exclusive', retryLimit: 0 });
        await boss.schedule(name, defs.daily.has(name) ? `0 ${DAILY_AT_UTC_HOUR} * * *` : '* * * * *', null, {
          tz: 'UTC',
        });
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
    /** pg-boss's counts of the cluster's queues, which it refreshes about once a minute (queue cache). */
    async depth(): Promise<QueueDepth[]> {
      const queues = await boss.getQueues([...defs.scheduled.keys(), ...defs.queues.keys()]);
      return queues.map((queue) => ({
        name: queue.name,
        waiting: queue.queuedCount,
        active: queue.activeCount,
      }));
    },
    async stop() {
      await boss.stop({ graceful: true, timeout: 10_000 });
    },
  };
}

export const jobsPlugin = fp(
  async (app) => {
    const defs: Definitions = { scheduled: new Map(), daily: new Set(), queues: new Map() };
    const failures = new Map<string, number>();
    const onError: Log = (err, job) => app.log.warn({ err, job }, 'a background job failed');
    /** Counts the runs that throw, for stats(); the runner still sees the error (its retries). */
    const counted =
      <A extends unknown[]>(name: string, run: (...args: A) => Promise<unknown>) =>
      (...args: A) =>
        run(...args).catch((error: unknown) => {
          failures.set(name, (failures.get(name) ?? 0) + 1);
          throw error;
        });
    const runner = app.config.databaseUrl
      ? pgBossRunner(defs, app.config.databaseUrl, app.config.database, onError)
      : inProcessRunner(defs, onError);
    let started = false;
    const define = () => {
      if (started) throw new Error('jobs are defined while the app is registered, before it starts');
    };
    app.decorate('jobs', {
      everyMinute(name, run) {
        define();
        defs.scheduled.set(name, counted(name, run));
      },
      everyDay(name, run) {
        define();
        defs.scheduled.set(name, counted(name, run));
        defs.daily.add(name);
      },
      queue(name, retry, run) {
        define();
        defs.queues.set(name, { retry, run: counted(name, run) });
      },
      send: (name, data) => runner.send(name, data),
      trigger: (name) => runner.trigger(name),
      stats: async () =>
        (await runner.depth()).map((queue) => ({ ...queue, failures: failures.get(queue.name) ?? 0 })),
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
