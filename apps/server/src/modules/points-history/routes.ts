import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '@app/contracts/api-error';
import { pointsHistorySchema } from '@app/contracts/points-history';
import { pointsHistoryPaths } from '@app/contracts/points-history-paths';
import { createPointsHistoryService } from './service.ts';

/** GET /ledger-api/points-history: the member's points over the last 12 months (ADR 041). */
export const pointsHistoryRoutes: FastifyPluginAsyncZod = async (app) => {
  const history = createPointsHistoryService({ db: app.db, clock: app.clock });
  app.get(
    pointsHistoryPaths.history,
    {
      preHandler: app.requireSession,
      schema: {
        tags: ['ledger'],
        summary:
          "The signed-in member's balance at each month's end and points earned and spent per partner group, last 12 months",
        response: { 200: pointsHistorySchema, 401: apiErrorSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return history.historyFor(request.collectorId);
    },
  );
};
