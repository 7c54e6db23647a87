/**
 * `npm run bench:volume` (ADR 036; docs/performance.md "Budgets"): loads members and their ledger into a
 * PostgreSQL database with COPY (kept between runs: a second run of the same size skips the load), starts the
 * server bundle on it as `npm start` does, and prints start-up time, p50/p99 and req/s at 20 connections for
 * the member reads and a spend, each request for another member, the server's memory after reads for 10,000
 * members and once its caches have expired, and the plans of the reads' main queries. Never part of `npm
 * test`.
 *
 *   npm run bench:volume                                 1,000,000 members, 20,000,000 ledger entries
 *   npm run bench:volume -- --members 100000 --ledger 2000000
 *   npm run bench:volume -- --fresh                      drop the database and load again
 *   npm run bench:volume -- --only spend --profile       one route, with a CPU profile of the server
 *   npm run bench:volume -- --only ledger-check           the nightly ledger check over the whole ledger
 *   npm run bench:volume -- --only sales                  the partner API's sales at 50 connections, one key
 * x50
 *   npm run bench:volume -- --only search                 the staff console's member search
 *
 * VOLUME_DATABASE_URL names the PostgreSQL server (default postgres://root@127.0.0.1:5432/postgres); the
 * database is lc_volume on it.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { PARTNER_API_PREFIX } from '@app/contracts/partner-api';
import { HASHED_SECRET_PREFIX } from '../../apps/server/src/lib/partner-clients.ts';
import { hashOf } from '../../apps/server/src/lib/token-hash.ts';
import { SESSION_COOKIE } from '../../apps/server/src/plugins/session.ts';
import { STAFF_SESSION_COOKIE } from '../../apps/server/src/modules/staff/routes.ts';
import { activityStart, encodeCursor } from '../../apps/server/src/modules/transactions/service.ts';
import { REWARDS } from '../../apps/server/src/modules/vouchers/rewards.ts';
import { buildServerIfNeeded, serverArgs, serverEnv } from '../../scripts/server-build.mjs';
import {
  cardNumberOf,
  collectorIdOf,
  loadedSize,
  load,
  ONLINE_EVERY,
  postcodeOf,
  prepareDatabase,
} from './load.ts';
import { memberReadPlans } from './plans.ts';
import { freePort, waitFor } from '../server-tools.ts';

const root = path.resolve(import.meta.dirname, '../..');
const { values: options } = parseArgs({
  options: {
    members: { type: 'string', default: '1000000' },
    ledger: { type: 'string', default: '20000000' },
    fresh: { type: 'boolean', default: false },
    seconds: { type: 'string', default: '10' },
    only: { type: 'string' },
    profile: { type: 'boolean', default: false },
  },
});
const size = { members: Number(options.members), ledger: Number(options.ledger) };
const SECONDS = Number(options.seconds);
const CONNECTIONS = 20;
/** Distinct members read before the memory figure (before ADR 032: 41 KB a member, never given back). */
const MEMORY_MEMBERS = 10_000;
/**
 * docs/performance.md "Budgets": a signed-in read's p99 at 50 connections; the spend has no budget of its own
 * there.
 */
const READ_P99_BUDGET_MS = 25;
/** A careline's searches a second, and the connections they come on (its agents' browsers, a few at once). */
const SEARCH_RATE = 40;
const SEARCH_CONNECTIONS = 4;
/** docs/performance.md "Budgets": the staff console's member search, p99 with 1 million members. */
const SEARCH_P99_BUDGET_MS = 50;
const DATABASE_NAME = 'lc_volume';
const adminUrl = process.env.VOLUME_DATABASE_URL ?? 'postgres://root@127.0.0.1:5432/postgres';
const only = new Set((options.only ?? '').split(',').filter(Boolean));
const wants = (name: string) => only.size === 0 || only.has(name);
const SPEND_REWARD = REWARDS.find((reward) => reward.id === 'retailer-2-50') ?? REWARDS[0];

const log = (text: string) => console.log(text);

/** Linux: resident memory (VmRSS) and CPU seconds (utime + stime, all threads) of a process. */
const rssMb = (pid: number) =>
  Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;
const cpuSeconds = (pid: number) => {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
};

/** Sessions written straight into the database for `members`, one cookie each (the app's hashing). */
async function sessionCookies(url: string, members: string[]): Promise<Map<string, string>> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const cookies = new Map<string, string>();
  try {
    const stream = client.query(
      copyFrom(
        'COPY sessions (id_hash, collector_id, created_at, last_seen_at, expires_at, data) FROM STDIN',
      ),
    );
    const now = new Date();
    const expires = new Date(now.getTime() + 12 * 3_600_000).toISOString();
    const lines: string[] = [];
    for (const member of members) {
      const token = randomBytes(32).toString('base64url');
      cookies.set(member, `${SESSION_COOKIE}=${token}`);
      lines.push(`${hashOf(token)}\t${member}\t${now.toISOString()}\t${now.toISOString()}\t${expires}\t{}\n`);
    }
    await new Promise<void>((resolve, reject) => {
      stream.once('finish', resolve);
      stream.once('error', reject);
      stream.end(lines.join(''));
    });
  } finally {
    await client.end();
  }
  return cookies;
}

interface Figures {
  p50: number;
  p99: number;
  rps: number;
  requests: number;
  failed: number;
  /** Server CPU (all its threads) per request, ms. */
  cpuMs: number;
}

/**
 * `connections` clients for `SECONDS`, each request for the next member of `targets` (path and cookie, and
 * the body when it is a spend).
 */
async function measure(
  pid: number,
  base: string,
  targets: Array<{
    path: string;
    cookie: string;
    body?: () => string;
    headers?: () => Record<string, string>;
  }>,
  method: 'GET' | 'POST' = 'GET',
  seconds = SECONDS,
  connections = CONNECTIONS,
  /** Requests a second across all connections: a steady load instead of as many as the server takes. */
  overallRate?: number,
): Promise<Figures> {
  let next = 0;
  const cpuBefore = cpuSeconds(pid);
  const result = await autocannon({
    url: base,
    connections,
    duration: seconds,
    ...(overallRate ? { overallRate } : {}),
    requests: [
      {
        method,
        setupRequest: (request) => {
          const target = targets[next++ % targets.length];
          if (!target) return request;
          return {
            ...request,
            path: target.path,
            headers: {
              ...request.headers,
              cookie: target.cookie,
              ...(method === 'POST' ? { channel: 'JS-WEB', 'content-type': 'application/json' } : {}),
              ...target.headers?.(),
            },
            ...(target.body ? { body: target.body() } : {}),
          };
        },
      },
    ],
  });
  const cpu = cpuSeconds(pid) - cpuBefore;
  const failed = result.non2xx + result.errors + result.timeouts;
  return {
    p50: result.latency.p50,
    p99: result.latency.p99,
    rps: result.requests.average,
    requests: result.requests.total,
    failed,
    cpuMs: (cpu * 1000) / Math.max(1, result.requests.total),
  };
}

/** Reads every member's `paths` once, 20 at a time: the memory figure's reads. */
async function readEach(base: string, members: string[], cookies: Map<string, string>, paths: string[]) {
  let index = 0;
  const worker = async () => {
    while (index < members.length) {
      const member = members[index++];
      if (!member) break;
      for (const route of paths) {
        const answer = await fetch(`${base}${route}`, { headers: { cookie: cookies.get(member) ?? '' } });
        await answer.arrayBuffer();
      }
    }
  };
  await Promise.all(Array.from({ length: CONNECTIONS }, worker));
}

/** The top functions by self time in the server's CPU profile(s) under `dir`. */
function topOfProfile(dir: string, count = 15) {
  for (const file of readdirSync(dir).filter((name) => name.endsWith('.cpuprofile'))) {
    const profile = JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as {
      nodes: Array<{ id: number; callFrame: { functionName: string; url: string; lineNumber: number } }>;
      samples: number[];
      timeDeltas: number[];
    };
    const byNode = new Map(profile.nodes.map((node) => [node.id, node]));
    const self = new Map<string, number>();
    let total = 0;
    profile.samples.forEach((id, index) => {
      const frame = byNode.get(id)?.callFrame;
      const delta = profile.timeDeltas[index] ?? 0;
      total += delta;
      if (!frame) return;
      const key = `${frame.functionName || '(anonymous)'} ${path.basename(frame.url)}:${frame.lineNumber + 1}`;
      self.set(key, (self.get(key) ?? 0) + delta);
    });
    log(`\nCPU profile of the server (${file}), self time, top ${count}:`);
    for (const [key, micros] of [...self].sort((a, b) => b[1] - a[1]).slice(0, count)) {
      log(`  ${((100 * micros) / total).toFixed(1).padStart(5)} %  ${key}`);
    }
  }
}

async function main() {
  log(
    `Data volume: ${size.members.toLocaleString('en-GB')} members, ${size.ledger.toLocaleString('en-GB')} ledger entries`,
  );
  const url = await prepareDatabase(adminUrl, DATABASE_NAME, options.fresh);
  const loaded = await loadedSize(url);
  if (loaded && loaded.members === size.members && loaded.ledger === size.ledger) {
    log(`  ${DATABASE_NAME} already holds this size: no load (--fresh loads again)`);
  } else {
    log(`  loading into ${DATABASE_NAME} with COPY`);
    await load(url, size, log);
  }
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  const { rows: sizeRows } = await admin.query<{ size: string }>(
    'SELECT pg_size_pretty(pg_database_size(current_database())) AS size',
  );
  const { rows: ledgerSize } = await admin.query<{ heap: string; indexes: string; entries: string }>(
    `SELECT pg_size_pretty(pg_table_size('points_ledger')) AS heap,
            pg_size_pretty(pg_indexes_size('points_ledger')) AS indexes,
            (SELECT reltuples::bigint FROM pg_class WHERE relname = 'points_ledger') AS entries`,
  );
  log(
    `  database size ${sizeRows[0]?.size}; ledger ${Number(ledgerSize[0]?.entries).toLocaleString('en-GB')} entries, ` +
      `${ledgerSize[0]?.heap} of rows and ${ledgerSize[0]?.indexes} of indexes`,
  );

  // The members read: "online" members (the whole offer catalogue), picked at random, distinct.
  const online = Math.ceil(size.members / ONLINE_EVERY);
  const picked = new Set<number>();
  const want = Math.min(online, Math.max(MEMORY_MEMBERS, 40_000));
  while (picked.size < want) picked.add(Math.floor(Math.random() * online) * ONLINE_EVERY);
  const members = [...picked].map(collectorIdOf);
  const cardsOfMembers = [...picked].map(cardNumberOf);
  const cookies = await sessionCookies(url, members);

  // The deep page: members with at least 8 pages since the activity start, from their 8th page on.
  const { rows: heavy } = await admin.query<{ collector_id: string; n: string }>(
    `SELECT collector_id, count(*) AS n FROM points_ledger WHERE collector_id = ANY($1) AND created_at >= $2
     GROUP BY collector_id HAVING count(*) >= 170 LIMIT 2000`,
    [members, activityStart],
  );
  const deep: Array<{ member: string; token: string }> = [];
  for (const row of heavy) {
    const { rows } = await admin.query<{ created_at: Date; id: string }>(
      `SELECT created_at, id FROM points_ledger WHERE collector_id = $1 AND created_at >= $2
       ORDER BY created_at DESC, id DESC OFFSET 149 LIMIT 1`,
      [row.collector_id, activityStart],
    );
    const at = rows[0];
    if (at) deep.push({ member: row.collector_id, token: encodeCursor({ at: at.created_at, id: at.id }) });
  }
  // The spend: members whose balance holds a few vouchers.
  const { rows: rich } = await admin.query<{ collector_id: string }>(
    `SELECT collector_id FROM points_ledger WHERE collector_id = ANY($1)
     GROUP BY collector_id HAVING sum(amount) >= $2`,
    [members.slice(0, 20_000), 4 * (SPEND_REWARD?.points ?? 500)],
  );
  await admin.end();
  log(
    `  ${members.length.toLocaleString('en-GB')} members signed in; ${deep.length} with a deep page; ${rich.length} who can spend`,
  );

  const built = await buildServerIfNeeded();
  if (built) log('  server bundle built');
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'lc-volume-'));
  const profileDir = path.join(dataDir, 'profile');
  const started = performance.now();
  const server: ChildProcess = spawn(
    process.execPath,
    [...(options.profile ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : []), ...serverArgs],
    {
      cwd: root,
      env: {
        ...process.env,
        ...serverEnv,
        DATABASE_URL: url,
        PORT: String(port),
        HOST: '127.0.0.1',
        PUBLIC_URL: base,
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
        NODE_ENV: 'production',
        BOT_CHECK: 'altcha',
        DEMO_DATA: 'false',
      },
      stdio: ['ignore', 'inherit', 'inherit'],
    },
  );
  const rows: Array<{ name: string; value: string; budget: string; verdict: string }> = [];
  try {
    await waitFor(`${base}/readyz`);
    const startMs = performance.now() - started;
    const pid = server.pid ?? 0;
    rows.push({
      name: 'start-up (spawn to /readyz 200)',
      value: `${startMs.toFixed(0)} ms`,
      budget: 'no work per member',
      verdict: '',
    });
    const rssReady = rssMb(pid);

    const target = (route: (member: string) => string) =>
      members.map((member) => ({ path: route(member), cookie: cookies.get(member) ?? '' }));
    const reads: Array<[string, Array<{ path: string; cookie: string }>]> = [
      ['balance', target(() => '/balance-api/balance')],
      ['activity, first page', target(() => '/nectar-shared-transactions-api/transactions')],
      [
        'activity, deep page (8th)',
        deep.map(({ member, token }) => ({
          path: `/nectar-shared-transactions-api/transactions?nextToken=${token}`,
          cookie: cookies.get(member) ?? '',
        })),
      ],
      ['offers list', target(() => '/offers-api/offers?type=ALL')],
      ['card', target(() => '/customer-management-api/customer/card')],
      ['card barcode', target(() => '/customer-management-api/customer/nectar-id')],
    ];
    // A short warm-up: the first calls compile the routes.
    await measure(pid, base, target(() => '/balance-api/balance').slice(-500), 'GET', 2);
    const figure = (name: string, figures: Figures, budget?: number) =>
      rows.push({
        name: `${name}`,
        value:
          `p50 ${figures.p50} ms, p99 ${figures.p99} ms, ${figures.rps.toFixed(0)} req/s, ` +
          `${figures.cpuMs.toFixed(1)} ms CPU/req` +
          (figures.failed ? `, ${figures.failed} of ${figures.requests} failed` : ''),
        budget: budget ? `p99 ${budget} ms` : '-',
        verdict: budget ? (figures.p99 <= budget && !figures.failed ? 'pass' : 'short') : '',
      });
    for (const [name, targets] of reads) {
      if (!wants(name.split(',')[0]?.split(' ')[0] ?? name)) continue;
      if (targets.length === 0) {
        rows.push({ name, value: 'no member with enough entries', budget: '', verdict: 'short' });
        continue;
      }
      figure(name, await measure(pid, base, targets), READ_P99_BUDGET_MS);
    }
    if (wants('spend') && SPEND_REWARD) {
      const spenders = rich.map(({ collector_id: member }) => ({
        path: '/offers-api/redemptions',
        cookie: cookies.get(member) ?? '',
        body: () => JSON.stringify({ rewardId: SPEND_REWARD.id, idempotencyKey: randomUUID() }),
      }));
      figure(
        `spend (POST /offers-api/redemptions, ${SPEND_REWARD.id})`,
        await measure(pid, base, spenders, 'POST'),
      );
    }
    if (wants('sales')) {
      const token = await partnerToken(base, url);
      const authorised = () => ({ authorization: `Bearer ${token}`, 'idempotency-key': randomUUID() });
      const sellers = cardsOfMembers.map((card) => ({
        path: `${PARTNER_API_PREFIX}/sales`,
        cookie: '',
        headers: authorised,
        body: () => JSON.stringify(benchSale(card)),
      }));
      figure(
        `sale with offers (POST ${PARTNER_API_PREFIX}/sales), ${SALE_CONNECTIONS} connections`,
        await measure(pid, base, sellers, 'POST', SECONDS, SALE_CONNECTIONS),
        SALE_P99_BUDGET_MS,
      );
      rows.push(await sameKeyRow(base, token, cardsOfMembers.at(-1) ?? ''));
    }
    if (wants('search')) {
      const cookie = await staffCookie(url);
      // What a careline types as a caller reads it out: a card number in groups, an email, the start of a name,
      // a postcode with a last name; each request for another member.
      const queries = [...picked].map((member, index) => {
        const card = cardNumberOf(member);
        return [
          `${card.slice(0, 4)} ${card.slice(4, 8)} ${card.slice(8, 12)} ${card.slice(12)}`,
          `member${member}@volume.example`,
          `Member${member} Vol`,
          `${postcodeOf(member)} Volume${member % 997}`,
        ][index % 4] as string;
      });
      const searches = queries.map((q) => ({
        path: `/staff-api/members?q=${encodeURIComponent(q)}`,
        cookie,
      }));
      // The budget is a careline's: SEARCH_RATE searches a second (a floor of 1,200 agents, each searching every
      // 30 s, the busiest hour's rate). As many as the server takes, on 20 connections, is its capacity: there
      // the wait is queueing, shown without a budget.
      figure(
        `staff console member search (GET /staff-api/members), ${SEARCH_RATE} a second`,
        await measure(pid, base, searches, 'GET', SECONDS, SEARCH_CONNECTIONS, SEARCH_RATE),
        SEARCH_P99_BUDGET_MS,
      );
      figure(
        `staff console member search, as many as it takes on ${CONNECTIONS} connections`,
        await measure(pid, base, searches),
      );
    }
    if (wants('memory')) {
      const readMembers = members.slice(0, MEMORY_MEMBERS);
      await readEach(base, readMembers, cookies, [
        '/balance-api/balance',
        '/nectar-shared-transactions-api/transactions',
        '/offers-api/offers?type=ALL',
        '/customer-management-api/customer/card',
      ]);
      const afterReads = rssMb(pid);
      // The longest cache life is 30 s and each cache clears its expired entries every life: two lives and a
      // bit.
      await new Promise((resolve) => setTimeout(resolve, 70_000));
      const idle = rssMb(pid);
      rows.push({
        name: 'server memory (RSS)',
        value:
          `ready ${rssReady.toFixed(0)} MB, after the runs above and reads for ` +
          `${readMembers.length.toLocaleString('en-GB')} of them ${afterReads.toFixed(0)} MB, ` +
          `idle 70 s later ${idle.toFixed(0)} MB`,
        budget: 'bounded',
        // Bounded: what stays once the caches have expired is within their budgets (about 130 MB in all).
        verdict: idle - rssReady <= 130 ? 'pass' : 'short',
      });
    }
  } finally {
    await new Promise<void>((resolve) => {
      server.once('exit', () => resolve());
      server.kill('SIGTERM');
    });
  }
  if (options.profile) topOfProfile(profileDir);
  rmSync(dataDir, { recursive: true, force: true });

  // A member with many entries (the deep page's) and the first member read, most often one with a few.
  const planned = [
    ['a member with many entries', deep[0]?.member],
    ['a member picked at random', members[0]],
  ] as const;
  const plans: Array<[string, Awaited<ReturnType<typeof memberReadPlans>>]> = [];
  for (const [who, member] of planned) {
    if (wants('plans') && member) plans.push([who, await memberReadPlans(url, member)]);
  }

  // The nightly ledger check, as an operator runs it (npm run ledger:check), over the whole ledger after the
  // spends.
  if (wants('ledger-check')) rows.push(await ledgerCheckRow(url));

  const width = Math.max(...rows.map((row) => row.name.length));
  log(
    `\n${CONNECTIONS} connections, ${SECONDS} s each, every request for another member; budget: docs/performance.md "Budgets"; ` +
      `load average at the end ${loadavg()[0]?.toFixed(1)} on ${availableParallelism()} cores`,
  );
  for (const row of rows) {
    log(`  ${row.name.padEnd(width)}  ${row.value}  ${row.budget ? `(${row.budget})` : ''} ${row.verdict}`);
  }
  for (const [who, figures] of plans) {
    log(`\nEXPLAIN (ANALYZE, BUFFERS) of the reads, for ${who}:`);
    for (const plan of figures) {
      log(
        `  ${plan.read.padEnd(22)} ${plan.access.padEnd(52)} ${plan.ms.toFixed(2).padStart(7)} ms ${String(plan.buffers).padStart(5)} buffers  ${plan.bounded ? 'index scan bounded by the member' : 'NOT bounded by the member'}`,
      );
    }
  }
}

/** The partner API's sale budget at 50 connections (a till waits on it with the member at the counter). */
const SALE_CONNECTIONS = 50;
const SALE_P99_BUDGET_MS = 50;
const BENCH_CLIENT = { id: 'bench-till', secret: randomBytes(24).toString('base64url') };

/** A retailer's basket that meets offers members load (the catalogue's SKUs) and a line no offer names. */
const benchSale = (cardNumber: string) => ({
  member: { cardNumber },
  storeId: 'store-0001',
  tillId: 'till-1',
  receiptId: `B-${randomUUID()}`,
  occurredAt: new Date().toISOString(),
  lines: [
    { sku: 'sourdough-loaves', category: 'bakery', quantity: 2, amount: 380 },
    { sku: 'sparkling-water', category: 'drinks', quantity: 1, amount: 95 },
    { sku: 'washing-up-liquid', category: 'household', quantity: 1, amount: 225 },
    { sku: 'bench-other', category: 'household', quantity: 3, amount: 1797 },
  ],
  total: 2497,
});

/**
 * A partner client for the bench, with no per-minute limit worth the name, written straight into the database
 * (as `npm run partners -- add` would, its secret hashed); answers a token from the token endpoint.
 */
/** A console session for an agent of the bench, written straight into the database: its cookie. */
async function staffCookie(databaseUrl: string) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const token = randomBytes(32).toString('base64url');
  try {
    const { rows } = await client.query<{ id: string }>(
      `INSERT INTO staff_members (email, name, role) VALUES ('bench-agent@example.com', 'Bench agent', 'agent')
       ON CONFLICT (email) DO UPDATE SET name = excluded.name RETURNING id`,
    );
    await client.query(
      `INSERT INTO staff_sessions (id_hash, staff_id, created_at, last_seen_at, expires_at)
       VALUES ($1, $2, now(), now(), now() + interval '8 hours')`,
      [hashOf(token), rows[0]?.id],
    );
  } finally {
    await client.end();
  }
  return `${STAFF_SESSION_COOKIE}=${token}`;
}

async function partnerToken(base: string, databaseUrl: string) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(
      `INSERT INTO partner_clients (client_id, partner_id, name, scopes, secret_hashes, requests_per_minute)
       VALUES ($1, 'retailer', 'Bench till', ARRAY['points:earn', 'members:read'], ARRAY[$2], 100000000)
       ON CONFLICT (client_id) DO UPDATE SET secret_hashes = excluded.secret_hashes, scopes = excluded.scopes,
         requests_per_minute = excluded.requests_per_minute, revoked_at = NULL`,
      [BENCH_CLIENT.id, `${HASHED_SECRET_PREFIX}${hashOf(BENCH_CLIENT.secret)}`],
    );
  } finally {
    await client.end();
  }
  const answer = await fetch(`${base}/oauth2/token`, {
    method: 'POST',
    headers: {
      authorization: `Basic ${Buffer.from(`${BENCH_CLIENT.id}:${BENCH_CLIENT.secret}`).toString('base64')}`,
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: 'grant_type=client_credentials&scope=points%3Aearn%20members%3Aread',
  });
  if (!answer.ok) throw new Error(`no partner token: ${answer.status} ${await answer.text()}`);
  return ((await answer.json()) as { access_token: string }).access_token;
}

/** The same Idempotency-Key and sale sent 50 times at once: every answer the same sale, awarded once. */
async function sameKeyRow(base: string, token: string, cardNumber: string) {
  const key = randomUUID();
  const body = JSON.stringify(benchSale(cardNumber));
  const balanceOf = async () => {
    const answer = await fetch(`${base}${PARTNER_API_PREFIX}/members/${cardNumber}/balance`, {
      headers: { authorization: `Bearer ${token}` },
    });
    if (!answer.ok) throw new Error(`no balance: ${answer.status}`);
    return ((await answer.json()) as { balance: number }).balance;
  };
  const before = await balanceOf();
  const answers = await Promise.all(
    Array.from({ length: SALE_CONNECTIONS }, () =>
      fetch(`${base}${PARTNER_API_PREFIX}/sales`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${token}`,
          'idempotency-key': key,
          'content-type': 'application/json',
        },
        body,
      }).then(async (answer) => ({
        status: answer.status,
        body: (await answer.json()) as { saleId?: string; pointsAwarded?: number },
      })),
    ),
  );
  const gained = (await balanceOf()) - before;
  const awarded = answers[0]?.body.pointsAwarded ?? -1;
  const created = answers.filter((answer) => answer.status === 201).length;
  const sales = new Set(answers.map((answer) => answer.body.saleId)).size;
  return {
    name: `same Idempotency-Key x${SALE_CONNECTIONS} at once`,
    value: `${created} answered 201, ${sales} distinct sale id(s), balance up ${gained} for ${awarded} awarded`,
    budget: 'one sale, awarded once',
    verdict: created === SALE_CONNECTIONS && sales === 1 && gained === awarded ? 'pass' : 'short',
  };
}

/** `npm run ledger:check -- --json` against the loaded database: its time and what it found. */
async function ledgerCheckRow(databaseUrl: string) {
  const started = performance.now();
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(root, 'apps/server/src/cli/ledger-check.ts'), '--json'],
    { cwd: root, env: { ...process.env, DATABASE_URL: databaseUrl }, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  let out = '';
  child.stdout?.on('data', (chunk: Buffer) => (out += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  const ms = performance.now() - started;
  const report = JSON.parse(out || '{}') as { entries?: number; problems?: number; tookMs?: number };
  return {
    name: 'ledger check (npm run ledger:check)',
    value:
      `${(report.entries ?? 0).toLocaleString('en-GB')} entries: ${report.problems ?? '?'} problems in ` +
      `${((report.tookMs ?? 0) / 1000).toFixed(1)} s (the command: ${(ms / 1000).toFixed(1)} s, exit ${code})`,
    budget: 'within the night',
    verdict: code === 0 ? 'pass' : 'short',
  };
}

await main();
