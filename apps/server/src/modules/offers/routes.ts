import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrors } from '@app/contracts/api-error';
import {
  OFFER_IMAGE_WIDTHS,
  coalitionOfferStateUpdateSchema,
  offerSchema,
  offerSeenSchema,
  offerStateResultSchema,
  offerStateUpdateSchema,
  offersResponseSchema,
  OFFER_FILTER_IDS,
  categoriesOf,
  offerErrors,
  offerFilterSource,
  offerFiltersSchema,
} from '@app/contracts/offers';
import { AppError } from '../../lib/app-error.ts';
import { sendWrittenAnswer } from '../../lib/response-serializer.ts';
import { registerOfferDevRoutes } from './dev-routes.ts';
import { createPublicOfferService } from './public-offers.ts';
import { createOfferService, type OfferList } from './service.ts';

const errors = apiErrors(400, 401, 403, 404, 409);
/**
 * A list answer with its entity tag: a client that already holds this version (If-None-Match) gets 304 and
 * no body. The timestamp (when the version was read) is not part of the tag. The answer is written once per
 * version (its summaries hold exactly the fields of `offerSummarySchema`, ADR 016), and compressed once per
 * version for clients that accept it (ADR 021).
 */
function answerList(request: FastifyRequest, reply: FastifyReply, list: OfferList) {
  void reply.header('etag', list.etag).header('cache-control', 'private, no-cache');
  const held = (request.headers['if-none-match'] ?? '')
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''));
  if (held.includes(list.etag)) return reply.code(304).send();
  return sendWrittenAnswer(request, reply, list.answer);
}

/** /offers-api: the offer calls of docs/product/calls-and-errors.md §S7.5. */
export const offersRoutes: FastifyPluginAsyncZod = async (app) => {
  if (app.config.devTools) registerOfferDevRoutes(app);
  const service = createOfferService({ db: app.db, clock: app.clock, feed: app.changes });
  const publicOffers = createPublicOfferService({ db: app.db, clock: app.clock });
  const tags = ['offers'];

  app.get(
    '/offers-api/offers',
    {
      preHandler: app.requireSession,
      schema: {
        tags,
        summary: "The collector's offers: type=ALL for personalised and member-price offers",
        querystring: z.object({
          type: z.enum(['ALL', 'PIANO', 'NECTAR_PRICE']).default('ALL'),
          timestamp: z.string().optional(),
        }),
        response: { 200: offersResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const types =
        request.query.type === 'ALL' ? (['PIANO', 'NECTAR_PRICE'] as const) : [request.query.type];
      return answerList(request, reply, await service.listWithTag(request.collectorId, [...types]));
    },
  );

  app.get(
    '/offers-api/shared-offers',
    {
      preHandler: app.requireSession,
      schema: {
        tags,
        summary: 'Partner (coalition) offers of the collector',
        querystring: z.object({ source: z.literal('COALITION') }),
        response: { 200: offersResponseSchema, ...errors },
      },
    },
    async (request, reply) =>
      answerList(request, reply, await service.listWithTag(request.collectorId, ['COALITION'])),
  );

  app.get(
    '/offers-api/offers/:id',
    {
      preHandler: app.requireSession,
      schema: {
        tags,
        summary: 'One offer',
        params: z.object({ id: z.string().max(64) }),
        response: { 200: offerSchema, ...errors },
      },
    },
    async (request) => service.get(request.collectorId, request.params.id),
  );

  app.get(
    '/offers-api/offer-filters/:id',
    {
      preHandler: app.requireSession,
      schema: {
        tags,
        summary:
          "The categories of one offer list (bonus, your-{product}-prices or partners) among the collector's offers",
        params: z.object({ id: z.enum(OFFER_FILTER_IDS) }),
        response: { 200: offerFiltersSchema, ...errors },
      },
    },
    async (request) => {
      const sourceType = offerFilterSource(request.params.id);
      const offers = await service.list(request.collectorId, [sourceType]);
      return { id: request.params.id, categories: categoriesOf(offers.filter((o) => o.state !== 'HIDDEN')) };
    },
  );

  app.get(
    '/offers-api/coalition/offer/preview/:id',
    {
      config: { rateLimit: { max: 120, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary: 'A partner offer as anyone may see it, without a session',
        params: z.object({ id: z.string().max(64) }),
        response: { 200: offerSchema, ...errors },
      },
    },
    async (request) => publicOffers.partnerOffer(request.params.id),
  );

  app.get(
    '/offers-api/preview/:jwtToken',
    {
      config: { rateLimit: { max: 120, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary: 'The offer named by a signed preview token (the preview pages), without a session',
        params: z.object({ jwtToken: z.string().max(2000) }),
        response: { 200: offerSchema, ...errors },
      },
    },
    async (request) => publicOffers.previewOffer(request.params.jwtToken),
  );

  app.put(
    '/offers-api/offer/state',
    {
      preHandler: app.requireSession,
      schema: {
        tags,
        summary: 'Load, unload, hide, unhide, pin, unpin or bulk-load personalised offers',
        body: offerStateUpdateSchema,
        response: { 200: offerStateResultSchema, ...errors },
      },
    },
    async (request) => ({
      offers: await service.changeStates(request.collectorId, request.body.offers, 'personalised'),
    }),
  );

  app.put(
    '/offers-api/coalition/offer/state',
    {
      preHandler: app.requireSession,
      schema: {
        tags,
        summary: 'Opt in to partner offers',
        body: coalitionOfferStateUpdateSchema,
        response: { 200: offerStateResultSchema, ...errors },
      },
    },
    async (request) => {
      await service.assertPartnerOffersMatch(request.body.offers);
      return { offers: await service.changeStates(request.collectorId, request.body.offers, 'coalition') };
    },
  );

  for (const method of ['PUT', 'DELETE'] as const) {
    app.route({
      method,
      url: '/offers-api/coalition/offer/:id/bookmark',
      preHandler: app.requireSession,
      schema: {
        tags,
        summary: method === 'PUT' ? 'Bookmark a partner offer' : 'Remove the bookmark of a partner offer',
        params: z.object({ id: z.string().max(64) }),
        response: { 200: offerSchema, ...errors },
      },
      handler: async (request) =>
        service.setBookmark(request.collectorId, request.params.id, method === 'PUT'),
    });
  }

  app.post(
    '/offers-api/offers/seen',
    {
      preHandler: app.requireSession,
      schema: {
        tags,
        summary: 'Offers shown on screen, reported in batches',
        body: offerSeenSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await service.markSeen(request.collectorId, request.body.offerIds);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/offers-api/images/:name/:file',
    {
      schema: {
        tags,
        summary:
          "An offer's picture (picture-{key}, or an offer id) or a partner's logo (partner-{id}) at one of the " +
          'responsive widths ({width}.svg), or a picture uploaded for an offer (upload-{id}/original)',
        params: z.object({ name: z.string().max(80), file: z.string().regex(/^(\d+\.svg|original)$/) }),
      },
    },
    async (request, reply) => {
      const { name, file } = request.params;
      const width = file === 'original' ? Math.max(...OFFER_IMAGE_WIDTHS) : Number(file.replace('.svg', ''));
      if (!(OFFER_IMAGE_WIDTHS as readonly number[]).includes(width)) {
        throw new AppError(404, 'NOT_FOUND', offerErrors.imageWidth);
      }
      // An upload is served as it was uploaded, by one name; a drawn picture at each width.
      const image =
        (file === 'original') === name.startsWith('upload-')
          ? await publicOffers.image(name, width)
          : undefined;
      if (!image) throw new AppError(404, 'NOT_FOUND', offerErrors.imageNotFound);
      if (image.kind === 'svg') {
        return reply.type('image/svg+xml').header('cache-control', 'public, max-age=86400').send(image.svg);
      }
      // An upload never changes (new bytes are a new id), and is only ever the picture it was checked to be.
      return reply
        .type(image.contentType)
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'public, max-age=31536000, immutable')
        .send(image.data);
    },
  );
};
