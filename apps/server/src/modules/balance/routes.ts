import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '@app/contracts/api-error';
import { balanceSchema } from '@app/contracts/offers';
import { createBalanceReader } from '../../lib/points-ledger.ts';

/** 200 points are worth £1 at the till. */
const POINTS_PER_POUND = 200;

/**
 * /balance-api: the collector's points, the sum of their ledger entries (docs/product/calls-and-errors.md
 * §S7.6).
 */
export const balanceRoutes: FastifyPluginAsyncZod = async (app) => {
  const readBalance = createBalanceReader(app.db, app.changes);
  app.get(
    '/balance-api/balance',
    {
      preHandler: app.requireSession,
      schema: {
        tags: ['balance'],
        summary: "The signed-in collector's points balance",
        response: { 200: balanceSchema, 401: apiErrorSchema },
      },
    },
    async (request) => {
      const balance = await readBalance(request.collectorId);
      return { balance, pointsValue: `£${(balance / POINTS_PER_POUND).toFixed(2)}` };
    },
  );
};
