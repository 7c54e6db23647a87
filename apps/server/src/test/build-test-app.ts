import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { inject } from 'vitest';
import { buildApp } from '../app.ts';
import { openPGliteThread } from '../db/pglite-thread.ts';
import { cards } from '../db/schema/core.ts';
import { SESSION_COOKIE } from '../plugins/session.ts';
import type { Config } from '../env.ts';
import { adminQuery, databaseUrl, testConfig } from './test-config.ts';

export interface TestApp {
  app: FastifyInstance;
  config: Config;
  close: () => Promise<void>;
}

/**
 * A server for one test file, on a database that starts as a first start leaves it: migrated, with the demo data
 * (database-template.ts). On PostgreSQL (the server-postgres project) each app gets a database of its own, made
 * from the template and dropped on close; on PGlite an in-memory copy of the archived cluster.
 */
export async function buildTestApp(
  env: Record<string, string> = {},
  overrides: Partial<Config> = {},
): Promise<TestApp> {
  const template = inject('databaseTemplate');
  let database: string | undefined;
  if (template.kind === 'postgres' && !overrides.databaseUrl) {
    database = `lc_test_${randomBytes(6).toString('hex')}`;
    await adminQuery(`CREATE DATABASE ${database} TEMPLATE ${template.name}`);
  }
  const config = testConfig(env, {
    ...(database ? { databaseUrl: databaseUrl(database) } : {}),
    ...overrides,
  });
  const thread =
    config.databaseUrl || template.kind !== 'pglite'
      ? undefined
      : openPGliteThread(undefined, template.archive);
  const app = await buildApp(config, { thread });
  await app.ready();
  return {
    app,
    config,
    close: async () => {
      await app.close();
      if (database) await adminQuery(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
    },
  };
}

/** Headers the web client sends on every state-changing call. */
export const jsWeb = { channel: 'JS-WEB', 'content-type': 'application/json' } as const;

/** A fresh member of its own, signed in (the tester tool `POST /dev/account-member`): its answer, checked. */
export async function newAccountMember(t: TestApp, options: { points?: number; offers?: 'demo' } = {}) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/dev/account-member',
    headers: jsWeb,
    payload: options,
  });
  if (response.statusCode !== 200) throw new Error(`no member made: ${response.statusCode} ${response.body}`);
  return response;
}

/** A fresh member of its own, signed in: its card, email, id and session cookie, for `app.inject` calls. */
export async function signedInMember(t: TestApp) {
  const response = await newAccountMember(t);
  const body = response.json<{ cardNumber: string; email: string }>();
  const [card] = await t.app.db
    .select({ collectorId: cards.collectorId })
    .from(cards)
    .where(eq(cards.number, body.cardNumber));
  const session = response.cookies.find((cookie) => cookie.name === SESSION_COOKIE)?.value ?? '';
  return { ...body, id: card?.collectorId ?? '', cookies: { [SESSION_COOKIE]: session } };
}
