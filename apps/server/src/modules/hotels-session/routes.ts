import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '@app/contracts/api-error';
import { hotelsSessionSchema } from '@app/contracts/linked-partners';
import { HOTELS_SESSION_HEADER, HOTELS_SESSION_PATH } from '@app/contracts/linked-partners-paths';
import { SANDBOX_HOTELS_LOGOUT_PATHS, SANDBOX_HOTELS_SESSION_COOKIE } from '@app/contracts/integrations';
import { createHotelsSessionService } from './service.ts';

/**
 * GET /customer-management-api/customer/session/hotels (docs/product/signed-in-pages.md §S4;
 * docs/product/calls-and-errors.md §S7.4): a hotels session token for the session holder, in the body and the
 * response header. With `redirect`, the target is checked against the allow-list here as well as in the app,
 * and the answer names the redirect page with token and target.
 */
export const hotelsSessionRoutes: FastifyPluginAsyncZod = async (app) => {
  const hotels = createHotelsSessionService({ db: app.db, clock: app.clock });
  app.get(
    HOTELS_SESSION_PATH,
    {
      preHandler: app.requireSession,
      schema: {
        tags: ['customer-management'],
        summary: 'A hotels session token; with redirect, the allow-listed redirect page',
        querystring: z.object({ redirect: z.string().max(2000).optional() }),
        response: {
          200: hotelsSessionSchema,
          400: apiErrorSchema,
          401: apiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const { redirect } = request.query;
      const { token, expiresAt } = await hotels.start(request.collectorId, redirect);
      reply.header(HOTELS_SESSION_HEADER, token).header('cache-control', 'no-store');
      const redirectUrl = redirect
        ? `/sso-redirection?${new URLSearchParams({ pianosessionhotels: token, location: redirect }).toString()}`
        : undefined;
      return { token, expiresAt: expiresAt.toISOString(), redirectUrl };
    },
  );

  // The sandbox hotel partner's two logout addresses (docs/product/calls-and-errors.md §R7: 'two hotel logout
  // endpoints', paths not shown), the default of HOTELS_LOGOUT_URLS: each ends the partner's session in this
  // browser by clearing its cookie. A real partner's are on its own site; a page loads them without reading
  // the answer.
  for (const url of SANDBOX_HOTELS_LOGOUT_PATHS) {
    app.get(
      url,
      {
        schema: {
          tags: ['customer-management'],
          summary: 'Sandbox hotel partner: end its session in this browser',
          response: { 204: z.null() },
        },
      },
      async (_request, reply) => {
        reply
          .clearCookie(SANDBOX_HOTELS_SESSION_COOKIE, { path: '/' })
          .header('cache-control', 'no-store')
          .status(204);
        return null;
      },
    );
  }
};
