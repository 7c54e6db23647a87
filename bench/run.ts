/**
 * `npm run bench`: prints figures from one run, each throughput figure as a ratio to a bare Fastify server
 * measured in the same run on the same machine (DESIGN.md 7). Never part of `npm test`.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import autocannon from 'autocannon';
import pg from 'pg';
import { eq } from 'drizzle-orm';
import { openDatabase } from '../apps/server/src/db/database.ts';
import { loadStartData } from '../apps/server/src/db/demo/load-start-data.ts';
import { demoCollector } from '../apps/server/src/db/demo/demo-collector.ts';
import { cards } from '../apps/server/src/db/schema/core.ts';
import { createSessionStore } from '../apps/server/src/plugins/session-store.ts';
import { SESSION_COOKIE } from '../apps/server/src/plugins/session.ts';
import { buildServerIfNeeded, serverArgs, serverEnv } from '../scripts/server-build.mjs';
import { buildWebIfNeeded } from '../scripts/web-build.mjs';
import { lighthouseFigures, type LighthouseFigures } from './lighthouse.ts';
import { signInOnce } from './sign-in-flow.ts';

const root = path.resolve(import.meta.dirname, '..');
const DURATION_S = Number(process.env.BENCH_SECONDS ?? 5);
/** Lighthouse runs per page: one run's score moves by 0.1 on a busy machine, so the median of several is shown. */
const LIGHTHOUSE_RUNS = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 3));
const CONNECTIONS = 50;
/** `BENCH_ONLY=start,bundles,lighthouse,reads,sign-in,postgres` runs only those sections (all when unset). */
const only = new Set((process.env.BENCH_ONLY ?? '').split(',').filter(Boolean));
const wants = (section: string) => only.size === 0 || only.has(section);

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const probe = createServer();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });

async function waitFor(url: string, timeoutMs = 120_000): Promise<void> {
  const start = Date.now();
  while (Date.now() - start < timeoutMs) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

function startProduct(port: number, dataDir: string, extraEnv: Record<string, string> = {}): ChildProcess {
  // The product as `npm start` runs it: the server bundle with the compile cache.
  return spawn(process.execPath, serverArgs, {
    cwd: root,
    env: {
      ...serverEnv,
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      BOT_CHECK: 'altcha',
      ...extraEnv,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

/** CPU seconds a process has used so far, all its threads (Linux: /proc/<pid>/stat, utime + stime). */
function processCpuSeconds(pid: number | undefined): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS_PER_SECOND;
}
/** The kernel's clock ticks per second (`getconf CLK_TCK`), 100 on Linux. */
const CLOCK_TICKS_PER_SECOND = 100;

type LoopFigures = { p50: number; p99: number; max: number };
/**
 * The product's main-thread event loop delay, from bench/event-loop-probe.mjs loaded into it: each `read()`
 * answers the figures since the previous read.
 */
function eventLoopProbe(child: ChildProcess, file: string) {
  let lines = 0;
  return {
    async read(): Promise<LoopFigures> {
      child.kill('SIGUSR2');
      const deadline = Date.now() + 5_000;
      while (Date.now() < deadline) {
        const all = existsSync(file) ? readFileSync(file, 'utf8').trim().split('\n') : [];
        if (all.length > lines) {
          lines = all.length;
          return JSON.parse(all[all.length - 1] ?? '{}') as LoopFigures;
        }
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      throw new Error('the event loop probe did not answer');
    },
  };
}

const stop = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });

async function timeStart(dataDir: string): Promise<number> {
  const port = await freePort();
  const started = performance.now();
  const child = startProduct(port, dataDir);
  await waitFor(`http://127.0.0.1:${port}/readyz`);
  const elapsed = performance.now() - started;
  await stop(child);
  return elapsed;
}

/** Every load sends what a browser's call sends beside its cookies: the codings it accepts (Chromium's list). */
const BROWSER_HEADERS = { accept: 'application/json', 'accept-encoding': 'gzip, deflate, br, zstd' };

async function load(url: string, extraHeaders: Record<string, string> = {}, warmUp = true) {
  const headers = { ...BROWSER_HEADERS, ...extraHeaders };
  // Warm-up first: the first second includes lazy module loading and JIT compilation.
  if (warmUp) await autocannon({ url, headers, connections: CONNECTIONS, duration: 2 });
  const result = await autocannon({ url, headers, connections: CONNECTIONS, duration: DURATION_S });
  return { rps: result.requests.average, p99: result.latency.p99 };
}

/** The JS a browser downloads before the route can render: the entry, the route's chunk and their static imports. */
function routeBundleSizes(): Array<{ route: string; kb: number }> {
  const dist = path.join(root, 'apps/web/dist');
  const manifestPath = path.join(dist, '.vite/manifest.json');
  if (!existsSync(manifestPath)) return [];
  type Chunk = {
    file: string;
    imports?: string[];
    isEntry?: boolean;
    isDynamicEntry?: boolean;
    src?: string;
  };
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<string, Chunk>;
  const closure = (key: string, seen = new Set<string>()) => {
    if (seen.has(key)) return seen;
    seen.add(key);
    for (const dep of manifest[key]?.imports ?? []) closure(dep, seen);
    return seen;
  };
  const gz = (keys: Set<string>) =>
    [...keys].reduce((sum, key) => {
      const file = manifest[key]?.file;
      return file ? sum + gzipSync(readFileSync(path.join(dist, file))).length : sum;
    }, 0);
  const entryKey = Object.keys(manifest).find((key) => manifest[key]?.isEntry) ?? '';
  // The entry paints first, then imports the app's start (ADR 018): every route needs both.
  const entry = closure(entryKey);
  if (manifest['src/app/start-up.tsx']) closure('src/app/start-up.tsx', entry);
  // The lazy modules of src/app/pages.ts: feature pages (`*-page.tsx`) and the few route files (`*-route.ts(x)`).
  const routes = Object.keys(manifest).filter(
    (key) => manifest[key]?.isDynamicEntry && /-(page|route)\.tsx?$/.test(key),
  );
  return [
    { route: '(entry and app start only)', kb: gz(entry) / 1024 },
    ...routes.map((key) => {
      const all = closure(key, new Set(entry));
      return { route: key.replace(/^src\//, ''), kb: gz(all) / 1024 };
    }),
  ].sort((a, b) => b.kb - a.kb);
}

type Figures = { rps: number; p99: number };
/**
 * The bare Fastify server: `first` is its figure at the start, `again()` measures it once more. The machine's
 * speed drifts from minute to minute (a shared host), so each read's ratio is to the baseline measured just
 * before it.
 */
type Baseline = { first: Figures; again: () => Promise<Figures> };
const row = (name: string, figures: Figures, baseline: Figures) =>
  console.log(
    `  ${name.padEnd(52)} ${figures.rps.toFixed(0).padStart(7)} req/s   p99 ${String(figures.p99).padStart(4)} ms   ${(figures.rps / baseline.rps).toFixed(2)}   ${baseline.rps.toFixed(0).padStart(6)}`,
  );
/** Measures the baseline, then the product's `url`, and prints the product's row. */
const pairedRow = async (name: string, baseline: Baseline, url: string, cookie?: Record<string, string>) => {
  const base = await baseline.again();
  row(name, await load(url, cookie), base);
};

/**
 * A session for the demo collector, written straight into the database the product will use. The database is
 * opened with the product's start-data step, so the demo member is there even before the product's first start.
 */
async function demoSessionCookie(options: { dataDir: string; url?: string }) {
  const handle = await openDatabase({
    dataDir: options.dataDir,
    databaseUrl: options.url,
    prepare: (db) => loadStartData(db, { demoData: true }),
  });
  try {
    const [card] = await handle.db.select().from(cards).where(eq(cards.number, demoCollector.cardNumber));
    const store = createSessionStore(handle.db, { idleMinutes: 120, absoluteHours: 12 });
    return { cookie: `${SESSION_COOKIE}=${(await store.create(card?.collectorId ?? '')).token}` };
  } finally {
    await handle.close();
  }
}

/** The reads of the screens a member opens most: homepage, card and activity (issue 15). */
const SIGNED_IN_READS = [
  ['balance', '/balance-api/balance'],
  ['offers list', '/offers-api/offers?type=ALL'],
  ['card', '/customer-management-api/customer/card'],
  ['card barcode', '/customer-management-api/customer/nectar-id'],
  ['activity, first page', '/nectar-shared-transactions-api/transactions'],
] as const;

async function signedInReads(label: string, baseline: Baseline, options: { dataDir: string; url?: string }) {
  const port = await freePort();
  const extraEnv: Record<string, string> = options.url ? { DATABASE_URL: options.url } : {};
  // The embedded database admits one process: the session is written before the server opens it.
  let cookie = options.url ? undefined : await demoSessionCookie(options);
  const product = startProduct(port, options.dataDir, extraEnv);
  try {
    await waitFor(`http://127.0.0.1:${port}/readyz`);
    cookie ??= await demoSessionCookie(options);
    const base = `http://127.0.0.1:${port}`;
    await pairedRow(`${label}: GET /healthz`, baseline, `${base}/healthz`);
    for (const [name, url] of SIGNED_IN_READS) {
      await pairedRow(`${label}: ${name} (signed in)`, baseline, `${base}${url}`, cookie);
    }
  } finally {
    await stop(product);
  }
}

/**
 * Whole sign-ins (provider, password with argon2id, code exchange) by many simulated members at once, while
 * /healthz is loaded beside them: hashing runs off the event loop, so /healthz must stay fast.
 */
async function signInFigures(label: string, baseline: Baseline, options: { dataDir: string; url?: string }) {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  // The provider only returns to the registered redirect address, which is built from PUBLIC_URL.
  const probeDir = mkdtempSync(path.join(tmpdir(), 'lc-bench-loop-'));
  const probeFile = path.join(probeDir, 'event-loop.jsonl');
  const product = startProduct(port, options.dataDir, {
    TRUST_PROXY: '1',
    DEVICE_2FA: 'false',
    PUBLIC_URL: base,
    NODE_OPTIONS: `--import=${pathToFileURL(path.join(root, 'bench/event-loop-probe.mjs')).href}`,
    EVENT_LOOP_PROBE_FILE: probeFile,
    ...(options.url ? { DATABASE_URL: options.url } : {}),
  });
  const eventLoop = eventLoopProbe(product, probeFile);
  try {
    await waitFor(`${base}/readyz`);
    // One sign-in first (the first of each call compiles and warms up), then the idle figure.
    await signInOnce(base, demoCollector.cardNumber, demoCollector.password, '203.0.113.250');
    await eventLoop.read();
    await new Promise((resolve) => setTimeout(resolve, DURATION_S * 1000));
    const idle = await eventLoop.read();
    // One demo account: more than 5 sign-ins under way at once for one account are refused (issue 10).
    const concurrency = 5;
    let done = 0;
    let failed = 0;
    let firstError = '';
    let member = 0;
    let deadline = 0;
    const worker = async () => {
      while (Date.now() < deadline) {
        member += 1;
        const from = `203.0.113.${member % 250}`;
        await signInOnce(base, demoCollector.cardNumber, demoCollector.password, from).then(
          () => (done += 1),
          (error: Error) => {
            failed += 1;
            firstError ||= error.message;
          },
        );
      }
    };
    // Sign-ins alone first, to tell the product's CPU per sign-in (all its threads) from the bench client's.
    const cpuBefore = processCpuSeconds(product.pid);
    deadline = Date.now() + DURATION_S * 1000;
    await Promise.all(Array.from({ length: concurrency }, worker));
    const perCore = done / (processCpuSeconds(product.pid) - cpuBefore);
    done = 0;
    deadline = Date.now() + DURATION_S * 1000;
    const started = performance.now();
    const [healthz] = await Promise.all([
      autocannon({ url: `${base}/healthz`, connections: 10, duration: DURATION_S }),
      ...Array.from({ length: concurrency }, worker),
    ]);
    const seconds = (performance.now() - started) / 1000;
    const loaded = await eventLoop.read();
    console.log(
      `  ${label} sign-in: ${(done / seconds).toFixed(1)} whole sign-ins/s with ${concurrency} in flight (${failed} failed); ` +
        `meanwhile GET /healthz ${healthz.requests.average.toFixed(0)} req/s, p99 ${healthz.latency.p99} ms ` +
        `(10 connections; baseline p99 ${baseline.first.p99} ms at 50)`,
    );
    console.log(
      `  ${label} event loop delay p99 (Node's monitorEventLoopDelay, 10 ms timer): idle ${idle.p99.toFixed(1)} ms, ` +
        `during sign-ins ${loaded.p99.toFixed(1)} ms (${(loaded.p99 / idle.p99).toFixed(2)}x; budget 2x), max ${loaded.max.toFixed(1)} ms`,
    );
    console.log(
      `  ${label} sign-ins per second per core of the product's CPU (sign-ins alone): ${perCore.toFixed(1)} (budget 60)`,
    );
    if (firstError) console.log(`  first failure: ${firstError}`);
  } finally {
    await stop(product);
    rmSync(probeDir, { recursive: true, force: true });
  }
}

/** Lighthouse mobile performance of the public pages of the list and the signed-in homepage. */
async function lighthouseSection(dataDir: string) {
  const port = await freePort();
  // The embedded database admits one process: the session is written before the server opens it.
  const { cookie } = await demoSessionCookie({ dataDir });
  const product = startProduct(port, dataDir);
  try {
    const base = `http://localhost:${port}`;
    await waitFor(`${base}/readyz`);
    const pages = ['/welcome', '/id/start/login', '/id/start/nectar-card-check'].map(
      (page) => `${base}${page}`,
    );
    const runs: LighthouseFigures[][] = [];
    for (let run = 0; run < LIGHTHOUSE_RUNS; run++) {
      runs.push([
        ...(await lighthouseFigures(pages)),
        ...(await lighthouseFigures([`${base}/homepage`], cookie)),
      ]);
    }
    console.log(
      `\nLighthouse, mobile (simulated slow 4G, 4x CPU), performance (budget 0.95, LCP 1.5 s), median of ${LIGHTHOUSE_RUNS} runs (range):`,
    );
    const median = (values: number[]) =>
      [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
    const range = (values: number[], format: (value: number) => string) =>
      values.length > 1 ? ` (${format(Math.min(...values))}-${format(Math.max(...values))})` : '';
    for (const [i, first] of (runs[0] ?? []).entries()) {
      const page = runs.map((figures) => figures[i] ?? first);
      const scores = page.map((figure) => figure.score);
      const lcps = page.map((figure) => figure.lcpMs / 1000);
      const score = (value: number) => value.toFixed(2);
      const seconds = (value: number) => value.toFixed(1);
      console.log(
        `  ${score(median(scores))}${range(scores, score)}  LCP ${seconds(median(lcps))} s${range(lcps, seconds)}  ` +
          `JS ${(median(page.map((figure) => figure.scriptBytes)) / 1024).toFixed(0)} KB transferred  ${new URL(first.url).pathname}`,
      );
    }
  } catch (error) {
    console.log(`\nLighthouse could not run: ${(error as Error).message}`);
  } finally {
    await stop(product);
  }
}

async function withFreshPostgres(adminUrl: string, run: (url: string) => Promise<void>) {
  const name = `lc_bench_${Date.now()}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  try {
    await run(url.toString());
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
}

async function main() {
  buildWebIfNeeded();
  await buildServerIfNeeded();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'lc-bench-'));
  try {
    const cold = await timeStart(dataDir);
    if (wants('start')) {
      const warm = await timeStart(dataDir);
      console.log(
        `start-up    cold (empty DATA_DIR): ${cold.toFixed(0)} ms    warm: ${warm.toFixed(0)} ms    (budget: warm < 2000 ms, cold < 8000 ms)`,
      );
    }

    if (wants('bundles')) {
      const sizes = routeBundleSizes();
      console.log('\nJS needed for the first render, gzip (budget 100 KB):');
      for (const { route, kb } of sizes) console.log(`  ${kb.toFixed(1).padStart(6)} KB  ${route}`);
    }

    if (wants('lighthouse')) await lighthouseSection(dataDir);
    if (!wants('reads') && !wants('sign-in') && !wants('postgres')) return;

    const barePort = await freePort();
    const bare = spawn(
      process.execPath,
      ['--import', 'tsx', path.join(root, 'bench/bare-server.ts'), String(barePort)],
      {
        cwd: root,
        stdio: 'ignore',
      },
    );
    try {
      await waitFor(`http://127.0.0.1:${barePort}/healthz`);
      const bareUrl = `http://127.0.0.1:${barePort}/healthz`;
      const first = await load(bareUrl);
      const baseline: Baseline = { first, again: () => load(bareUrl, {}, false) };
      console.log(
        `\n${CONNECTIONS} connections, ${DURATION_S} s each after a 2 s warm-up; ratio to the baseline measured ` +
          'just before each figure, and that baseline (req/s)',
      );
      row('bare Fastify GET /healthz (baseline)', first, first);
      if (wants('reads')) await signedInReads('embedded PGlite', baseline, { dataDir });
      if (wants('sign-in')) await signInFigures('embedded PGlite', baseline, { dataDir });
      const adminUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
      if (!wants('postgres')) return;
      if (adminUrl) {
        await withFreshPostgres(adminUrl, async (url) => {
          await signedInReads('PostgreSQL', baseline, { dataDir, url });
          await signInFigures('PostgreSQL', baseline, { dataDir, url });
        });
      } else console.log('  (set TEST_DATABASE_URL to a PostgreSQL server to measure it too)');
    } finally {
      await stop(bare);
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
