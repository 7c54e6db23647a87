import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../app.ts';
import { openPGliteThread } from '../db/pglite-thread.ts';
import { readConfig, type Config } from '../env.ts';
import { PGLITE_TEMPLATE_ENV } from './pglite-template.ts';

/** A web build stand-in so the SPA fallback can be tested without running Vite. */
const fakeWebDist = () => {
  const dir = path.join(tmpdir(), `lc-web-${randomBytes(4).toString('hex')}`);
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>app</title><div id="root"></div>');
  return dir;
};

/**
 * A fresh PostgreSQL database per app when the suite runs against the server (TEST_DB=postgres), dropped on
 * close; otherwise an in-memory PGlite.
 */
async function freshPostgresDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
  const name = `lc_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

export interface TestApp {
  app: FastifyInstance;
  config: Config;
  close: () => Promise<void>;
}

export async function buildTestApp(
  env: Record<string, string> = {},
  overrides: Partial<Config> = {},
): Promise<TestApp> {
  const usePostgres = process.env.TEST_DB === 'postgres';
  const database = usePostgres ? await freshPostgresDatabase() : undefined;
  const config: Config = {
    // Tests drive journeys with the tester tools (/dev/session, /dev/outbox), so they are on here.
    ...readConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      BOT_CHECK: 'off',
      DEV_TOOLS: env.NODE_ENV === 'production' ? 'off' : 'on',
      ...env,
    }),
    webDistDir: fakeWebDist(),
    ...(database ? { databaseUrl: database.url } : { inMemoryDatabase: true }),
    ...overrides,
  };
  // An in-memory database starts from the migrated cluster of the run (pglite-template.ts).
  const thread = config.databaseUrl
    ? undefined
    : openPGliteThread(undefined, process.env[PGLITE_TEMPLATE_ENV]);
  const app = await buildApp(config, { thread });
  await app.ready();
  return {
    app,
    config,
    close: async () => {
      await app.close();
      await database?.drop();
    },
  };
}

/** Headers the web client sends on every state-changing call. */
export const jsWeb = { channel: 'JS-WEB', 'content-type': 'application/json' } as const;
