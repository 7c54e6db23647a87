/**
 * `npm run bench`: prints figures from one run, each throughput figure as a ratio to a bare Fastify server
 * measured in the same run on the same machine (docs/performance.md "Budgets"), and ends with one table of
 * every figure beside its target, the budgets of docs/performance.md (bench/table.ts). Never part of `npm
 * test`.
 *
 * Fair by construction (ADR 039): the server under test and every baseline run on one core and the load
 * generator (this process: autocannon and the sign-in client) on the other, with `taskset` (util-linux); the
 * reads' ratio is to a bare Fastify route with Fastify's own request logging, measured just before each
 * figure, and the baseline without logging is printed beside it.
 */
import { execFileSync, spawn, type ChildProcess, type SpawnOptions } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism, cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import autocannon from 'autocannon';
import pg from 'pg';
import { eq } from 'drizzle-orm';
import { openDatabase } from '../apps/server/src/db/database.ts';
import { loadStartData } from '../apps/server/src/start-data/load-start-data.ts';
import { demoCollector } from '../apps/server/src/start-data/demo-collector.ts';
import { cards } from '../apps/server/src/db/schema/core.ts';
import { createSessionStore } from '../apps/server/src/plugins/session-store.ts';
import { SESSION_COOKIE } from '../apps/server/src/plugins/session.ts';
import { systemClock } from '../apps/server/src/lib/clock.ts';
import { createStaffIdentity } from '../apps/server/src/modules/staff/identity.ts';
import { STAFF_SESSION_COOKIE } from '../apps/server/src/modules/staff/routes.ts';
import { buildServerIfNeeded, serverBundle, serverEnv } from '../scripts/server-build.mjs';
import { buildConsoleIfNeeded, buildWebIfNeeded } from '../scripts/web-build.mjs';
import { pageCost, scriptCost, type Spread } from './bot-check.ts';
import { lighthouseFigures, type LighthouseFigures } from './lighthouse.ts';
import { signInOnce } from './sign-in-flow.ts';
import { printTable, record } from './table.ts';
import { freePort, waitFor } from './server-tools.ts';

const root = path.resolve(import.meta.dirname, '..');
const DURATION_S = Number(process.env.BENCH_SECONDS ?? 5);
/**
 * Lighthouse runs per page: one run's score moves by 0.1 on a busy machine, so the median of several is
 * shown.
 */
const LIGHTHOUSE_RUNS = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 3));
const CONNECTIONS = 50;
/**
 * BENCH_WEB_DIST and BENCH_SERVER_DIST build the web app and the server bundle into folders of their own (as
 * E2E_WEB_DIST does for the journeys), so a bench on a shared checkout does not replace a build in use.
 */
const webDist = path.resolve(root, process.env.BENCH_WEB_DIST ?? 'apps/web/dist');
const bundle = process.env.BENCH_SERVER_DIST
  ? path.resolve(root, process.env.BENCH_SERVER_DIST, 'main.mjs')
  : serverBundle;
/**
 * `BENCH_ONLY=start,bundles,lighthouse,console,bot-check,reads,sign-in,postgres` runs only those sections (all when
 * unset); `BENCH_SKIP=lighthouse` (or any of them) leaves those out.
 */
const only = new Set((process.env.BENCH_ONLY ?? '').split(',').filter(Boolean));
const skip = new Set((process.env.BENCH_SKIP ?? '').split(',').filter(Boolean));
const wants = (section: string) => (only.size === 0 || only.has(section)) && !skip.has(section);

/** The server's core and the load generator's core, or why they cannot be kept apart. */
const SERVER_CPU = '0';
const CLIENT_CPU = '1';
function pinning(): { pinned: true } | { pinned: false; why: string } {
  if (availableParallelism() < 2) return { pinned: false, why: 'fewer than 2 cores' };
  try {
    // The load generator is this process: every thread of it on its core (children pick their own below).
    execFileSync('taskset', ['-a', '-p', '-c', CLIENT_CPU, String(process.pid)], { stdio: 'ignore' });
    return { pinned: true };
  } catch (error) {
    return {
      pinned: false,
      why: `taskset (util-linux) did not run: ${(error as Error).message.split('\n')[0]}`,
    };
  }
}
const pin = pinning();

/**
 * Runs `work` with this process (and what it starts meanwhile) on every core, then back on the client's core.
 */
async function onEveryCore<T>(work: () => Promise<T>): Promise<T> {
  if (!pin.pinned) return work();
  const pinTo = (cpus: string) =>
    execFileSync('taskset', ['-a', '-p', '-c', cpus, String(process.pid)], { stdio: 'ignore' });
  pinTo(`${SERVER_CPU},${CLIENT_CPU}`);
  try {
    return await work();
  } finally {
    pinTo(CLIENT_CPU);
  }
}

/** Node with `args`, on the server's core when the cores can be kept apart (taskset execs: same pid). */
const spawnServerSide = (args: string[], options: SpawnOptions) =>
  pin.pinned
    ? spawn('taskset', ['-c', SERVER_CPU, process.execPath, ...args], options)
    : spawn(process.execPath, args, options);

function startProduct(
  port: number,
  dataDir: string,
  extraEnv: Record<string, string> = {},
  pinned = true,
): ChildProcess {
  // The product as `npm start` runs it: the server bundle with the compile cache, at the default LOG_LEVEL
  // (info: the access log on, one line a request, to standard output as in production, here thrown away).
  return (
    pinned
      ? spawnServerSide
      : (args: string[], options: SpawnOptions) => spawn(process.execPath, args, options)
  )([bundle], {
    cwd: root,
    env: {
      ...serverEnv,
      ...process.env,
      ...(process.env.BENCH_WEB_DIST ? { WEB_DIST_DIR: webDist } : {}),
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
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
  // Not pinned: `npm start` is not, and the embedded database opens in its own thread meanwhile (ADR 025).
  const child = startProduct(port, dataDir, {}, false);
  await waitFor(`http://127.0.0.1:${port}/readyz`);
  const elapsed = performance.now() - started;
  await stop(child);
  return elapsed;
}

/**
 * Every load sends what a browser's call sends beside its cookies: the codings it accepts (Chromium's list).
 */
const BROWSER_HEADERS = { accept: 'application/json', 'accept-encoding': 'gzip, deflate, br, zstd' };

async function load(url: string, extraHeaders: Record<string, string> = {}, warmUp = true) {
  const headers = { ...BROWSER_HEADERS, ...extraHeaders };
  // Warm-up first: the first second includes lazy module loading and JIT compilation.
  if (warmUp) await autocannon({ url, headers, connections: CONNECTIONS, duration: 2 });
  const result = await autocannon({ url, headers, connections: CONNECTIONS, duration: DURATION_S });
  return { rps: result.requests.average, p99: result.latency.p99 };
}

/**
 * The JS a browser downloads before the route can render: the entry, the route's chunk and their static
 * imports.
 */
function routeBundleSizes(): Array<{ route: string; kb: number }> {
  const dist = webDist;
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
  // The lazy modules of src/app/pages.ts: feature pages (`*-page.tsx`) and the few route files
  // (`*-route.ts(x)`).
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
 * A bare Fastify server: `first` is its figure at the start, `again()` measures it once more. The machine's
 * speed drifts from minute to minute (a shared host), so each read's ratio is to the logging baseline
 * measured just before it.
 */
type Baseline = { first: Figures; again: () => Promise<Figures> };
type Baselines = { logging: Baseline; quiet: Baseline };
const row = (name: string, figures: Figures, baseline: Figures) =>
  console.log(
    `  ${name.padEnd(52)} ${figures.rps.toFixed(0).padStart(7)} req/s   p99 ${String(figures.p99).padStart(4)} ms   ${(figures.rps / baseline.rps).toFixed(2)}   ${baseline.rps.toFixed(0).padStart(6)}`,
  );
/** Measures the logging baseline, then the product's `url`; prints the row and puts it in the table. */
const pairedRow = async (
  name: string,
  target: { ratio: number; p99Ms?: number },
  baselines: Baselines,
  url: string,
  cookie?: Record<string, string>,
) => {
  const base = await baselines.logging.again();
  const figures = await load(url, cookie);
  row(name, figures, base);
  const ratio = figures.rps / base.rps;
  record({
    figure: `${name}: req/s to the logging baseline`,
    value: `${ratio.toFixed(2)}x (${figures.rps.toFixed(0)} / ${base.rps.toFixed(0)})`,
    target: `>= ${target.ratio}x`,
    pass: ratio >= target.ratio,
  });
  if (target.p99Ms !== undefined)
    record({
      figure: `${name}: p99 at ${CONNECTIONS} connections`,
      value: `${figures.p99} ms`,
      target: `< ${target.p99Ms} ms`,
      pass: figures.p99 < target.p99Ms,
    });
};

/**
 * A session for the demo collector, written straight into the database the product will use. The database is
 * opened with the product's start-data step, so the demo member is there even before the product's first
 * start.
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
    // The demo admin's console session, for the console's pages.
    const identity = createStaffIdentity({ db: handle.db, clock: systemClock });
    const admin = await identity.findByEmail('admin@example.com');
    return {
      cookie: `${SESSION_COOKIE}=${(await store.create(card?.collectorId ?? '')).token}`,
      staffCookie: `${STAFF_SESSION_COOKIE}=${await identity.startSession(admin?.id ?? '')}`,
      memberId: card?.collectorId ?? '',
    };
  } finally {
    await handle.close();
  }
}

/** The signed-in reads the budgets judge: the homepage's, the card's and the activity's. */
const SIGNED_IN_READS = [
  ['balance', '/balance-api/balance'],
  ['activity, first page', '/nectar-shared-transactions-api/transactions'],
  ['offers list', '/offers-api/offers?type=ALL'],
  ['card', '/customer-management-api/customer/card'],
] as const;
const READ_TARGET = { ratio: 0.5, p99Ms: 25 };
const HEALTHZ_TARGET = { ratio: 0.8, p99Ms: 25 };

async function signedInReads(
  label: string,
  baselines: Baselines,
  options: { dataDir: string; url?: string },
) {
  const port = await freePort();
  const extraEnv: Record<string, string> = options.url ? { DATABASE_URL: options.url } : {};
  // The embedded database admits one process: the session is written before the server opens it.
  let cookie = options.url ? undefined : await demoSessionCookie(options);
  const product = startProduct(port, options.dataDir, extraEnv);
  try {
    await waitFor(`http://127.0.0.1:${port}/readyz`);
    cookie ??= await demoSessionCookie(options);
    const base = `http://127.0.0.1:${port}`;
    const quiet = await baselines.quiet.again();
    row(`${label}: bare Fastify, no logging (baseline)`, quiet, quiet);
    await pairedRow(`${label}: GET /healthz`, HEALTHZ_TARGET, baselines, `${base}/healthz`);
    for (const [name, url] of SIGNED_IN_READS) {
      await pairedRow(`${label}: ${name} (signed in)`, READ_TARGET, baselines, `${base}${url}`, cookie);
    }
  } finally {
    await stop(product);
  }
}

/** Bare argon2id verifications a second at the production cost, on the server's core, `inFlight` at once. */
async function bareArgon2(inFlight: number): Promise<{ perSecond: number; cpuMsEach: number }> {
  const child = spawnServerSide(
    [
      '--import',
      'tsx',
      path.join(root, 'bench/bare-server.ts'),
      'argon2',
      String(DURATION_S),
      String(inFlight),
    ],
    { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  let out = '';
  child.stdout?.on('data', (chunk: Buffer) => (out += chunk.toString()));
  await new Promise((resolve) => child.once('exit', resolve));
  return JSON.parse(out.trim().split('\n').pop() ?? '{}') as { perSecond: number; cpuMsEach: number };
}

/**
 * Whole sign-ins (provider, password with argon2id, code exchange) by many simulated members at once, while
 * /healthz is loaded beside them: hashing runs off the event loop, so /healthz must stay fast.
 */
async function signInFigures(
  label: string,
  baselines: Baselines,
  options: { dataDir: string; url?: string },
) {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  // The provider only returns to the registered redirect address, which is built from PUBLIC_URL.
  const probeDir = mkdtempSync(path.join(tmpdir(), 'lc-bench-loop-'));
  const probeFile = path.join(probeDir, 'event-loop.jsonl');
  const product = startProduct(port, options.dataDir, {
    TRUST_PROXY: '1',
    DEVICE_2FA: 'false',
    PUBLIC_URL: base,
    // The server's side of a sign-in is measured here, not the client's proof of work (the bot-check
    // section).
    BOT_CHECK_COST: '10',
    // The demo member signs in: loaded here too, so BENCH_ONLY=sign-in has it without the reads section's
    // seed.
    DEMO_DATA: 'true',
    NODE_OPTIONS: `--import=${pathToFileURL(path.join(root, 'bench/event-loop-probe.mjs')).href}`,
    EVENT_LOOP_PROBE_FILE: probeFile,
    ...(options.url ? { DATABASE_URL: options.url } : {}),
  });
  const eventLoop = eventLoopProbe(product, probeFile);
  try {
    await waitFor(`${base}/readyz`);
    // One sign-in first (the first of each call compiles and warms up); then the bare hash on the same core,
    // while the product idles, and the idle event loop.
    await signInOnce(base, demoCollector.cardNumber, demoCollector.password, '203.0.113.250');
    // One demo account: more than 5 sign-ins under way at once for one account are refused.
    const concurrency = 5;
    const argon2 = await bareArgon2(concurrency);
    const argon2PerSecond = argon2.perSecond;
    await eventLoop.read();
    await new Promise((resolve) => setTimeout(resolve, DURATION_S * 1000));
    const idle = await eventLoop.read();
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
    // Sign-ins alone: the rate judged against the bare hash, the product's CPU per sign-in (all its threads)
    // and the bench client's, which solves each sign-in's proof of work on its own core.
    const cpuBefore = processCpuSeconds(product.pid);
    const clientBefore = process.cpuUsage();
    deadline = Date.now() + DURATION_S * 1000;
    let started = performance.now();
    await Promise.all(Array.from({ length: concurrency }, worker));
    let seconds = (performance.now() - started) / 1000;
    const alone = done / seconds;
    const client = process.cpuUsage(clientBefore);
    const clientShare = (client.user + client.system) / 1e6 / seconds;
    const serverShare = (processCpuSeconds(product.pid) - cpuBefore) / seconds;
    const perCore = done / (serverShare * seconds);
    const loopAlone = await eventLoop.read();
    done = 0;
    deadline = Date.now() + DURATION_S * 1000;
    started = performance.now();
    const [healthz] = await Promise.all([
      autocannon({ url: `${base}/healthz`, connections: 10, duration: DURATION_S }),
      ...Array.from({ length: concurrency }, worker),
    ]);
    seconds = (performance.now() - started) / 1000;
    const loaded = await eventLoop.read();
    const ratio = alone / argon2PerSecond;
    console.log(
      `  ${label} sign-in: ${alone.toFixed(1)} whole sign-ins/s with ${concurrency} in flight (${failed} failed), ` +
        `bare argon2id ${argon2PerSecond.toFixed(1)} verifications/s on the server's core (${ratio.toFixed(2)}x); ` +
        `server CPU ${(serverShare * 100).toFixed(0)}%, client CPU ${(clientShare * 100).toFixed(0)}% of a core`,
    );
    console.log(
      `  ${label} with GET /healthz loaded beside: ${(done / seconds).toFixed(1)} sign-ins/s; /healthz ` +
        `${healthz.requests.average.toFixed(0)} req/s, p99 ${healthz.latency.p99} ms (10 connections; baseline p99 ` +
        `${baselines.logging.first.p99} ms at 50)`,
    );
    console.log(
      `  ${label} event loop delay p99 (Node's monitorEventLoopDelay, 10 ms timer): idle ${idle.p99.toFixed(1)} ms, ` +
        `sign-ins ${loopAlone.p99.toFixed(1)} ms (${(loopAlone.p99 / idle.p99).toFixed(2)}x; budget 2x), with /healthz ` +
        `beside ${loaded.p99.toFixed(1)} ms, max ${loaded.max.toFixed(1)} ms`,
    );
    console.log(
      `  ${label} sign-ins per second per core of the product's CPU (sign-ins alone): ${perCore.toFixed(1)}`,
    );
    // By CPU instead of by rate (ADR 046): on a machine other people load, the rate measures waiting as much
    // as work (the server used well under its core), while CPU per sign-in and per hash move far less.
    const cpuMsPerSignIn = 1000 / perCore;
    const cpuRatio = argon2.cpuMsEach / cpuMsPerSignIn;
    console.log(
      `  ${label} CPU: ${cpuMsPerSignIn.toFixed(1)} ms of the product's CPU (all threads) per whole sign-in, ` +
        `${argon2.cpuMsEach.toFixed(1)} ms per bare argon2id verification (${cpuRatio.toFixed(2)}x)`,
    );
    record({
      figure: `${label}: CPU per bare hash to CPU per whole sign-in`,
      value: `${cpuRatio.toFixed(2)}x (${argon2.cpuMsEach.toFixed(1)} / ${cpuMsPerSignIn.toFixed(1)} ms)`,
      target: 'reference (the rate at 0.5x needs it >= 0.5x)',
    });
    record({
      figure: `${label}: whole sign-ins/s to bare argon2id verifications/s`,
      value: `${ratio.toFixed(2)}x (${alone.toFixed(1)} / ${argon2PerSecond.toFixed(1)})${failed ? `, ${failed} failed` : ''}`,
      target: '>= 0.5x',
      pass: ratio >= 0.5 && failed === 0,
    });
    const loopRatio = loopAlone.p99 / idle.p99;
    record({
      figure: `${label}: event-loop p99 under sign-ins to idle`,
      value: `${loopRatio.toFixed(2)}x (${loopAlone.p99.toFixed(1)} / ${idle.p99.toFixed(1)} ms)`,
      target: '<= 2x',
      pass: loopRatio <= 2,
    });
    if (firstError) console.log(`  first failure: ${firstError}`);
  } finally {
    await stop(product);
    rmSync(probeDir, { recursive: true, force: true });
  }
}

/** Lighthouse mobile performance of the public pages the budgets name and the signed-in homepage. */
/** Challenges measured each way: the spread of the secret counter shows in a handful. */
const BOT_CHECK_RUNS = 8;

/**
 * The proof of work at the product's own settings: a script's CPU per challenge, and a page's time (ADR 052).
 */
async function botCheckSection(dataDir: string) {
  const port = await freePort();
  const product = startProduct(port, dataDir);
  try {
    const base = `http://localhost:${port}`;
    await waitFor(`${base}/readyz`);
    const script = await scriptCost(base, BOT_CHECK_RUNS);
    // The page's workers share the cores as a phone's would: Chromium starts on both, not the client's one.
    const { laptop, phone } = await onEveryCore(() => pageCost(base, BOT_CHECK_RUNS));
    const ms = ({ min, mean, max }: Spread) =>
      `${min.toFixed(0)} / ${mean.toFixed(0)} / ${max.toFixed(0)} ms`;
    console.log(`\nBot-check proof of work, ${BOT_CHECK_RUNS} challenges each (least / mean / most):`);
    console.log(`  a script (Node, CPU of all its threads): ${ms(script)}`);
    console.log(`  the sign-in page in Chromium, this machine: ${ms(laptop)}`);
    console.log(`  the sign-in page in Chromium, CPU slowed 4x (a mid-range phone): ${ms(phone)}`);
    record({
      figure: 'bot-check: a script, CPU per challenge (least)',
      value: `${script.min.toFixed(0)} ms`,
      target: '>= 300 ms',
      pass: script.min >= 300,
    });
    record({
      figure: 'bot-check: phone page, CPU 4x slower (most)',
      value: `${phone.max.toFixed(0)} ms`,
      target: '<= 1500 ms',
      pass: phone.max <= 1500,
    });
  } finally {
    await stop(product);
  }
}

/** The staff console's pages, each as the demo admin sees it (docs/performance.md "Budgets": desktop 0.95). */
const CONSOLE_PAGES = (memberId: string) => [
  `/console/?q=${demoCollector.cardNumber}`,
  `/console/members/${memberId}`,
  '/console/approvals',
  '/console/claims',
  '/console/audit',
];

async function consoleLighthouseSection(dataDir: string) {
  const port = await freePort();
  const { staffCookie, memberId } = await demoSessionCookie({ dataDir });
  const product = startProduct(port, dataDir);
  try {
    const base = `http://localhost:${port}`;
    await waitFor(`${base}/readyz`);
    // The member's page opens after the careline check, recorded for this session.
    const checked = await fetch(`${base}/staff-api/members/${memberId}/caller-check`, {
      method: 'POST',
      headers: { channel: 'JS-WEB', 'content-type': 'application/json', cookie: staffCookie },
      body: JSON.stringify({ notCheckedBecause: 'Measuring the page' }),
    });
    if (!checked.ok) throw new Error(`the caller check answered ${checked.status}`);
    const runs: LighthouseFigures[][] = [];
    for (let run = 0; run < LIGHTHOUSE_RUNS; run++) {
      runs.push([
        ...(await lighthouseFigures([`${base}/console/sign-in`], undefined, 'desktop')),
        ...(await lighthouseFigures(
          CONSOLE_PAGES(memberId).map((page) => `${base}${page}`),
          staffCookie,
          'desktop',
        )),
      ]);
    }
    console.log(
      `\nLighthouse, desktop, the staff console (budget 0.95), the median of ${LIGHTHOUSE_RUNS} runs:`,
    );
    for (const [i, first] of (runs[0] ?? []).entries()) {
      // The run with the median score stands for the page.
      const page = runs.map((figures) => figures[i] ?? first).sort((a, b) => a.score - b.score);
      const figure = page[Math.floor(page.length / 2)] ?? first;
      const pathname = new URL(figure.url).pathname;
      console.log(
        `  ${figure.score.toFixed(2)}  LCP ${(figure.lcpMs / 1000).toFixed(1)} s  CLS ${figure.cls.toFixed(3)}  ` +
          `TBT ${figure.tbtMs.toFixed(0)} ms  JS ${(figure.scriptBytes / 1024).toFixed(0)} KB  ${pathname}`,
      );
      record({
        figure: `Lighthouse desktop ${pathname}: score`,
        value: figure.score.toFixed(2),
        target: '>= 0.95',
        pass: figure.score >= 0.95,
      });
    }
  } finally {
    await stop(product);
  }
}

async function lighthouseSection(dataDir: string) {
  const port = await freePort();
  // The embedded database admits one process: the session is written before the server opens it.
  const { cookie } = await demoSessionCookie({ dataDir });
  const product = startProduct(port, dataDir);
  try {
    const base = `http://localhost:${port}`;
    await waitFor(`${base}/readyz`);
    const publicPages = new Set(['/welcome', '/id/start/nectar-card-check', '/id/start/login']);
    const pages = [...publicPages].map((page) => `${base}${page}`);
    const runs: LighthouseFigures[][] = [];
    for (let run = 0; run < LIGHTHOUSE_RUNS; run++) {
      runs.push([
        ...(await lighthouseFigures(pages)),
        ...(await lighthouseFigures([`${base}/homepage`], cookie)),
      ]);
    }
    console.log(
      `\nLighthouse, mobile (simulated slow 4G, 4x CPU), performance (budget 0.95, LCP 1.5 s, CLS 0.05), median of ${LIGHTHOUSE_RUNS} runs (range):`,
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
      const jsKb = median(page.map((figure) => figure.scriptBytes)) / 1024;
      // A figure Lighthouse could not give (NaN) is left out of the median; none at all is said, not passed.
      const shifts = page.map((figure) => figure.cls).filter(Number.isFinite);
      const blocking = page.map((figure) => figure.tbtMs).filter(Number.isFinite);
      const shift = (value: number) => value.toFixed(3);
      const ms = (value: number) => value.toFixed(0);
      const pathname = new URL(first.url).pathname;
      console.log(
        `  ${score(median(scores))}${range(scores, score)}  LCP ${seconds(median(lcps))} s${range(lcps, seconds)}  ` +
          `CLS ${shift(median(shifts))}${range(shifts, shift)}  TBT ${ms(median(blocking))} ms${range(blocking, ms)}  ` +
          `JS ${jsKb.toFixed(0)} KB transferred  ${pathname}`,
      );
      // Public pages keep 1.00 and LCP 1.0 s with at most 100 KB of JS; signed-in pages 0.95 and 1.5 s
      // (docs/performance.md).
      const isPublic = publicPages.has(pathname);
      const page_ = `Lighthouse ${pathname}${isPublic ? '' : ' (signed in)'}`;
      const minScore = isPublic ? 1 : 0.95;
      const maxLcp = isPublic ? 1.0 : 1.5;
      record({
        figure: `${page_}: score`,
        value: score(median(scores)),
        target: `>= ${minScore.toFixed(2)}`,
        pass: median(scores) >= minScore,
      });
      record({
        figure: `${page_}: LCP`,
        value: `${median(lcps).toFixed(2)} s`,
        target: `<= ${maxLcp.toFixed(1)} s`,
        pass: median(lcps) <= maxLcp,
      });
      const cls = median(shifts);
      record({
        figure: `${page_}: CLS`,
        value: shifts.length > 0 ? shift(cls) : 'not measured',
        target: '<= 0.05',
        pass: shifts.length > 0 ? cls <= 0.05 : undefined,
      });
      // Total blocking time has no target of its own in docs/performance.md "Budgets": shown because it is
      // what holds the score.
      const tbt = median(blocking);
      record({
        figure: `${page_}: total blocking time`,
        value: blocking.length > 0 ? `${ms(tbt)} ms` : 'not measured',
        target: 'none (part of the score)',
      });
      record({
        figure: `${page_}: JS transferred (first route)`,
        value: `${jsKb.toFixed(0)} KB`,
        target: isPublic ? '<= 100 KB' : 'none',
        pass: isPublic ? jsKb <= 100 : undefined,
      });
    }
  } catch (error) {
    console.log(`\nLighthouse could not run: ${(error as Error).message}`);
    record({
      figure: 'Lighthouse',
      value: `not measured: ${(error as Error).message}`,
      target: 'the Lighthouse budgets (docs/performance.md)',
    });
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

/** The PostgreSQL server to measure too, or why there is none. */
async function postgresServer(): Promise<{ url: string } | { why: string }> {
  const url = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (!url) return { why: 'neither BENCH_DATABASE_URL nor TEST_DATABASE_URL is set' };
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query('SELECT 1');
    return { url };
  } catch (error) {
    return { why: `${new URL(url).host} did not answer: ${(error as Error).message}` };
  } finally {
    await client.end().catch(() => undefined);
  }
}

function startBaseline(port: number, mode: 'quiet' | 'logging') {
  return spawnServerSide(['--import', 'tsx', path.join(root, 'bench/bare-server.ts'), String(port), mode], {
    cwd: root,
    // Its log lines go where the product's go in the bench: thrown away, each still written.
    stdio: 'ignore',
  });
}

const machineLoad = () =>
  loadavg()
    .map((value) => value.toFixed(1))
    .join(' ');

async function main() {
  const benchStarted = performance.now();
  const loadAtStart = machineLoad();
  console.log(
    pin.pinned
      ? `Server and baselines on core ${SERVER_CPU}, load generator on core ${CLIENT_CPU} (taskset).`
      : `Not pinned to cores (${pin.why}): server and load generator share the machine's cores.`,
  );
  buildWebIfNeeded(webDist);
  if (wants('console')) buildConsoleIfNeeded();
  await buildServerIfNeeded(bundle);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'lc-bench-'));
  try {
    // The first start after a build also fills Node's compile cache (a deployment's first start only): told,
    // not judged. Then the cold start proper on a fresh DATA_DIR (migrations and seed), which every later
    // section uses, and the warm start: its second start.
    const firstDir = mkdtempSync(path.join(tmpdir(), 'lc-bench-first-'));
    const first = wants('start') ? await timeStart(firstDir) : 0;
    rmSync(firstDir, { recursive: true, force: true });
    const cold = await timeStart(dataDir);
    if (wants('start')) {
      console.log(`start-up after a build (fills the compile cache, fresh DATA_DIR): ${first.toFixed(0)} ms`);
      const warm = await timeStart(dataDir);
      const third = await timeStart(dataDir);
      console.log(
        `start-up, spawn of the server bundle to /readyz 200 (as npm start runs it, not pinned): cold (empty DATA_DIR, ` +
          `migrations and seed) ${cold.toFixed(0)} ms; warm ${warm.toFixed(0)} ms, then ${third.toFixed(0)} ms`,
      );
      record({
        figure: 'cold start (fresh DATA_DIR)',
        value: `${cold.toFixed(0)} ms`,
        target: '< 6000 ms',
        pass: cold < 6000,
      });
      record({
        figure: 'warm start (second start)',
        value: `${warm.toFixed(0)} ms`,
        target: '< 2000 ms',
        pass: warm < 2000,
      });
    }

    if (wants('bundles')) {
      const sizes = routeBundleSizes();
      console.log('\nJS needed for the first render, gzip (budget 100 KB for public pages):');
      for (const { route, kb } of sizes) console.log(`  ${kb.toFixed(1).padStart(6)} KB  ${route}`);
    }

    if (wants('lighthouse')) await lighthouseSection(dataDir);
    else
      record({
        figure: 'Lighthouse',
        value: 'not measured (BENCH_SKIP/BENCH_ONLY)',
        target: 'the Lighthouse budgets (docs/performance.md)',
      });
    if (wants('console')) await consoleLighthouseSection(dataDir);
    if (wants('bot-check')) await botCheckSection(dataDir);
    if (!wants('reads') && !wants('sign-in') && !wants('postgres')) return;

    const [loggingPort, quietPort] = [await freePort(), await freePort()];
    const loggingBare = startBaseline(loggingPort, 'logging');
    const quietBare = startBaseline(quietPort, 'quiet');
    try {
      const loggingUrl = `http://127.0.0.1:${loggingPort}/healthz`;
      const quietUrl = `http://127.0.0.1:${quietPort}/healthz`;
      await waitFor(loggingUrl);
      await waitFor(quietUrl);
      const baselines: Baselines = {
        logging: { first: await load(loggingUrl), again: () => load(loggingUrl, {}, false) },
        quiet: { first: await load(quietUrl), again: () => load(quietUrl, {}, false) },
      };
      console.log(
        `\n${CONNECTIONS} connections, ${DURATION_S} s each after a 2 s warm-up; ratio to the logging baseline measured ` +
          'just before each figure, and that baseline (req/s)',
      );
      row(
        'bare Fastify GET /healthz, Fastify request logging',
        baselines.logging.first,
        baselines.logging.first,
      );
      row('bare Fastify GET /healthz, no logging', baselines.quiet.first, baselines.logging.first);
      record({
        figure: 'baselines: bare Fastify /healthz with / without logging',
        value: `${baselines.logging.first.rps.toFixed(0)} / ${baselines.quiet.first.rps.toFixed(0)} req/s`,
        target: 'reference',
      });
      if (wants('reads')) await signedInReads('PGlite', baselines, { dataDir });
      if (wants('sign-in')) await signInFigures('PGlite', baselines, { dataDir });
      if (!wants('postgres')) return;
      const server = await postgresServer();
      if ('url' in server) {
        await withFreshPostgres(server.url, async (url) => {
          await signedInReads('PostgreSQL', baselines, { dataDir, url });
          await signInFigures('PostgreSQL', baselines, { dataDir, url });
        });
      } else {
        console.log(`\n  PostgreSQL not measured: ${server.why}`);
        record({
          figure: 'PostgreSQL reads and sign-in',
          value: `not measured: ${server.why}`,
          target: 'as PGlite',
        });
      }
    } finally {
      await stop(loggingBare);
      await stop(quietBare);
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
    printTable();
    // Other people's processes share the cores: their load is what pinning cannot keep out.
    console.log(
      `load average at the start ${loadAtStart}, at the end ${machineLoad()} (${cpus().length} cores: the machine's, not the pinned process's)`,
    );
    console.log(`npm run bench took ${((performance.now() - benchStarted) / 1000).toFixed(0)} s`);
  }
}

await main();
