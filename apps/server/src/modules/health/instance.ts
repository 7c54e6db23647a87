import fp from 'fastify-plugin';

/** This process as the balancer sees it (ADR 034). */
export interface Instance {
  /** INSTANCE_NAME: sent as `X-Instance` on every answer, so a cluster's answers tell which instance gave them. */
  name?: string;
  /** Set once shutdown began: /readyz answers 503 and every answer closes its connection. */
  readonly draining: boolean;
  /** Starts draining (graceful-shutdown.ts): the balancer's next health check takes this instance out. */
  drain(): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    instance: Instance;
  }
}

export const instancePlugin = fp(
  async (app) => {
    let draining = false;
    const name = app.config.instanceName;
    app.decorate('instance', {
      ...(name ? { name } : {}),
      get draining() {
        return draining;
      },
      drain() {
        draining = true;
      },
    } satisfies Instance);
    app.addHook('onSend', async (_request, reply) => {
      if (name) reply.header('x-instance', name);
      // A client (the balancer's pooled connection, a browser) opens its next request's connection afresh, to a
      // listener that is still up; the idle connections left when the listener closes are closed by it.
      if (draining) reply.header('connection', 'close');
    });
  },
  { name: 'instance', dependencies: ['config'] },
);
