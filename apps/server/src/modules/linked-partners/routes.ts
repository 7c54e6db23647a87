import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrors } from '@app/contracts/api-error';
import {
  conversionChallengeSchema,
  conversionCodeResentSchema,
  conversionConfirmSchema,
  conversionResultSchema,
  conversionStartSchema,
  conversionTokenSchema,
  flowResultSchema,
  linkRequestSchema,
  linkedPartnersResponseSchema,
  partnerIdSchema,
  transferSchema,
} from '@app/contracts/linked-partners';
import { createHttpPartner } from './http-partner.ts';
import { linkedPartnersDevRoutes } from './dev-routes.ts';
import { createSandboxPartner } from './sandbox-partner.ts';
import { createLinkedPartnersService } from './service.ts';

const errors = apiErrors(400, 401, 403, 404, 409, 423, 429, 502);
const partnerParams = z.object({ partnerId: partnerIdSchema });
/** Partner calls and code sends cost the partner and the member: a member gets a few a minute. */
const actionLimit = {
  rateLimit: {
    max: 20,
    timeWindow: '1 minute',
    // Counted per member (their session), so members behind one address do not share an allowance.
    keyGenerator: (request: FastifyRequest) => request.server.sessionToken(request) ?? request.ip,
  },
};

/**
 * /linked-partners-api and /points-exchange-api (docs/product/calls-and-errors.md §S7.8 gives only the
 * prefixes; payloads in ADR 013): the airline and hotel partners, each a real partner API when configured,
 * else the sandbox.
 */
export const linkedPartnersRoutes: FastifyPluginAsyncZod = async (app) => {
  const settings = app.config.linkedPartners ?? { timeoutMs: 8000 };
  const adapters = {
    airline: settings.airlineUrl
      ? createHttpPartner('airline', settings.airlineUrl)
      : createSandboxPartner(app.db, 'airline'),
    hotel: settings.hotelUrl
      ? createHttpPartner('hotel', settings.hotelUrl)
      : createSandboxPartner(app.db, 'hotel'),
  };
  const service = createLinkedPartnersService({
    db: app.db,
    adapters,
    timeoutMs: settings.timeoutMs,
    ...(settings.settleAfterMs ? { settleAfterMs: settings.settleAfterMs } : {}),
    send: (message) => app.notify.send(message),
    feed: app.changes,
    clock: app.clock,
  });
  // A transfer interrupted by a stop is settled (reversed, refunded once) by one runner of the cluster every
  // minute, once no request can still be working on it (ADR 033).
  app.jobs.everyMinute('settle-stale-conversions', async () => {
    const settled = await service.settleStaleTransfers();
    if (settled > 0) app.log.info({ settled }, 'settled stale conversions');
  });
  const tags = ['linked-partners'];

  app.get(
    '/linked-partners-api/partners',
    {
      preHandler: app.requireSession,
      schema: {
        tags,
        summary: "The airline and hotel partners with the collector's links, counts and balances",
        response: { 200: linkedPartnersResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return service.status(request.collectorId);
    },
  );

  app.post(
    '/linked-partners-api/partners/:partnerId/link',
    {
      preHandler: app.requireSession,
      config: actionLimit,
      schema: {
        tags,
        summary: 'Link a partner account (link type link) or join the partner and link (link type join)',
        params: partnerParams,
        body: linkRequestSchema,
        response: { 200: flowResultSchema, ...errors },
      },
    },
    async (request) => service.link(request.collectorId, request.params.partnerId, request.body),
  );

  app.delete(
    '/linked-partners-api/partners/:partnerId/link',
    {
      preHandler: app.requireSession,
      config: actionLimit,
      schema: {
        tags,
        summary: 'Unlink the partner account',
        params: partnerParams,
        response: { 200: flowResultSchema, ...errors },
      },
    },
    async (request) => service.unlink(request.collectorId, request.params.partnerId),
  );

  app.post(
    '/points-exchange-api/conversions/twofa',
    {
      preHandler: app.requireFreshSession,
      config: actionLimit,
      schema: {
        tags,
        summary: 'Check a conversion and send the 2FA code that confirms it',
        body: conversionStartSchema,
        response: { 200: conversionChallengeSchema, ...errors },
      },
    },
    async (request) => service.startConversion(request.collectorId, request.body),
  );

  app.post(
    '/points-exchange-api/conversions/twofa/resend',
    {
      preHandler: app.requireFreshSession,
      config: actionLimit,
      schema: {
        tags,
        summary: 'Send a new code for a conversion waiting for its code',
        body: z.object({ conversionToken: conversionTokenSchema }),
        response: { 200: conversionCodeResentSchema, ...errors },
      },
    },
    async (request) => service.resend(request.collectorId, request.body.conversionToken),
  );

  app.post(
    '/points-exchange-api/conversions',
    {
      preHandler: app.requireFreshSession,
      config: actionLimit,
      schema: {
        tags,
        summary: 'Confirm a conversion with its code: the points move (a repeat answers the same transfer)',
        body: conversionConfirmSchema,
        response: { 200: conversionResultSchema, ...errors },
      },
    },
    async (request) =>
      service.confirmConversion(request.collectorId, request.body.conversionToken, request.body.twoFaCode),
  );

  app.get(
    '/points-exchange-api/conversions',
    {
      preHandler: app.requireSession,
      schema: {
        tags,
        summary: "The collector's latest conversions",
        response: { 200: z.object({ transfers: z.array(transferSchema) }), ...errors },
      },
    },
    async (request) => ({ transfers: await service.recent(request.collectorId) }),
  );

  // Tester tooling goes with the other /dev tools: DEV_TOOLS=on where that setting exists, never in production.
  const config = app.config;
  const devTools = (config as { devTools?: boolean }).devTools ?? config.env !== 'production';
  if (devTools && config.env !== 'production') await app.register(linkedPartnersDevRoutes);
};
