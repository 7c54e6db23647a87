import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '@app/contracts/api-error';
import {
  clientIdSchema,
  connectedAppsResponseSchema,
  consentDecisionResponseSchema,
  consentDecisionSchema,
  consentMessages,
  consentRequestSchema,
  interactionUidSchema,
} from '@app/contracts/connected-apps';
import { AppError } from '../../lib/app-error.ts';
import { decideConsent, describeConsent, disconnectApp, listConnectedApps } from './consent.ts';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 404: apiErrorSchema };
const tags = ['identity'];

/**
 * /identity-api (ADR 017): the consent page's two calls, found by the provider's interaction id as the
 * password step is (ADR 007: the resume cookie still binds the interaction to the browser), and the
 * member's connected apps on the account security page.
 */
export const identityAppsRoutes: FastifyPluginAsyncZod = async (app) => {
  const provider = () => app.identity.provider;

  /**
   * Only the browser the provider sent to the consent page may answer it: the provider's signed interaction
   * cookie must name this interaction. Anything else reads as the page having expired.
   */
  const requireInteractionCookie = async (request: FastifyRequest, reply: FastifyReply, uid: string) => {
    const interaction = await provider()
      .interactionDetails(request.raw, reply.raw)
      .catch(() => undefined);
    if (interaction?.uid !== uid) throw new AppError(404, 'CONSENT_EXPIRED', consentMessages.expired);
  };

  app.get(
    '/identity-api/consent/:uid',
    {
      schema: {
        tags,
        summary: 'What the app waiting for consent asks for',
        params: z.object({ uid: interactionUidSchema }),
        response: { 200: consentRequestSchema, ...errors },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      return describeConsent(provider(), request.params.uid);
    },
  );

  app.post(
    '/identity-api/consent/:uid',
    {
      schema: {
        tags,
        summary: 'The member allows or refuses the app; answers where the browser continues',
        params: z.object({ uid: interactionUidSchema }),
        body: consentDecisionSchema,
        response: { 200: consentDecisionResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      await requireInteractionCookie(request, reply, request.params.uid);
      const location = await decideConsent(provider(), request.params.uid, request.body.allow);
      void reply.header('location', location).header('cache-control', 'no-store');
      return { location };
    },
  );

  app.get(
    '/identity-api/connected-apps',
    {
      preHandler: app.requireSession,
      schema: {
        tags,
        summary: 'The apps the member has let into their account',
        response: { 200: connectedAppsResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      const apps = await listConnectedApps(app.db, provider(), request.collectorId);
      return { apps };
    },
  );

  app.delete(
    '/identity-api/connected-apps/:clientId',
    {
      preHandler: app.requireSession,
      schema: {
        tags,
        summary: 'Disconnects an app: its tokens stop working and it must ask again',
        params: z.object({ clientId: clientIdSchema }),
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      const removed = await disconnectApp(app.db, request.collectorId, request.params.clientId);
      if (!removed) throw new AppError(404, 'APP_NOT_CONNECTED', consentMessages.notFound);
      return reply.code(204).send(null);
    },
  );
};
