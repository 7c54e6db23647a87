import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '@app/contracts/api-error';
import { AppError } from '../../lib/app-error.ts';
import { getOrCreateSecret } from '../../lib/server-secrets.ts';
import { createHotelsSessionToken, isAllowedRedirectTarget } from './service.ts';

export const HOTELS_SESSION_HEADER = 'x-hotels-session';

/**
 * GET /customer-management-api/customer/session/hotels (signed-in spec 4, 7.4): a hotels session token for the
 * session holder, in the body and the response header. With `redirect`, the target is checked against the
 * allow-list here as well as in the app, and the answer names the redirect page with token and target.
 */
export const hotelsSessionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/customer-management-api/customer/session/hotels',
    {
      preHandler: app.requireSession,
      schema: {
        tags: ['customer-management'],
        summary: 'A hotels session token; with redirect, the allow-listed redirect page',
        querystring: z.object({ redirect: z.string().max(2000).optional() }),
        response: {
          200: z.object({ token: z.string(), expiresAt: z.string(), redirectUrl: z.string().optional() }),
          400: apiErrorSchema,
          401: apiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const { redirect } = request.query;
      if (redirect !== undefined && !isAllowedRedirectTarget(redirect)) {
        throw new AppError(400, 'REDIRECT_NOT_ALLOWED', 'That address is not one we can take you to.');
      }
      const secret = await getOrCreateSecret(app.db, 'hotels-session');
      const { token, expiresAt } = createHotelsSessionToken(secret, request.collectorId);
      reply.header(HOTELS_SESSION_HEADER, token).header('cache-control', 'no-store');
      const redirectUrl = redirect
        ? `/sso-redirection?${new URLSearchParams({ pianosessionhotels: token, location: redirect }).toString()}`
        : undefined;
      return { token, expiresAt: expiresAt.toISOString(), redirectUrl };
    },
  );
};
