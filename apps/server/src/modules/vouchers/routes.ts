import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrors } from '@app/contracts/api-error';
import {
  redemptionRequestSchema,
  redemptionResponseSchema,
  rewardsResponseSchema,
  voucherSchema,
  voucherUsedSchema,
  vouchersResponseSchema,
} from '@app/contracts/vouchers';
import { REWARDS, ZERO_POINT_REWARDS } from './rewards.ts';
import { createVoucherService } from './service.ts';
import { pathIdSchema } from '../../lib/path-id.ts';

const errors = apiErrors(400, 401, 403, 404, 409);
const idParams = z.object({ voucherId: pathIdSchema });

/**
 * Spending points and vouchers (docs/product/signed-in-pages.md §S2.3, §S3 'Voucher';
 * docs/product/calls-and-errors.md §S7.5 GET /vouchers; docs/decisions/011).
 */
export const voucherRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = createVoucherService({ db: app.db, feed: app.changes, clock: app.clock });
  const tags = ['vouchers'];

  app.get(
    '/offers-api/rewards',
    {
      // The catalogue is the same for everyone: the public /spend page shows it too.
      schema: {
        tags,
        summary: 'What points can be spent on; zero=true for the free rewards',
        querystring: z.object({ zero: z.enum(['true', 'false']).default('false') }),
        response: { 200: rewardsResponseSchema, ...errors },
      },
    },
    async (request) => ({
      rewards: [...(request.query.zero === 'true' ? ZERO_POINT_REWARDS : REWARDS)],
    }),
  );

  app.post(
    '/offers-api/redemptions',
    {
      preHandler: app.requireFreshSession,
      schema: {
        tags,
        summary:
          'Spend points on a reward: one ledger debit and one voucher per idempotency key; 403 while the redemption lock is on; 409 when the balance is short',
        body: redemptionRequestSchema,
        response: { 200: redemptionResponseSchema, 201: redemptionResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const result = await service.redeem(request.collectorId, request.body);
      return reply.code(result.created ? 201 : 200).send(result);
    },
  );

  app.get(
    '/offers-api/vouchers',
    {
      preHandler: app.requireSession,
      schema: {
        tags,
        summary: "The collector's vouchers, newest first",
        response: { 200: vouchersResponseSchema, ...errors },
      },
    },
    async (request) => ({ vouchers: await service.list(request.collectorId) }),
  );

  app.get(
    '/offers-api/vouchers/:voucherId',
    {
      preHandler: app.requireSession,
      schema: { tags, summary: 'One voucher', params: idParams, response: { 200: voucherSchema, ...errors } },
    },
    async (request) => service.get(request.collectorId, request.params.voucherId),
  );

  app.get(
    '/offers-api/vouchers/by-transaction/:transactionId',
    {
      preHandler: app.requireSession,
      schema: {
        tags,
        summary: 'The voucher a spend transaction of the activity feed bought',
        params: z.object({ transactionId: pathIdSchema }),
        response: { 200: voucherSchema, ...errors },
      },
    },
    async (request) => service.byTransaction(request.collectorId, request.params.transactionId),
  );

  app.put(
    '/offers-api/vouchers/:voucherId/used',
    {
      preHandler: app.requireSession,
      schema: {
        tags,
        summary: "The member's answer to 'Did you use this voucher?'",
        params: idParams,
        body: voucherUsedSchema,
        response: { 200: voucherSchema, ...errors },
      },
    },
    async (request) => service.markUsed(request.collectorId, request.params.voucherId, request.body.used),
  );
};
