import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrors } from '@app/contracts/api-error';
import { pointsGoalPaths } from '@app/contracts/points-goal-paths';
import {
  goalChoiceSchema,
  goalOptionsResponseSchema,
  pointsGoalResponseSchema,
} from '@app/contracts/points-goal';
import { createPointsGoalService, type PointsGoalDeps } from './service.ts';

const errors = apiErrors(400, 401);

/**
 * The member's points goal (ADR 042): what they are saving for and when they will get there.
 * app.ts hands in the read of points on their way (the missing-points module's), shown apart from the balance.
 */
export const pointsGoalRoutes: FastifyPluginAsyncZod<Pick<PointsGoalDeps, 'pendingPoints'>> = async (
  app,
  { pendingPoints },
) => {
  const service = createPointsGoalService({ db: app.db, clock: app.clock, pendingPoints });
  const tags = ['points-goal'];

  app.get(
    pointsGoalPaths.options,
    {
      preHandler: app.requireSession,
      schema: {
        tags,
        summary: 'The rewards a goal can be: the vouchers, then partner conversions',
        response: { 200: goalOptionsResponseSchema, ...errors },
      },
    },
    async () => ({ options: service.options() }),
  );

  app.get(
    pointsGoalPaths.goal,
    {
      preHandler: app.requireSession,
      schema: {
        tags,
        summary:
          "The member's goal with their progress, pending points and the estimate; goal null when none",
        response: { 200: pointsGoalResponseSchema, ...errors },
      },
    },
    async (request) => ({ goal: await service.goal(request.collectorId) }),
  );

  app.put(
    pointsGoalPaths.goal,
    {
      preHandler: app.requireSession,
      schema: {
        tags,
        summary: 'Sets the goal (replacing any other) to a voucher or a partner conversion that exists',
        body: goalChoiceSchema,
        response: { 200: pointsGoalResponseSchema, ...errors },
      },
    },
    async (request) => ({ goal: await service.setGoal(request.collectorId, request.body) }),
  );

  app.delete(
    pointsGoalPaths.goal,
    {
      preHandler: app.requireSession,
      schema: {
        tags,
        summary: 'Removes the goal',
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await service.removeGoal(request.collectorId);
      return reply.code(204).send(null);
    },
  );
};
