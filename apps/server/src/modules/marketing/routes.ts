import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '@app/contracts/api-error';
import {
  STATISTICS,
  eventIdSchema,
  marketingEventSchema,
  marketingMessages,
  podsResponseSchema,
  statisticSchema,
} from '@app/contracts/marketing';
import { AppError } from '../../lib/app-error.ts';
import { createMarketingService } from './service.ts';

const tags = ['marketing'];

/** /marketing-api: events, homepage pods and public statistics (ADR 015 designs the payloads). */
export const marketingRoutes: FastifyPluginAsyncZod = async (app) => {
  const marketing = createMarketingService({ db: app.db, clock: app.clock });
  app.get(
    '/marketing-api/events/:eventId',
    {
      schema: {
        tags,
        summary: 'A marketing event: text, dates, terms and the offers that take part',
        params: z.object({ eventId: eventIdSchema }),
        response: { 200: marketingEventSchema, 400: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'public, max-age=300');
      return marketing.eventById(request.params.eventId);
    },
  );

  app.get(
    '/marketing-api/skinny-event',
    {
      schema: {
        tags,
        summary: "The homepage pod's skinny event (docs/product/calls-and-errors.md §S7.1)",
        response: { 200: marketingEventSchema, 404: apiErrorSchema },
      },
    },
    async () => marketing.skinnyEvent(),
  );

  app.get(
    '/marketing-api/pods',
    {
      preHandler: app.requireSession,
      schema: {
        tags,
        summary: 'Homepage pods (HOMEPAGE_POD, COUNTDOWN) for the signed-in member',
        response: { 200: podsResponseSchema, 401: apiErrorSchema },
      },
    },
    async () => ({ pods: await marketing.pods() }),
  );

  app.get(
    '/marketing-api/statistics/:name',
    {
      config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary: 'Scheme-wide figures: points, members or offers',
        params: z.object({ name: z.string().max(40) }),
        response: { 200: statisticSchema, 404: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const name = STATISTICS.find((entry) => entry === request.params.name);
      if (!name) throw new AppError(404, 'STATISTIC_NOT_FOUND', marketingMessages.statisticNotFound);
      reply.header('cache-control', 'public, max-age=60');
      return marketing.statistic(name);
    },
  );
};
