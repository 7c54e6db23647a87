import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '@app/contracts/api-error';
import {
  breakdownSchema,
  cumulativeSavingsSchema,
  historyQuerySchema,
  historyResponseSchema,
  memberPriceTotalsSchema,
  receiptSchema,
  savingsQuerySchema,
  savingsResponseSchema,
  savingsTransactionsResponseSchema,
  transactionsQuerySchema,
  transactionsResponseSchema,
} from '@app/contracts/activity';
import { sendWrittenAnswer } from '../../lib/response-serializer.ts';
import { createActivityService, receiptText } from './service.ts';
import { pathIdSchema } from '../../lib/path-id.ts';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 404: apiErrorSchema };
const receiptParams = z.object({ id: pathIdSchema });

/**
 * Activity: the transactions feed, the ledger history, savings, breakdown and receipts
 * (docs/product/calls-and-errors.md §S7.6).
 */
export const transactionsRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = createActivityService({ db: app.db, feed: app.changes, clock: app.clock });
  const tags = ['activity'];
  const pre = { preHandler: app.requireSession };

  app.get(
    '/nectar-shared-transactions-api/transactions',
    {
      ...pre,
      schema: {
        tags,
        summary: 'The activity feed, newest first, 20 a page; nextToken asks for the next page',
        querystring: transactionsQuerySchema,
        response: { 200: transactionsResponseSchema, ...errors },
      },
    },
    async (request, reply) =>
      sendWrittenAnswer(
        request,
        reply,
        await service.feedAnswer(request.collectorId, request.query.pageSize, request.query.nextToken),
      ),
  );

  app.get(
    '/ledger-api/transaction-history',
    {
      ...pre,
      schema: {
        tags,
        summary: 'The points ledger by limit and offset, newest first',
        querystring: historyQuerySchema,
        response: { 200: historyResponseSchema, ...errors },
      },
    },
    async (request) => service.history(request.collectorId, request.query.limit, request.query.offset),
  );

  app.get(
    '/ledger-api/breakdown',
    {
      ...pre,
      schema: {
        tags,
        summary: 'Points collected and spent since the activity start date, per partner',
        response: { 200: breakdownSchema, ...errors },
      },
    },
    async (request) => service.breakdown(request.collectorId),
  );

  app.get(
    '/customer-management-api/customer/savings',
    {
      ...pre,
      schema: {
        tags,
        summary: 'Member-price savings per shop between two dates; pageOffset of the next page or null',
        querystring: savingsQuerySchema,
        response: { 200: savingsResponseSchema, ...errors },
      },
    },
    async (request) =>
      service.savings(
        request.collectorId,
        request.query.fromDate,
        request.query.toDate,
        request.query.pageOffset,
      ),
  );

  app.get(
    '/customer-management-api/customer/savings/cumulative',
    {
      ...pre,
      schema: {
        tags,
        summary: 'Total member-price savings between two dates',
        querystring: savingsQuerySchema.omit({ pageOffset: true }),
        response: { 200: cumulativeSavingsSchema, ...errors },
      },
    },
    async (request) =>
      service.cumulativeSavings(request.collectorId, request.query.fromDate, request.query.toDate),
  );

  app.get(
    '/nectar-shared-transactions-api/nectar-prices/transactions',
    {
      ...pre,
      schema: {
        tags,
        summary:
          'Shops with member-price savings (as /customer/savings, with the offset named nextPageOffset)',
        querystring: savingsQuerySchema,
        response: { 200: savingsTransactionsResponseSchema, ...errors },
      },
    },
    async (request) => {
      const { savings, pageOffset } = await service.savings(
        request.collectorId,
        request.query.fromDate,
        request.query.toDate,
        request.query.pageOffset,
      );
      return { savings, nextPageOffset: pageOffset };
    },
  );

  app.get(
    '/nectar-shared-transactions-api/nectar-prices/totals',
    {
      ...pre,
      schema: {
        tags,
        summary: 'Member-price savings in total and per month',
        response: { 200: memberPriceTotalsSchema, ...errors },
      },
    },
    async (request) => service.memberPriceTotals(request.collectorId),
  );

  app.get(
    '/nectar-shared-transactions-api/digital-receipts/:id',
    {
      ...pre,
      schema: {
        tags,
        summary: 'A digital receipt of one shop',
        params: receiptParams,
        response: { 200: receiptSchema, ...errors },
      },
    },
    async (request) => service.receipt(request.collectorId, request.params.id),
  );

  app.get(
    '/nectar-shared-transactions-api/digital-receipts/:id/download',
    {
      ...pre,
      schema: {
        tags,
        summary: 'The digital receipt as a text file to keep',
        params: receiptParams,
        response: { 200: z.string(), ...errors },
      },
    },
    async (request, reply) => {
      const receipt = await service.receipt(request.collectorId, request.params.id);
      return reply
        .header('content-type', 'text/plain; charset=utf-8')
        .header('content-disposition', `attachment; filename="receipt-${receipt.date.slice(0, 10)}.txt"`)
        .header('cache-control', 'private, no-store')
        .send(receiptText(receipt));
    },
  );
};
