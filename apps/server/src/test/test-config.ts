import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { readConfig, type Config } from '../env.ts';

/** A web build stand-in so the SPA fallback can be tested without running Vite. */
const fakeWebDist = () => {
  const dir = path.join(tmpdir(), `lc-web-${randomBytes(4).toString('hex')}`);
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>app</title><div id="root"></div>');
  return dir;
};

/** A test app's settings: quiet, no bot-check, tester tools on (tests drive journeys with /dev/*). */
export const testConfig = (env: Record<string, string> = {}, overrides: Partial<Config> = {}): Config => ({
  ...readConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    BOT_CHECK: 'off',
    DEV_TOOLS: env.NODE_ENV === 'production' ? 'off' : 'on',
    ...env,
  }),
  webDistDir: fakeWebDist(),
  inMemoryDatabase: true,
  ...overrides,
});

const adminUrl = () => {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('the server tests on PostgreSQL need TEST_DATABASE_URL');
  return url;
};

/** The address of database `name` on the TEST_DATABASE_URL server. */
export const databaseUrl = (name: string) => {
  const url = new URL(adminUrl());
  url.pathname = `/${name}`;
  return url.toString();
};

/** One statement on the TEST_DATABASE_URL server's own database (CREATE and DROP DATABASE). */
export async function adminQuery(statement: string) {
  const admin = new pg.Client({ connectionString: adminUrl() });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}
