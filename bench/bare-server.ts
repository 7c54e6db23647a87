/**
 * The baselines bench/run.ts measures in the same run, on the server's core:
 * - `bare-server.ts <port> quiet|logging`: a bare Fastify server with one route, without a logger or with
 *   Fastify's own request logging (two lines a request, to standard output as the product writes its lines);
 * - `bare-server.ts argon2 <seconds> <in flight>`: bare argon2id verifications with the production parameters,
 *   that many at once, for that long; prints `{"perSecond": n, "cpuMsEach": ms}` (CPU of every thread per verification).
 */
import { hash, verify, type Algorithm } from '@node-rs/argon2';
import Fastify from 'fastify';
import { PRODUCTION_HASH_COST } from '../apps/server/src/lib/passwords.ts';

const [mode = '0', second = 'quiet', third = '5'] = process.argv.slice(2);

if (mode === 'argon2') {
  // 2 is Argon2id (an ambient const enum), as lib/passwords.ts uses it.
  const options = { algorithm: 2 as Algorithm.Argon2id, ...PRODUCTION_HASH_COST };
  const stored = await hash('a member password', options);
  const until = Date.now() + Number(second) * 1000;
  let done = 0;
  const started = performance.now();
  // The whole process's CPU (getrusage: every thread, so the thread pool's hashing too).
  const cpuBefore = process.cpuUsage();
  await Promise.all(
    Array.from({ length: Number(third) }, async () => {
      while (Date.now() < until) {
        if (!(await verify(stored, 'a member password'))) throw new Error('argon2 did not verify');
        done += 1;
      }
    }),
  );
  const cpu = process.cpuUsage(cpuBefore);
  console.log(
    JSON.stringify({
      perSecond: done / ((performance.now() - started) / 1000),
      cpuMsEach: (cpu.user + cpu.system) / 1000 / done,
    }),
  );
} else {
  const app = Fastify({ logger: second === 'logging' });
  app.get('/healthz', async () => ({ status: 'ok' }));
  await app.listen({ port: Number(mode), host: '127.0.0.1' });
}
