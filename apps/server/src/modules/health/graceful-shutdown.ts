import type { FastifyInstance } from 'fastify';

export interface ShutdownTimes {
  /** How long /readyz answers 503 while requests are still served, so the balancer's checks take us out. */
  graceMs: number;
  /** Past this the answer is 1 whatever is still running (SHUTDOWN_TIMEOUT_MS). */
  timeoutMs: number;
}

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Graceful shutdown (ADR 034), the steps a rolling restart behind a balancer needs to lose no
 * request: report not ready at once (the instance keeps serving for `graceMs`, the time the balancer's health
 * checks take to notice), then close the listener (Fastify answers 503 to a request that still arrives on an open
 * connection and closes idle ones), finish the requests in flight, then the plugins' onClose hooks stop the job
 * runner (pg-boss waits for its running jobs) and the database pools. Answers the exit code: 0 when all of that
 * finished, 1 when it failed or when `timeoutMs` passed first.
 */
export async function shutDownGracefully(
  app: Pick<FastifyInstance, 'close' | 'log' | 'instance'>,
  { graceMs, timeoutMs }: ShutdownTimes,
): Promise<0 | 1> {
  let deadline: NodeJS.Timeout | undefined;
  const timedOut = new Promise<1>((resolve) => {
    deadline = setTimeout(() => {
      app.log.error({ timeoutMs }, 'shutdown did not finish in time; exiting');
      resolve(1);
    }, timeoutMs);
  });
  const work = (async () => {
    app.instance.drain();
    app.log.info({ graceMs }, 'draining: /readyz answers 503, requests are still served');
    if (graceMs > 0) await wait(graceMs);
    app.log.info('closing the listener; finishing the requests in flight, then jobs and database');
    await app.close();
    app.log.info('shut down');
    return 0 as const;
  })().catch((error: unknown) => {
    app.log.error({ err: error }, 'error while shutting down');
    return 1 as const;
  });
  try {
    return await Promise.race([work, timedOut]);
  } finally {
    clearTimeout(deadline);
  }
}
