import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '@app/contracts/api-error';
import { BRAND_LOGO_PATH } from '@app/contracts/brand-logos';
import {
  BRAND_PANEL_TYPES,
  POST_DIRECTIONS,
  brandBonusResponseSchema,
  brandKeySchema,
  brandLookupQuerySchema,
  brandLookupResponseSchema,
  brandPanelResponseSchema,
  brandPostResponseSchema,
  brandSchema,
  brandsResponseSchema,
  categoriesResponseSchema,
} from '@app/contracts/brands';
import { logoSvg } from './logo-svg.ts';
import { createBrandService } from './service.ts';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 404: apiErrorSchema };
const keyParams = z.object({ key: brandKeySchema });
const publicRead = { rateLimit: { max: 300, timeWindow: '1 minute' } };

/**
 * Brands and eShops (docs/product/calls-and-errors.md §S7.1): /nectar-brands-api, its anonymous twin and the
 * CMS categories.
 */
export const brandsRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = createBrandService({ db: app.db, clock: app.clock });
  const tags = ['brands'];

  app.get(
    '/nectar-brands-api/brands',
    {
      config: publicRead,
      schema: {
        tags,
        summary: 'Partner brands with their categories; filter by category, eShop flag or name',
        querystring: z.object({
          category: z.string().max(64).optional(),
          search: z.string().max(100).optional(),
          eshop: z.enum(['true', 'false']).optional(),
        }),
        response: { 200: brandsResponseSchema, ...errors },
      },
    },
    async (request) =>
      service.list({
        category: request.query.category,
        search: request.query.search,
        eshop: request.query.eshop === undefined ? undefined : request.query.eshop === 'true',
      }),
  );

  app.get(
    '/nectar-brands-api/brands/panel',
    {
      config: publicRead,
      schema: {
        tags,
        summary: 'A panel of brands to collect with or to spend points with',
        querystring: z.object({ type: z.enum(BRAND_PANEL_TYPES) }),
        response: { 200: brandPanelResponseSchema, ...errors },
      },
    },
    async (request) => service.panel(request.query.type),
  );

  app.get(
    '/nectar-brands-api/brands/:key',
    {
      preHandler: app.requireSession,
      schema: {
        tags,
        summary: 'One brand, for a signed-in member',
        params: keyParams,
        response: { 200: brandSchema, ...errors },
      },
    },
    async (request) => service.get(request.params.key),
  );

  app.get(
    '/anonymous-nectar-brands-api/brands',
    {
      config: publicRead,
      schema: {
        tags,
        summary:
          'The anonymous brands lookup (docs/product/calls-and-errors.md §R7): brands with key, name and logo; ?keys=a,b for those, in that order',
        querystring: brandLookupQuerySchema,
        response: { 200: brandLookupResponseSchema, ...errors },
      },
    },
    async (request) => service.lookup(request.query.keys?.split(',')),
  );

  app.get(
    '/anonymous-nectar-brands-api/brands/:key',
    {
      config: publicRead,
      schema: {
        tags,
        summary: 'One brand, without a session',
        params: keyParams,
        response: { 200: brandSchema, ...errors },
      },
    },
    async (request) => service.get(request.params.key),
  );

  for (const path of ['/nectar-brands-api/categories', '/cms-api/brands/categories']) {
    app.get(
      path,
      {
        config: publicRead,
        schema: {
          tags,
          summary: path.startsWith('/cms-api')
            ? 'Brand categories from the CMS (CMS switch on)'
            : 'Brand categories',
          response: { 200: categoriesResponseSchema, ...errors },
        },
      },
      async () => ({ categories: await service.categories() }),
    );
  }

  app.get(
    '/nectar-brands-api/bonus/:key',
    {
      preHandler: app.requireSession,
      schema: {
        tags,
        summary: "A brand's running bonus, for a signed-in member",
        params: keyParams,
        response: { 200: brandBonusResponseSchema, ...errors },
      },
    },
    async (request) => service.bonus(request.params.key),
  );

  app.get(
    '/anonymous-nectar-brands-api/bonus/:key',
    {
      config: publicRead,
      schema: {
        tags,
        summary: "A brand's running bonus, without a session",
        params: keyParams,
        response: { 200: brandBonusResponseSchema, ...errors },
      },
    },
    async (request) => service.bonus(request.params.key),
  );

  app.get(
    '/nectar-brands-api/post/:key',
    {
      config: publicRead,
      schema: {
        tags,
        summary: "Leave for a brand's site to collect or spend: answers the tracked exit address",
        params: keyParams,
        querystring: z.object({ direction: z.enum(POST_DIRECTIONS) }),
        response: { 200: brandPostResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const session = await app.sessions.read(app.sessionToken(request));
      reply.header('cache-control', 'no-store');
      return service.post(request.params.key, request.query.direction, session?.collectorId ?? null);
    },
  );

  app.get(
    `${BRAND_LOGO_PATH}/:file`,
    {
      config: publicRead,
      schema: {
        tags,
        summary:
          "A brand's logo (SVG drawn by this server: its Simple Icons mark, or its name as a wordmark)",
        params: z.object({ file: z.string().regex(/^[a-z0-9][a-z0-9-]{0,63}\.svg$/) }),
      },
    },
    async (request, reply) => {
      const row = await service.stored(request.params.file.replace(/\.svg$/, ''));
      return reply
        .type('image/svg+xml')
        .header('cache-control', 'public, max-age=86400')
        .send(logoSvg(row.key, row.name, row.colour));
    },
  );
};
