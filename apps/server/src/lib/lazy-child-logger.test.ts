// @databases none: pure rules and helpers; it opens no database.
import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { lazyChildLogger } from './lazy-child-logger.ts';

/** A Fastify server logging at `warn` into memory, with a route that logs at two levels. */
async function serverLoggingInto(lines: Array<Record<string, unknown>>) {
  const stream = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
      callback();
    },
  });
  const app = Fastify({
    logger: { level: 'warn', stream, redact: ['secret'] },
    childLoggerFactory: lazyChildLogger,
    genReqId: () => 'request-1',
  });
  app.get('/quiet', async () => ({ ok: true }));
  app.get('/noisy', async (request) => {
    request.log.info('not written at warn');
    request.log.warn({ secret: 'hunter2' }, 'written with the request id');
    request.log.child({ step: 'inner' }).error('a child of the request logger');
    return { ok: true };
  });
  await app.ready();
  return app;
}

describe('the lazy request logger', () => {
  it('writes what a request logs at an enabled level, with its request id and redaction', async () => {
    const lines: Array<Record<string, unknown>> = [];
    const app = await serverLoggingInto(lines);
    expect((await app.inject('/noisy')).statusCode).toBe(200);
    expect(lines).toEqual([
      expect.objectContaining({
        level: 40,
        reqId: 'request-1',
        secret: '[Redacted]',
        msg: 'written with the request id',
      }),
      expect.objectContaining({
        level: 50,
        reqId: 'request-1',
        step: 'inner',
        msg: 'a child of the request logger',
      }),
    ]);
    await app.close();
  });

  it('writes nothing for a request that logs nothing', async () => {
    const lines: Array<Record<string, unknown>> = [];
    const app = await serverLoggingInto(lines);
    expect((await app.inject('/quiet')).statusCode).toBe(200);
    expect(lines).toEqual([]);
    await app.close();
  });
});
