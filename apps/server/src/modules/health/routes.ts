import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pingDatabase } from '../../db/database.ts';

const statusSchema = z.object({ status: z.enum(['ok', 'unavailable']) });

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/healthz',
    { schema: { tags: ['platform'], summary: 'The process is up', response: { 200: statusSchema } } },
    async () => ({ status: 'ok' as const }),
  );
  app.get(
    '/readyz',
    {
      schema: {
        tags: ['platform'],
        summary: 'The database answers and the instance is not shutting down (503 within 2 s otherwise)',
        response: { 200: statusSchema, 503: statusSchema },
      },
    },
    async (request, reply) => {
      // Shutting down (graceful-shutdown.ts): the balancer stops sending new work while what it sent finishes.
      if (app.instance.draining) return reply.status(503).send({ status: 'unavailable' as const });
      try {
        await pingDatabase(app.db);
        return { status: 'ok' as const };
      } catch (error) {
        request.log.warn({ err: error }, 'database not reachable');
        return reply.status(503).send({ status: 'unavailable' as const });
      }
    },
  );
};
