// @databases one: the shared limits live in Redis or in memory, not in the database.
import { randomBytes } from 'node:crypto';
import { createServer, Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, jsWeb, type TestApp } from '../test/build-test-app.ts';

const REDIS_URL = 'redis://127.0.0.1:6379';

/** Whether a Redis server answers PING at REDIS_URL within a second. */
async function redisAnswers(): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = new Socket();
    const done = (answer: boolean) => {
      socket.destroy();
      resolve(answer);
    };
    socket.setTimeout(1_000, () => done(false));
    socket.once('error', () => done(false));
    socket.once('data', (data) => done(data.toString().startsWith('+PONG')));
    socket.connect(6379, '127.0.0.1', () => socket.write('PING\r\n'));
  });
}

const redisUp = await redisAnswers();
if (!redisUp)
  console.log(`shared-limits.test.ts: skipping the two-instance test, no Redis answers at ${REDIS_URL}`);

/** The email sign-in's code request: 5 a minute per client (session-api/routes.ts). */
const askForCode = (t: TestApp, client: string) =>
  t.app.inject({
    method: 'POST',
    url: '/session-api/session/request',
    headers: jsWeb,
    remoteAddress: client,
    payload: { email: 'nobody@example.com' },
  });

describe.runIf(redisUp)('per-client limits shared by two instances through Redis', () => {
  let first: TestApp;
  let second: TestApp;
  beforeAll(async () => {
    // A prefix of this run's own, so runs side by side and earlier runs' counts do not meet.
    const env = { REDIS_URL, REDIS_KEY_PREFIX: `lc-test-${randomBytes(6).toString('hex')}:` };
    [first, second] = await Promise.all([buildTestApp(env), buildTestApp(env)]);
  });
  afterAll(async () => Promise.all([first.close(), second.close()]));

  it('answers the 6th sign-in request from one client 429, whichever instance it lands on', async () => {
    const client = '203.0.113.61';
    const instances = [first, second, first, second, first];
    for (const instance of instances) expect((await askForCode(instance, client)).statusCode).toBe(200);

    const sixth = await askForCode(second, client);
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json()).toEqual({
      code: 'TOO_MANY_REQUESTS',
      description: 'Too many attempts. Please wait a moment and try again.',
    });
    expect(Number(sixth.headers['retry-after'])).toBeGreaterThan(0);
    expect((await askForCode(first, client)).statusCode).toBe(429);
    // Another client behind the same instances has its own allowance.
    expect((await askForCode(second, '203.0.113.62')).statusCode).toBe(200);
  });
});

describe('per-client limits while Redis does not answer', () => {
  let t: TestApp;
  let closed: number;
  beforeAll(async () => {
    // A port nobody listens on: taken, then released.
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const address = probe.address();
    closed = typeof address === 'object' && address ? address.port : 1;
    await new Promise((resolve) => probe.close(resolve));
    t = await buildTestApp({ REDIS_URL: `redis://127.0.0.1:${closed}` });
  });
  afterAll(async () => t.close());

  it('counts in the instance instead, so the limit still holds and no request waits for Redis', async () => {
    const client = '203.0.113.71';
    const started = Date.now();
    for (let i = 0; i < 5; i += 1) expect((await askForCode(t, client)).statusCode).toBe(200);
    expect((await askForCode(t, client)).statusCode).toBe(429);
    expect(Date.now() - started).toBeLessThan(5_000);
  });
});
