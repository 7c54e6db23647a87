import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrors } from '@app/contracts/api-error';
import {
  CARD_TYPES,
  cardLookupRequestSchema,
  cardLookupResponseSchema,
  cardNumberResultSchema,
  customerCardSchema,
  nectarIdSchema,
  replacementCardValidateSchema,
  replacementQuerySchema,
  retrieveCardValidateSchema,
} from '@app/contracts/card';
import { sendWrittenJson } from '../../lib/response-serializer.ts';
import { createCardService, inStock, REPLACE_PURPOSE, RETRIEVE_PURPOSE } from './service.ts';

const errors = apiErrors(400, 401, 403, 404, 409, 429);
const prefix = '/customer-management-api';

/**
 * Card and barcode (docs/product/calls-and-errors.md §S7.2) and card retrieve, replace and request (§S7.4).
 */
export const cardRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = createCardService({ db: app.db, notify: app.notify, feed: app.changes });
  const tags = ['card'];
  const anonymousLimit = { max: 5, timeWindow: '1 minute' };

  app.get(
    `${prefix}/customer/nectar-id`,
    {
      preHandler: app.requireSession,
      schema: {
        tags,
        summary: 'The card in use as a code128 barcode (base64 PNG) in data.code128',
        response: { 200: nectarIdSchema, ...errors },
      },
    },
    async (request, reply) => {
      // The barcode is the card number: private, and replaced with the card.
      void reply.header('cache-control', 'private, no-store');
      return sendWrittenJson(reply, await service.barcodeJson(request.collectorId));
    },
  );

  app.get(
    `${prefix}/customer/card`,
    {
      preHandler: app.requireSession,
      schema: {
        tags,
        summary: 'The card in use and the last card request',
        response: { 200: customerCardSchema, ...errors },
      },
    },
    async (request) => service.card(request.collectorId),
  );

  app.post(
    `${prefix}/replacement-card`,
    {
      preHandler: app.requireSession,
      schema: {
        tags,
        summary:
          'Replaces the card (LOST, STOLEN, DAMAGED; cardType=KEYTAG for a key tag): the old number stops working, the points stay',
        querystring: replacementQuerySchema,
        response: { 200: cardNumberResultSchema, ...errors },
      },
    },
    async (request) =>
      service.replace(
        request.collectorId,
        request.query.replacementType,
        inStock(request, request.query.cardType),
      ),
  );

  app.post(
    `${prefix}/request-card`,
    {
      preHandler: app.requireSession,
      schema: {
        tags,
        summary: 'Asks for a plastic card or key tag with the number in use',
        querystring: z.object({ cardType: z.enum(CARD_TYPES).default('CARD') }),
        response: { 200: cardNumberResultSchema, ...errors },
      },
    },
    async (request) => service.request(request.collectorId, inStock(request, request.query.cardType)),
  );

  for (const [path, purpose] of [
    [`${prefix}/retrieve-card/request`, RETRIEVE_PURPOSE],
    [`${prefix}/replacement-card/request`, REPLACE_PURPOSE],
  ] as const) {
    app.post(
      path,
      {
        preHandler: app.botCheck.require,
        config: { rateLimit: anonymousLimit },
        schema: {
          tags,
          summary: 'Finds the card by date of birth, last name and postcode, and sends a one-time code',
          body: cardLookupRequestSchema,
          response: { 200: cardLookupResponseSchema, ...errors },
        },
      },
      async (request) => service.lookup(purpose, request.body),
    );
  }

  app.post(
    `${prefix}/retrieve-card/validate`,
    {
      config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary: 'The card number, for the right one-time code',
        body: retrieveCardValidateSchema,
        response: { 200: cardNumberResultSchema, ...errors },
      },
    },
    async (request) => service.retrieve(request.body.encryptedCollectorJwt, request.body.twoFaCode),
  );

  app.post(
    `${prefix}/replacement-card/validate`,
    {
      config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary: 'Replaces the card for the right one-time code and answers the new number',
        body: replacementCardValidateSchema,
        response: { 200: cardNumberResultSchema, ...errors },
      },
    },
    async (request) => {
      const result = await service.replaceWithCode(
        request.body.encryptedCollectorJwt,
        request.body.twoFaCode,
        request.body.replacementType,
      );
      // A lost or stolen card may have been on a device that is still signed in.
      await app.sessions.destroyAllFor(result.collectorId);
      return { cardNumber: result.cardNumber };
    },
  );
};
