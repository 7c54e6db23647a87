import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, inject } from 'vitest';
import { freePort } from '../../../../scripts/browser-tools.mjs';
import type { TestApp } from './build-test-app.ts';
import { adminQuery, databaseUrl } from './test-config.ts';

const root = path.resolve(import.meta.dirname, '../../../..');

/**
 * A database for a server process: a copy of the test run's template database (database-template.ts), so the
 * server starts as on any later start instead of loading the demo data (about 40 s on a busy 2-core machine).
 * On PostgreSQL its own database (DATABASE_URL); on PGlite the archived cluster unpacked into `dataDir`.
 */
export async function templateDatabase(
  dataDir: string,
): Promise<{ env: Record<string, string>; url?: string; drop: () => Promise<void> }> {
  const template = inject('databaseTemplate');
  if (template.kind === 'postgres') {
    const name = `lc_test_${randomBytes(6).toString('hex')}`;
    await adminQuery(`CREATE DATABASE ${name} TEMPLATE ${template.name}`);
    return {
      env: { DATABASE_URL: databaseUrl(name) },
      url: databaseUrl(name),
      drop: () => adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
    };
  }
  const cluster = path.join(dataDir, 'pglite');
  mkdirSync(cluster, { recursive: true });
  execFileSync('tar', ['-xf', template.archive, '-C', cluster], { stdio: 'ignore' });
  return { env: {}, drop: () => Promise.resolve() };
}

/** A port nothing listens on now, chosen by the system (the scripts' own). */
export { freePort };

export interface ServerProcess {
  base: string;
  child: ChildProcess;
  /** What it printed so far (warnings and errors: LOG_LEVEL=warn). */
  output: () => string;
  /** Stops it with `signal` (SIGKILL: as a crash) and waits until it is gone. */
  stop: (signal?: NodeJS.Signals) => Promise<void>;
}

/**
 * The server as `npm start` starts it (main.ts under tsx), on a free port, with the tester tools on and the
 * bot check off, waiting until /readyz answers. `env` adds or overrides settings (DATABASE_URL, BRAND_FILE...).
 */
export async function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  const port = await freePort();
  const base = `http://localhost:${port}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'lc-server-data-'));
  let output = '';
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      BOT_CHECK: 'off',
      DEV_TOOLS: 'on',
      LOG_LEVEL: 'warn',
      // Node's compile cache: a test that starts several servers compiles the server's modules once.
      NODE_COMPILE_CACHE: path.join(root, 'node_modules/.cache/node-compile'),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async (signal: NodeJS.Signals = 'SIGTERM') => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    await exited;
    rmSync(dataDir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 150_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server stopped:\n${output}`);
    const ready = await fetch(`${base}/readyz`).then(
      (res) => res.ok,
      () => false,
    );
    if (ready) break;
    if (Date.now() > deadline) {
      await stop('SIGKILL');
      throw new Error(`the server did not start in time:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return { base, child, output: () => output, stop };
}

/**
 * What a crash test shares (PostgreSQL only): a copy of the template database, the servers it starts on it
 * (killed at the end whatever happened) and the test app that reads the books after them, closed at the end.
 * Call it in the `describe` of the test.
 */
export function crashScene() {
  let drop = () => Promise.resolve();
  const scene = {
    databaseUrl: '',
    servers: [] as ServerProcess[],
    after: undefined as TestApp | undefined,
    /** Starts `count` servers on the database together and answers them. */
    async start(count: number) {
      const started = await Promise.all(
        Array.from({ length: count }, () => startServerProcess({ DATABASE_URL: scene.databaseUrl })),
      );
      scene.servers.push(...started);
      return started;
    },
  };
  beforeAll(async () => {
    const database = await templateDatabase('');
    scene.databaseUrl = database.url ?? '';
    drop = database.drop;
  });
  afterAll(async () => {
    await Promise.all(scene.servers.map((server) => server.stop('SIGKILL')));
    await scene.after?.close();
    await drop();
  });
  return scene;
}

/**
 * Sends a burst at once and kills `server` (SIGKILL) as soon as `share` of it has answered, the rest still in
 * flight, whatever the machine's load; then waits for every call to end (answered or cut off).
 */
export async function killMidBurst(
  server: ServerProcess,
  burst: ReadonlyArray<() => Promise<unknown>>,
  share: number,
) {
  const enough = Math.max(1, Math.round(burst.length * share));
  let answered = 0;
  let reached = () => {};
  const killed = new Promise<void>((resolve) => (reached = resolve));
  const calls = burst.map((send) =>
    send()
      .then(() => {
        answered += 1;
        if (answered >= enough) reached();
      })
      .catch(() => reached()),
  );
  await killed;
  await server.stop('SIGKILL');
  await Promise.all(calls);
}
