import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pageViews } from '../../db/schema/analytics.ts';

/**
 * /analytics-api: the app's default analytics sink. Page views are stored (page name, path, time: nothing
 * that identifies the visitor) so the operator can count them without a third party.
 */
export const analyticsRoutes: FastifyPluginAsyncZod = async (app) => {
  const rateLimit = { max: 240, timeWindow: '1 minute' };

  app.post(
    '/analytics-api/page-views',
    {
      config: { rateLimit },
      schema: {
        tags: ['analytics'],
        summary: 'Record a page view',
        body: z.object({ pageName: z.string().min(1).max(300), path: z.string().startsWith('/').max(1000) }),
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await app.db.insert(pageViews).values({ pageName: request.body.pageName, path: request.body.path });
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/analytics-api/events',
    {
      config: { rateLimit },
      schema: {
        tags: ['analytics'],
        summary: 'Record an app event (the app shown inside a foreign frame)',
        body: z.object({ type: z.literal('framed'), referrer: z.string().max(1000) }),
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      request.log.warn(
        { event: request.body.type, referrer: request.body.referrer },
        'app shown in a foreign frame',
      );
      return reply.status(204).send(null);
    },
  );
};
