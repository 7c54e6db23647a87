import { createHash, timingSafeEqual } from 'node:crypto';
import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import Fastify, {
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type onResponseHookHandler,
  type RouteOptions,
} from 'fastify';
import fp from 'fastify-plugin';
import pg from 'pg';
import type { Counter, Histogram, Registry } from 'prom-client';
import { requestMessages } from '@app/contracts/error-messages';
import {
  ledgerCheckResults,
  ledgerWrites,
  type LedgerCheckResult,
  type LedgerWriteKind,
} from '../lib/points-ledger.ts';
import type { JobStats } from './jobs.ts';

/** The label of every request no route took (unknown paths, the web app's pages): one label, whatever the URL. */
const UNMATCHED_ROUTE = '(unmatched)';

/** Seconds; from a cached read (a few ms) to the handler's time limit (HTTP_HANDLER_TIMEOUT_MS, 25 s). */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 25];
const STATUS_CLASSES = ['0xx', '1xx', '2xx', '3xx', '4xx', '5xx'] as const;

/** One route's series for one method and status class, made on its first request and kept. */
interface Series {
  requests: Counter.Internal;
  duration: Histogram.Internal<string>;
  errors: Counter.Internal | undefined;
}

type Recorder = (request: FastifyRequest, reply: FastifyReply) => void;

const sha256 = (text: string) => createHash('sha256').update(text).digest();

/** `Authorization: Bearer <token>`, compared in constant time (digests of equal length, whatever was sent). */
function bearerCheck(token: string) {
  const expected = sha256(token);
  return (authorization: string | undefined) => {
    const sent = authorization?.startsWith('Bearer ') ? authorization.slice(7) : '';
    return timingSafeEqual(sha256(sent), expected);
  };
}

/** The pg pool behind the app's database on PostgreSQL; the embedded database (PGlite) has none. */
function poolOf(app: FastifyInstance): pg.Pool | undefined {
  if (!app.hasDecorator('db')) return undefined;
  const client = (app.db as unknown as { $client?: unknown }).$client;
  return client instanceof pg.Pool ? client : undefined;
}

/**
 * Prometheus metrics at GET /metrics (ADR 035), when `config.metrics` is set: requests and their
 * time per route template, 5xx answers, the database pool, the process and its event loop, background jobs and
 * ledger writes. Served on the public port behind METRICS_TOKEN, or on a private listener (METRICS_PORT) only.
 * Off, nothing is registered and /metrics is an unknown path. Registered before the routes, so each route gets
 * its recorder as it is added; no member data goes in any label.
 */
export const metricsPlugin = fp(
  async (app) => {
    const settings = app.config.metrics;
    if (!settings) return;
    // Loaded only when on: a default start pays nothing for it.
    const prom = await import('prom-client');
    const registry: Registry = new prom.Registry();
    const registers = [registry];
    prom.collectDefaultMetrics({ register: registry });

    const labelNames = ['route', 'method', 'status_class'];
    const requests = new prom.Counter({
      name: 'http_requests_total',
      help: 'Requests answered, by route template, method and status class',
      labelNames,
      registers,
    });
    const duration = new prom.Histogram({
      name: 'http_request_duration_seconds',
      help: 'Time from receiving a request to its answer, by route template, method and status class',
      labelNames,
      buckets: DURATION_BUCKETS,
      registers,
    });
    const errors = new prom.Counter({
      name: 'http_server_errors_total',
      help: 'Answers with a 5xx status, by route template and method',
      labelNames: ['route', 'method'],
      registers,
    });

    /**
     * A route's recorder: its series are made once per method and status class and kept, so a request costs one
     * counter and one histogram update, without building labels.
     */
    const recorderFor = (route: string): Recorder => {
      const byMethod = new Map<string, Array<Series | undefined>>();
      return (request, reply) => {
        const statusClass = Math.min((reply.statusCode / 100) | 0, 5);
        let forMethod = byMethod.get(request.method);
        if (!forMethod) byMethod.set(request.method, (forMethod = []));
        let series = forMethod[statusClass];
        if (!series) {
          const labels = [route, request.method, STATUS_CLASSES[statusClass] ?? '0xx'];
          forMethod[statusClass] = series = {
            requests: requests.labels(...labels),
            duration: duration.labels(...labels),
            errors: statusClass === 5 ? errors.labels(route, request.method) : undefined,
          };
        }
        series.requests.inc();
        series.duration.observe(reply.elapsedTime / 1000);
        series.errors?.inc();
      };
    };
    const recorders = new WeakSet<object>();
    const hookOf = (record: Recorder): onResponseHookHandler => {
      const hook: onResponseHookHandler = (request, reply, done) => {
        record(request, reply);
        done();
      };
      recorders.add(hook);
      return hook;
    };
    app.addHook('onRoute', (route: RouteOptions) => {
      const existing = route.onResponse === undefined ? [] : [route.onResponse].flat();
      route.onResponse = [...existing.filter((hook) => !recorders.has(hook)), hookOf(recorderFor(route.url))];
    });
    const unmatched = recorderFor(UNMATCHED_ROUTE);
    app.addHook('onResponse', (request, reply, done) => {
      if (request.is404) unmatched(request, reply);
      done();
    });

    // The database: the pg pool on PostgreSQL; PGlite runs statements one at a time in its thread, no pool.
    new prom.Gauge({
      name: 'db_info',
      help: 'The database in use: kind="postgres" (a pool) or "pglite" (embedded, no pool)',
      labelNames: ['kind'],
      registers,
      collect() {
        this.reset();
        this.set({ kind: app.config.databaseUrl ? 'postgres' : 'pglite' }, 1);
      },
    });
    new prom.Gauge({
      name: 'db_pool_connections',
      help: 'PostgreSQL pool connections, idle or in use',
      labelNames: ['state'],
      registers,
      collect() {
        const pool = poolOf(app);
        if (!pool) return;
        this.set({ state: 'idle' }, pool.idleCount);
        this.set({ state: 'in_use' }, pool.totalCount - pool.idleCount);
      },
    });
    new prom.Gauge({
      name: 'db_pool_waiting_requests',
      help: 'Statements waiting for a free PostgreSQL pool connection',
      registers,
      collect() {
        const pool = poolOf(app);
        if (pool) this.set(pool.waitingCount);
      },
    });
    new prom.Gauge({
      name: 'db_pool_max_connections',
      help: 'The PostgreSQL pool size (DATABASE_POOL_MAX)',
      registers,
      collect() {
        if (poolOf(app)) this.set(app.config.database.poolMax);
      },
    });

    // Background jobs: one stats() per scrape serves the three metrics below.
    let jobStats: Promise<JobStats[]> | undefined;
    const readJobStats = () => {
      if (!app.hasDecorator('jobs')) return Promise.resolve([]);
      jobStats ??= app.jobs
        .stats()
        .catch((err: unknown) => {
          app.log.warn({ err }, 'metrics: the job queues could not be read');
          return [];
        })
        .finally(() => setImmediate(() => (jobStats = undefined)));
      return jobStats;
    };
    new prom.Gauge({
      name: 'jobs_waiting',
      help: 'Jobs waiting to run, by job (pg-boss: the cluster, counted about once a minute)',
      labelNames: ['job'],
      registers,
      async collect() {
        for (const job of await readJobStats()) this.set({ job: job.name }, job.waiting);
      },
    });
    new prom.Gauge({
      name: 'jobs_active',
      help: 'Jobs running, by job (pg-boss: the cluster, counted about once a minute)',
      labelNames: ['job'],
      registers,
      async collect() {
        for (const job of await readJobStats()) this.set({ job: job.name }, job.active);
      },
    });
    new prom.Counter({
      name: 'job_failures_total',
      help: 'Runs of a job that threw in this instance (each failed retry counts), by job',
      labelNames: ['job'],
      registers,
      async collect() {
        const stats = await readJobStats();
        // Nothing read (the queues could not be read): the last values stand rather than a drop to 0.
        if (stats.length === 0) return;
        this.reset();
        for (const job of stats) this.inc({ job: job.name }, job.failures);
      },
    });

    // Ledger writes, told by lib/points-ledger.ts: by kind only.
    const ledger = new prom.Counter({
      name: 'points_ledger_writes_total',
      help: 'Points ledger entries written: kind="credit" (points added) or "debit" (points taken)',
      labelNames: ['kind'],
      registers,
    });
    const byKind: Record<LedgerWriteKind, Counter.Internal> = {
      credit: ledger.labels('credit'),
      debit: ledger.labels('debit'),
    };
    byKind.credit.inc(0);
    byKind.debit.inc(0);
    const onLedgerWrite = (message: unknown) => byKind[(message as { kind: LedgerWriteKind }).kind].inc();
    subscribe(ledgerWrites.name, onLedgerWrite);

    // The last ledger check's findings (modules/ledger-check, ADR 051): rows breaking each invariant, and when.
    const ledgerProblems = new prom.Gauge({
      name: 'ledger_check_problems',
      help: 'Rows breaking each invariant of the points ledger at the last ledger check (0: the books are right)',
      labelNames: ['invariant'],
      registers,
    });
    const ledgerCheckedAt = new prom.Gauge({
      name: 'ledger_check_last_run_timestamp_seconds',
      help: 'When the last ledger check ran (Unix time)',
      registers,
    });
    const onLedgerCheck = (message: unknown) => {
      const { problems, checkedAt } = message as LedgerCheckResult;
      for (const [invariant, count] of Object.entries(problems)) ledgerProblems.set({ invariant }, count);
      ledgerCheckedAt.set(checkedAt.getTime() / 1000);
    };
    subscribe(ledgerCheckResults.name, onLedgerCheck);

    const authorised = settings.token ? bearerCheck(settings.token) : () => true;
    const answer = async (request: FastifyRequest, reply: FastifyReply) => {
      if (!authorised(request.headers.authorization)) {
        return reply.status(401).header('www-authenticate', 'Bearer').send({
          code: 'UNAUTHENTICATED',
          description: requestMessages.metricsToken,
        });
      }
      const text = await registry.metrics();
      return reply.type(registry.contentType).header('cache-control', 'no-store').send(text);
    };

    // A private listener takes /metrics off the public port altogether; without one the token guards it there.
    const listener = settings.listen;
    const privateServer = listener ? Fastify({ logger: false }) : undefined;
    if (privateServer) privateServer.get('/metrics', answer);
    else app.get('/metrics', { schema: { hide: true } }, answer);

    app.addHook('onReady', async () => {
      if (!privateServer || !listener) return;
      const address = await privateServer.listen({ host: listener.host, port: listener.port });
      app.log.info({ address }, 'metrics served on a private listener');
    });
    app.addHook('onClose', async () => {
      unsubscribe(ledgerWrites.name, onLedgerWrite);
      unsubscribe(ledgerCheckResults.name, onLedgerCheck);
      await privateServer?.close();
    });
  },
  { name: 'metrics', dependencies: ['config'] },
);
