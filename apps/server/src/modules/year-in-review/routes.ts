import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '@app/contracts/api-error';
import { playbackSchema, yearParamSchema } from '@app/contracts/year-in-review';
import { createYearInReviewService } from './service.ts';

/** /year-in-review-api: the member's year played back from the points ledger (ADR 015). */
export const yearInReviewRoutes: FastifyPluginAsyncZod = async (app) => {
  const yearInReview = createYearInReviewService({ db: app.db });
  app.get(
    '/year-in-review-api/playbacks/:year',
    {
      preHandler: app.requireSession,
      schema: {
        tags: ['year-in-review'],
        summary: "The signed-in member's year: points collected and spent, top partners, best month",
        params: z.object({ year: yearParamSchema }),
        response: { 200: playbackSchema, 400: apiErrorSchema, 401: apiErrorSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return yearInReview.playbackFor(request.collectorId, request.params.year);
    },
  );
};
