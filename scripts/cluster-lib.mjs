// Several instances of the server behind HAProxy (ADR 034): what `npm run cluster`
// (scripts/cluster.mjs) and the cluster journey (e2e/cluster.spec.ts) share. Each instance is the bundle `npm start`
// runs (scripts/server-build.mjs), on one PostgreSQL and one Redis; HAProxy from Debian's packages balances them
// round robin and takes an instance out when its /readyz stops answering 200.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createConnection } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { freePort } from './browser-tools.mjs';
import { serverArgs, serverEnv } from './server-build.mjs';

const root = path.resolve(import.meta.dirname, '..');

/** The local PostgreSQL (as the system user, like psql) and Redis, when nothing else is named. */
export const LOCAL_POSTGRES = `postgres://${encodeURIComponent(userInfo().username)}@127.0.0.1:5432/postgres`;
export const LOCAL_REDIS = 'redis://127.0.0.1:6379';

/**
 * HAProxy's health checks: every 500 ms, out after 2 failures, back after 1 success. An instance that starts
 * draining is out of the rotation within about 1.5 s, so its grace (SHUTDOWN_GRACE_MS) is 3 s here.
 */
const CHECK = { interMs: 500, fall: 2, rise: 1 };
export const CLUSTER_GRACE_MS = 3_000;

const delay = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** HAPROXY_PATH, Debian's /usr/sbin/haproxy, or the first on PATH; undefined when there is none. */
export function findHaproxy() {
  const candidates = [process.env.HAPROXY_PATH, '/usr/sbin/haproxy', '/usr/local/sbin/haproxy'];
  const found = candidates.find((candidate) => candidate && existsSync(candidate));
  if (found) return found;
  const which = spawnSync('sh', ['-c', 'command -v haproxy'], { encoding: 'utf8' });
  return which.status === 0 ? which.stdout.trim() : undefined;
}

/** What a cluster needs and this machine lacks (HAProxy, PostgreSQL at `adminUrl`, Redis at `redisUrl`): [] when nothing. */
export async function clusterProblems({ adminUrl, redisUrl }) {
  return [
    findHaproxy() ? undefined : 'HAProxy is not installed (Debian: apt-get install -y haproxy)',
    await postgresProblem(adminUrl),
    await redisProblem(redisUrl),
  ].filter(Boolean);
}

/** Whether PostgreSQL answers at `url` within 2 s: undefined when it does, else why not. */
export async function postgresProblem(url) {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2_000 });
  client.on('error', () => undefined);
  try {
    await client.connect();
    await client.query('SELECT 1');
    return undefined;
  } catch (error) {
    return `PostgreSQL at ${redact(url)} does not answer (${error instanceof Error ? error.message : error})`;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** Whether Redis answers PING at `url` within 2 s: undefined when it does, else why not. */
export function redisProblem(url) {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = createConnection({ host: hostname || '127.0.0.1', port: Number(port || 6379) });
    const done = (problem) => {
      socket.destroy();
      resolve(problem);
    };
    socket.setTimeout(2_000, () => done(`Redis at ${url} does not answer (no reply in 2 s)`));
    socket.on('error', (error) => done(`Redis at ${url} does not answer (${error.message})`));
    socket.on('connect', () => socket.write('PING\r\n'));
    socket.on('data', (data) =>
      done(
        /^\+PONG/.test(data.toString()) ? undefined : `Redis at ${url} answered ${data.toString().trim()}`,
      ),
    );
  });
}

const redact = (url) => {
  const parsed = new URL(url);
  if (parsed.password) parsed.password = '***';
  return parsed.toString();
};

/**
 * A database of its own on the PostgreSQL server `adminUrl` names (`lc_cluster_<random>`), so a cluster run
 * collides with no other; `drop()` removes it (and ends what is still connected to it).
 */
export async function createDatabase(adminUrl) {
  const name = `lc_cluster_${randomBytes(5).toString('hex')}`;
  const admin = async (statement) => {
    const client = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 5_000 });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { name, url: url.toString(), drop: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

/** Polls `check` every 100 ms until it answers true; throws `message` after `timeoutMs`. */
async function until(check, { timeoutMs, message }) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check().catch(() => false))) {
    if (Date.now() > deadline) throw new Error(message);
    await delay(100);
  }
}

/**
 * Starts instance `name` of the server bundle on `port`; answers once its /readyz answers 200. `env` is the whole
 * environment it gets besides its port, name and data folder.
 */
export async function startInstance({ name, port, env, output = 'inherit', startTimeoutMs = 180_000 }) {
  const dataDir = mkdtempSync(path.join(tmpdir(), `lc-cluster-${name}-`));
  const child = spawn(process.execPath, serverArgs, {
    cwd: root,
    stdio: ['ignore', output, output],
    env: { ...env, PORT: String(port), HOST: '127.0.0.1', INSTANCE_NAME: name, DATA_DIR: dataDir },
  });
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve(code ?? signal)));
  const instance = { name, port, url: `http://127.0.0.1:${port}`, child, exited, dataDir };
  try {
    await until(
      async () => {
        if (child.exitCode !== null || child.signalCode !== null) throw new Error('exited');
        return (await fetch(`${instance.url}/readyz`)).status === 200;
      },
      {
        timeoutMs: startTimeoutMs,
        message: `instance ${name} was not ready within ${startTimeoutMs / 1000} s`,
      },
    );
    if (child.exitCode !== null)
      throw new Error(`instance ${name} exited with ${child.exitCode} while starting`);
  } catch (error) {
    child.kill('SIGKILL');
    await exited;
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  return instance;
}

/** Sends `signal` (SIGTERM: a graceful shutdown) and answers the exit code once the process is gone. */
export async function stopInstance(instance, signal = 'SIGTERM') {
  if (instance.child.exitCode === null && instance.child.signalCode === null) instance.child.kill(signal);
  const code = await instance.exited;
  rmSync(instance.dataDir, { recursive: true, force: true });
  return code;
}

/** HAProxy's configuration: round robin over `servers`, health checks on /readyz, X-Forwarded-For added. */
export function haproxyConfig({ port, servers }) {
  return `global
  maxconn 4096

defaults
  mode http
  option forwardfor
  option http-keep-alive
  # No retries: a request an instance failed shows in the counts instead of being hidden by a second try (in a
  # rolling restart without the drain, 56 of 1,784 requests failed; retries with option redispatch hid them all).
  retries 0
  timeout connect 2s
  timeout client 60s
  timeout server 60s
  timeout http-keep-alive 10s
  timeout check 2s

frontend web
  bind 127.0.0.1:${port}
  default_backend instances

backend instances
  balance roundrobin
  option httpchk
  http-check send meth GET uri /readyz
  http-check expect status 200
  default-server inter ${CHECK.interMs}ms fastinter ${CHECK.interMs}ms downinter ${CHECK.interMs}ms fall ${CHECK.fall} rise ${CHECK.rise}
${servers.map((server) => `  server ${server.name} 127.0.0.1:${server.port} check`).join('\n')}
`;
}

/** Starts HAProxy on `port` in front of `servers`, with its configuration in a folder of its own. */
export async function startBalancer({ port, servers, output = 'inherit' }) {
  const haproxy = findHaproxy();
  if (!haproxy) throw new Error('HAProxy is not installed (Debian: apt-get install -y haproxy)');
  const dir = mkdtempSync(path.join(tmpdir(), 'lc-haproxy-'));
  const configFile = path.join(dir, 'haproxy.cfg');
  writeFileSync(configFile, haproxyConfig({ port, servers }));
  const check = spawnSync(haproxy, ['-c', '-q', '-f', configFile], { encoding: 'utf8' });
  if (check.status !== 0) throw new Error(`HAProxy refused ${configFile}: ${check.stderr}${check.stdout}`);
  // -db: in the foreground, so it ends with this process's signal.
  const child = spawn(haproxy, ['-db', '-f', configFile], { cwd: dir, stdio: ['ignore', output, output] });
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve(code ?? signal)));
  const url = `http://127.0.0.1:${port}`;
  await until(async () => (await fetch(`${url}/healthz`)).status === 200, {
    timeoutMs: 15_000,
    message: `HAProxy on ${url} did not pass a request to an instance within 15 s`,
  });
  return {
    url,
    configFile,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * Starts `instances` instances and HAProxy in front of them. They share `databaseUrl` and `redisUrl` (rate-limit
 * keys under a prefix of this cluster's own), believe the balancer's X-Forwarded-For (TRUST_PROXY) and send
 * their name in X-Instance. `env` adds to or overrides the server's settings.
 */
export async function startCluster({
  instances = 2,
  databaseUrl,
  redisUrl = LOCAL_REDIS,
  env = {},
  balancerPort,
  output = 'inherit',
}) {
  const port = balancerPort ?? (await freePort());
  const url = `http://127.0.0.1:${port}`;
  const devTools = process.env.DEV_TOOLS ?? (process.env.NODE_ENV === 'production' ? undefined : 'on');
  const instanceEnv = {
    ...serverEnv,
    ...process.env,
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
    ...(devTools ? { DEV_TOOLS: devTools } : {}),
    DATABASE_URL: databaseUrl,
    REDIS_URL: redisUrl,
    REDIS_KEY_PREFIX: `lc:cluster-${port}:`,
    PUBLIC_URL: url,
    TRUST_PROXY: '127.0.0.1',
    SHUTDOWN_GRACE_MS: String(CLUSTER_GRACE_MS),
    ...env,
  };
  const ports = [];
  for (let i = 0; i < instances; i += 1) ports.push(await freePort());
  const names = ports.map((_, i) => `app-${i + 1}`);
  const started = [];
  const stopAll = async () => {
    await Promise.all(started.map((instance) => stopInstance(instance, 'SIGTERM')));
  };
  try {
    // The first migrates and loads the start data into an empty database; the others then find it done.
    started.push(await startInstance({ name: names[0], port: ports[0], env: instanceEnv, output }));
    started.push(
      ...(await Promise.all(
        ports
          .slice(1)
          .map((p, i) => startInstance({ name: names[i + 1], port: p, env: instanceEnv, output })),
      )),
    );
  } catch (error) {
    await stopAll();
    throw error;
  }
  let balancer;
  try {
    balancer = await startBalancer({ port, servers: started, output });
  } catch (error) {
    await stopAll();
    throw error;
  }
  const cluster = {
    url,
    instances: started,
    env: instanceEnv,
    configFile: balancer.configFile,
    /** Stops instance `index` gracefully (SIGTERM), starts it again on its port, and waits until it is back. */
    async restart(index) {
      const old = cluster.instances[index];
      const stopping = Date.now();
      const exitCode = await stopInstance(old, 'SIGTERM');
      const stoppedMs = Date.now() - stopping;
      const starting = Date.now();
      const fresh = await startInstance({ name: old.name, port: old.port, env: instanceEnv, output });
      cluster.instances[index] = fresh;
      // Back in the rotation once HAProxy's check passed: an answer through the balancer comes from it.
      await until(async () => (await fetch(`${url}/healthz`)).headers.get('x-instance') === old.name, {
        timeoutMs: 15_000,
        message: `${old.name} did not come back into the balancer's rotation within 15 s`,
      });
      return { name: old.name, exitCode, stoppedMs, backMs: Date.now() - starting };
    },
    async stop() {
      await balancer.stop();
      await Promise.all(cluster.instances.map((instance) => stopInstance(instance, 'SIGTERM')));
    },
  };
  return cluster;
}

/**
 * Load through the balancer: `concurrency` loops, each sending the next of `requests` ({path, headers}) as soon
 * as its last one was answered. Counts every request sent, answered (a 2xx or 3xx) and failed (any other status
 * or a connection error), and which instance answered (X-Instance). `stop()` ends the loops and answers the counts.
 */
export function startLoad({ url, requests, concurrency = 8 }) {
  const counts = { sent: 0, answered: 0, failed: 0, byInstance: {}, failures: {} };
  let running = true;
  let next = 0;
  const loop = async () => {
    while (running) {
      const request = requests[next++ % requests.length];
      counts.sent += 1;
      try {
        const response = await fetch(`${url}${request.path}`, {
          headers: request.headers,
          redirect: 'manual',
        });
        await response.arrayBuffer();
        const instance = response.headers.get('x-instance') ?? 'none';
        counts.byInstance[instance] = (counts.byInstance[instance] ?? 0) + 1;
        if (response.status < 400) counts.answered += 1;
        else {
          counts.failed += 1;
          const key = `${response.status} ${request.path} (${instance})`;
          counts.failures[key] = (counts.failures[key] ?? 0) + 1;
        }
      } catch (error) {
        counts.failed += 1;
        const key = `${error?.cause?.code ?? error?.message ?? error} ${request.path}`;
        counts.failures[key] = (counts.failures[key] ?? 0) + 1;
      }
    }
  };
  const loops = Array.from({ length: concurrency }, loop);
  return {
    counts,
    async stop() {
      running = false;
      await Promise.all(loops);
      return counts;
    },
  };
}

/**
 * A signed-in member's reads and a visitor's (balance, offers, profile; the remote configuration and the
 * homepage), for the load of a rolling restart. Makes a member of its own with the tester tool through the
 * balancer (DEV_TOOLS on).
 */
export async function readsOfAMember(url) {
  const made = await fetch(`${url}/dev/account-member`, {
    method: 'POST',
    headers: { channel: 'JS-WEB', 'content-type': 'application/json' },
    body: JSON.stringify({ points: 1_000 }),
  });
  if (made.status !== 200) throw new Error(`no member made: ${made.status} ${await made.text()}`);
  const cookie = made.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
  const signedIn = { cookie, channel: 'JS-WEB', accept: 'application/json' };
  return [
    { path: '/balance-api/balance', headers: signedIn },
    { path: '/anonymous-platform-status-api/remote-config', headers: { accept: 'application/json' } },
    { path: '/offers-api/offers?type=ALL', headers: signedIn },
    { path: '/', headers: { accept: 'text/html' } },
    { path: '/customer-management-api/customer/v2', headers: signedIn },
  ];
}

/**
 * A rolling restart under load: restarts each instance in turn (SIGTERM, its exit, a start, back in rotation)
 * while `concurrency` loops read through the balancer. Answers the counts and each restart's figures; the
 * target is failed 0.
 */
export async function rollingRestartUnderLoad(cluster, { concurrency = 8, log = () => undefined } = {}) {
  const requests = await readsOfAMember(cluster.url);
  const load = startLoad({ url: cluster.url, requests, concurrency });
  const restarts = [];
  const started = Date.now();
  try {
    for (let i = 0; i < cluster.instances.length; i += 1) {
      log(`restarting ${cluster.instances[i].name}…`);
      const restart = await cluster.restart(i);
      log(
        `  ${restart.name}: exited ${restart.exitCode} ${restart.stoppedMs} ms after SIGTERM, back in rotation ${restart.backMs} ms after its start`,
      );
      restarts.push(restart);
    }
  } finally {
    await load.stop();
  }
  return { ...load.counts, restarts, seconds: (Date.now() - started) / 1000 };
}
