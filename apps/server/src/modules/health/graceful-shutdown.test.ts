// @databases both: a shutdown closes the database thread or the pool, each its own way.
import { connect, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { shutDownGracefully } from './graceful-shutdown.ts';

/** Everything the server writes on `socket` until it closes the connection. */
const readUntilClosed = (socket: Socket) =>
  new Promise<string>((resolve, reject) => {
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => resolve(Buffer.concat(chunks).toString('utf8')));
  });

describe('graceful shutdown loses no request', () => {
  let t: TestApp;
  let port: number;
  let base: string;
  beforeAll(async () => {
    t = await buildTestApp({ INSTANCE_NAME: 'app-1' });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
    base = `http://127.0.0.1:${port}`;
  });
  afterAll(async () => t.close());

  it('turns not ready at once, serves through the grace, refuses connections after it and finishes the request in flight', async () => {
    const ready = await fetch(`${base}/readyz`);
    expect(ready.status).toBe(200);
    expect(ready.headers.get('x-instance')).toBe('app-1');

    // A kept-alive connection left idle after its answer, as a balancer's pool holds them.
    const idle = connect(port, '127.0.0.1');
    const idleClosed = readUntilClosed(idle);
    idle.write(`GET /healthz HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n\r\n`);
    await new Promise((resolve) => idle.once('data', resolve));

    // A request in flight when the signal comes: its headers are in, its body still on the way.
    const arrived = new Promise((resolve) => t.app.server.once('request', resolve));
    const inFlight = connect(port, '127.0.0.1');
    const answer = readUntilClosed(inFlight);
    inFlight.write(
      [
        'POST /dev/account-member HTTP/1.1',
        `Host: 127.0.0.1:${port}`,
        'channel: JS-WEB',
        'content-type: application/json',
        'content-length: 2',
        '',
        '{',
      ].join('\r\n'),
    );
    await arrived;

    let exitCode: number | undefined;
    const shutdown = shutDownGracefully(t.app, { graceMs: 1_500, timeoutMs: 20_000 }).then(
      (code) => (exitCode = code),
    );

    // At once: not ready, so the balancer's next check takes the instance out; the answer closes its connection.
    const draining = await fetch(`${base}/readyz`);
    expect(draining.status).toBe(503);
    expect(await draining.json()).toEqual({ status: 'unavailable' });
    expect(draining.headers.get('connection')).toBe('close');
    // Work that still arrives during the grace (the balancer has not noticed yet) is answered.
    const meanwhile = await fetch(`${base}/healthz`);
    expect(meanwhile.status).toBe(200);
    expect(await meanwhile.json()).toEqual({ status: 'ok' });

    // After the grace the listener closes: a new connection is refused.
    await expect.poll(() => t.app.server.listening, { timeout: 5_000 }).toBe(false);
    await expect(fetch(`${base}/healthz`)).rejects.toMatchObject({ cause: { code: 'ECONNREFUSED' } });
    // The idle connection is closed with the listener, not left to its keep-alive time.
    expect(await idleClosed).toMatch(/^HTTP\/1\.1 200 OK\r\n[\s\S]*keep-alive/i);
    // The shutdown waits for the request in flight, which is then finished and answered in full.
    expect(exitCode).toBeUndefined();
    inFlight.write('}');
    const response = await answer;
    expect(response).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
    expect(response).toMatch(/\r\nx-instance: app-1\r\n/i);
    expect(response).toMatch(/"cardNumber":"\d{19}"/);

    // Then the job runner and the database pools stop, and the process may exit 0.
    await shutdown;
    expect(exitCode).toBe(0);
  });

  it('answers 1 when the shutdown does not finish within its time limit', async () => {
    const stuck = {
      instance: { draining: false, drain: () => undefined },
      log: t.app.log,
      close: () => new Promise<never>(() => undefined),
    } as unknown as Parameters<typeof shutDownGracefully>[0];
    const started = Date.now();
    expect(await shutDownGracefully(stuck, { graceMs: 0, timeoutMs: 1_000 })).toBe(1);
    expect(Date.now() - started).toBeGreaterThanOrEqual(990);
  });
});
