import { randomBytes } from 'node:crypto';
import { connect, createServer, type Socket } from 'node:net';
import { inject } from 'vitest';
import { buildTestApp, type TestApp } from './build-test-app.ts';
import { adminQuery, databaseUrl } from './test-config.ts';

/**
 * An app on a database of its own, reached through a TCP relay to the test PostgreSQL that can stop passing
 * bytes either way, as a dead link or a hung server would (PostgreSQL only). `lostBytes` counts what the app
 * sent while the path stalled: statements that will never be answered.
 */
export async function appThroughStallingRelay(env: Record<string, string>) {
  let stalled = false;
  let lostBytes = 0;
  const sockets: Socket[] = [];
  const target = new URL(process.env.TEST_DATABASE_URL ?? '');
  const relay = createServer((client) => {
    const server = connect(Number(target.port || 5432), target.hostname);
    sockets.push(client, server);
    client.on('data', (chunk: Buffer) => {
      if (stalled) lostBytes += chunk.length;
      else server.write(chunk);
    });
    server.on('data', (chunk) => void (stalled || client.write(chunk)));
    for (const [a, b] of [
      [client, server],
      [server, client],
    ] as const) {
      a.on('error', () => b.destroy());
      a.on('close', () => b.destroy());
    }
  });
  await new Promise<void>((resolve) => relay.listen(0, '127.0.0.1', resolve));
  const address = relay.address();
  const template = inject('databaseTemplate');
  if (template.kind !== 'postgres') throw new Error('runs on PostgreSQL only');
  const database = `lc_test_${randomBytes(6).toString('hex')}`;
  await adminQuery(`CREATE DATABASE ${database} TEMPLATE ${template.name}`);
  const relayed = new URL(databaseUrl(database));
  relayed.hostname = '127.0.0.1';
  relayed.port = String(typeof address === 'object' && address ? address.port : 0);
  const t: TestApp = await buildTestApp(env, { databaseUrl: relayed.toString() });
  return {
    t,
    stall: () => {
      stalled = true;
    },
    lostBytes: () => lostBytes,
    /** Ends the relayed connections and the relay, then drops the database (the app is the caller's to close). */
    async close() {
      for (const socket of sockets) socket.destroy();
      relay.close();
      await adminQuery(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
    },
  };
}
