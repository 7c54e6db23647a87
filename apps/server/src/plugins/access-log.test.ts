// @databases one: the rules it tests go through the API and the repositories alike on both databases; nothing it asserts depends on the kind.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.ts';
import { openPGliteThread } from '../db/pglite-thread.ts';
import { jsWeb } from '../test/build-test-app.ts';
import { adminQuery, databaseUrl, testConfig } from '../test/test-config.ts';

/** The server at its default LOG_LEVEL (info), its lines kept here instead of written to standard output. */
const lines: string[] = [];
let app: FastifyInstance;
let database: string | undefined;

beforeAll(async () => {
  const template = inject('databaseTemplate');
  if (template.kind === 'postgres') {
    database = `lc_test_${randomBytes(6).toString('hex')}`;
    await adminQuery(`CREATE DATABASE ${database} TEMPLATE ${template.name}`);
  }
  const config = testConfig({ LOG_LEVEL: 'info' }, database ? { databaseUrl: databaseUrl(database) } : {});
  const thread = template.kind === 'pglite' ? openPGliteThread(undefined, template.archive) : undefined;
  app = await buildApp(config, { thread, logStream: { write: (line) => lines.push(line) } });
  await app.ready();
});

afterAll(async () => {
  await app.close();
  if (database) await adminQuery(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
});

describe('access log', () => {
  it('writes one line per request, at completion, with what an operator needs and no secret', async () => {
    const member = await app.inject({
      method: 'POST',
      url: '/dev/account-member',
      headers: jsWeb,
      payload: {},
    });
    expect(member.statusCode).toBe(200);
    const cookie = [member.cookies]
      .flat()
      .map((c) => `${c.name}=${c.value}`)
      .join('; ');
    const sessionValue = member.cookies.find((c) => c.name.includes('session'))?.value ?? 'none';
    lines.length = 0;

    const answer = await app.inject({
      method: 'GET',
      url: '/balance-api/balance?code=query-secret-123',
      headers: {
        cookie,
        authorization: 'Bearer authorization-secret-456',
        'x-request-id': 'bench-request-0001',
      },
    });
    expect(answer.statusCode).toBe(200);

    expect(lines).toHaveLength(1);
    const line = lines[0] ?? '';
    expect(line.endsWith('\n')).toBe(true);
    expect(JSON.parse(line)).toMatchObject({
      level: 30,
      msg: 'request completed',
      reqId: 'bench-request-0001',
      method: 'GET',
      route: '/balance-api/balance',
      statusCode: 200,
      responseTime: expect.any(Number) as number,
      ip: '127.0.0.1',
    });
    for (const secret of [sessionValue, 'authorization-secret-456', 'query-secret-123', 'Bearer'])
      expect(line).not.toContain(secret);
    expect(line).not.toMatch(/cookie|authorization/i);
  });

  it('names a path no route matched by no route, not by the path', async () => {
    lines.length = 0;
    const answer = await app.inject({ method: 'GET', url: '/balance-api/token-in-path-789' });
    expect(answer.statusCode).toBe(404);
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0] ?? '{}')).toMatchObject({ route: '(no route)', statusCode: 404 });
    expect(lines[0]).not.toContain('token-in-path-789');
  });
});
