import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrors } from '@app/contracts/api-error';
import type { StaffAction } from '@app/contracts/staff';
import { campaignPerformanceSchema, offerPerformanceSchema } from '@app/contracts/staff-offers';
import { campaignPerformance, offerPerformance, performanceCsv } from './performance.ts';

const tags = ['staff'];
const errors = apiErrors(400, 401, 403, 404);
const offerParams = z.object({ id: z.string().min(1).max(64) });
const campaignParams = z.object({ name: z.string().trim().min(1).max(80) });
const csv = { 200: z.string(), ...errors };

/** A file name from an offer's id or a campaign's name: letters, digits, dots and dashes only. */
const fileName = (what: string, name: string) =>
  `attachment; filename="${what}-${name.replace(/[^A-Za-z0-9.-]+/g, '-')}-performance.csv"`;

export interface PerformanceRoutesOptions {
  /**
   * The console session's role check of an action (the staff module's `consoleSession(…).may`), handed in by
   * app.ts: a module uses another only through its service.ts, and the check is HTTP.
   */
  may: (action: StaffAction) => (request: FastifyRequest) => Promise<void>;
}

/**
 * What each offer and each campaign earned and cost (docs/staff-console.md "Offers and campaigns"), as JSON
 * and as CSV by day, for staff whose role may view offers (a marketer, an admin); the role check runs before
 * the handler on every call, as every console call's. HTTP only: the figures are performance.ts.
 */
export const performanceRoutes: FastifyPluginAsyncZod<PerformanceRoutesOptions> = async (app, { may }) => {
  app.get(
    '/staff-api/offers/:id/performance',
    {
      preHandler: may('viewOffers'),
      schema: {
        tags,
        summary: "An offer's figures: reached, loaded, paid, points issued, cost, and by day",
        params: offerParams,
        response: { 200: offerPerformanceSchema, ...errors },
      },
    },
    async (request) => offerPerformance(app.db, request.params.id),
  );

  app.get(
    '/staff-api/offers/:id/performance.csv',
    {
      preHandler: may('viewOffers'),
      schema: {
        tags,
        summary: "An offer's figures by day as CSV: day, payouts, points, cost in pounds",
        params: offerParams,
        response: csv,
      },
    },
    async (request, reply) =>
      reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', fileName('offer', request.params.id))
        .send(performanceCsv(await offerPerformance(app.db, request.params.id))),
  );

  app.get(
    '/staff-api/campaigns/:name/performance',
    {
      preHandler: may('viewOffers'),
      schema: {
        tags,
        summary: "A campaign's offers and their figures together",
        params: campaignParams,
        response: { 200: campaignPerformanceSchema, ...errors },
      },
    },
    async (request) => campaignPerformance(app.db, request.params.name, app.clock.now()),
  );

  app.get(
    '/staff-api/campaigns/:name/performance.csv',
    {
      preHandler: may('viewOffers'),
      schema: {
        tags,
        summary: "A campaign's figures by day as CSV: day, payouts, points, cost in pounds",
        params: campaignParams,
        response: csv,
      },
    },
    async (request, reply) => {
      const { performance } = await campaignPerformance(app.db, request.params.name, app.clock.now());
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', fileName('campaign', request.params.name))
        .send(performanceCsv(performance));
    },
  );
};
