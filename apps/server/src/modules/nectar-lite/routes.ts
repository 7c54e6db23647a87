import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '@app/contracts/api-error';
import {
  accessEmailRequestSchema,
  accessEmailResponseSchema,
  tempCardQuerySchema,
  tempCardSchema,
} from '@app/contracts/temp-card';
import { createNectarLiteService } from './service.ts';

/**
 * /nectar-lite: the 30-day temporary card (docs/product/calls-and-errors.md §R7). Anonymous, so bot-checked
 * and rate-limited.
 */
export const nectarLiteRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = createNectarLiteService({
    db: app.db,
    notify: app.notify,
    publicUrl: app.config.publicUrl,
    clock: app.clock,
  });

  app.post(
    '/nectar-lite/access-email',
    {
      preHandler: app.botCheck.require,
      // Per address: the send limit in the service. Per client: this, against one machine trying many emails.
      config: { rateLimit: { max: 20, timeWindow: '10 minutes' } },
      schema: {
        tags: ['nectar-lite'],
        summary:
          'Issue a 30-day temporary card for an email, or re-send its link (bot-checked, rate-limited)',
        body: accessEmailRequestSchema,
        response: {
          200: accessEmailResponseSchema,
          400: apiErrorSchema,
          409: apiErrorSchema,
          429: apiErrorSchema,
        },
      },
    },
    async (request) => service.requestAccessEmail({ email: request.body.email }),
  );

  app.get(
    '/nectar-lite/card',
    {
      config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
      schema: {
        tags: ['nectar-lite'],
        summary: 'The temporary card behind an emailed link; 410 once expired or upgraded',
        querystring: tempCardQuerySchema,
        response: { 200: tempCardSchema, 400: apiErrorSchema, 404: apiErrorSchema, 410: apiErrorSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return service.getTemporaryCard(request.query.token);
    },
  );
};
