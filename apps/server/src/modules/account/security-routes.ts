import { z } from 'zod';
import {
  accountEventsSchema,
  accountMessages,
  accountSessionsSchema,
  changePasswordSchema,
} from '@app/contracts/account';
import { description, errors, guards, P, perClient, tags, tight, type AccountRoutes } from './route-parts.ts';

/** The password, and the security page's sessions and log. */
export const securityRoutes: AccountRoutes = (app, service) => {
  const { signed, sensitive, token } = guards(app);

  app.put(
    `${P}/credentials/password`,
    {
      ...sensitive,
      config: tight,
      schema: {
        tags,
        summary:
          'Changes the password: the current one, then the rules of docs/product/signed-in-pages.md §S5; every other session ends',
        body: changePasswordSchema,
        response: { 200: description, ...errors },
      },
    },
    async (request, reply) => {
      const collectorId = request.collectorId;
      const idToken = request.session?.data.idToken;
      // Every session ends, this one too: this browser gets a fresh one (rotated id).
      await service.changePassword(
        request,
        collectorId,
        request.body.currentPassword,
        request.body.newPassword,
        () => app.signIn(request, reply, collectorId, idToken ? { idToken } : {}),
      );
      return { description: accountMessages.passwordChanged };
    },
  );

  app.get(
    `${P}/account/sessions`,
    {
      ...signed,
      schema: {
        tags,
        summary: 'The live sessions of the member',
        response: { 200: accountSessionsSchema, ...errors },
      },
    },
    async (request) => ({ sessions: await service.listSessions(request.collectorId, token(request)) }),
  );
  app.post(
    `${P}/account/sessions/sign-out-others`,
    {
      ...sensitive,
      config: perClient,
      schema: {
        tags,
        summary: 'Ends every other session of the member (this browser gets a fresh one)',
        response: { 200: description, ...errors },
      },
    },
    async (request, reply) => {
      const collectorId = request.collectorId;
      const data = request.session?.data ?? {};
      await service.signOutOthers(request, collectorId, () => app.signIn(request, reply, collectorId, data));
      return { description: accountMessages.othersSignedOut };
    },
  );
  app.post(
    `${P}/account/sessions/:sessionId/sign-out`,
    {
      ...sensitive,
      config: perClient,
      schema: {
        tags,
        summary: "Logs one other device out: its session and the identity provider's sign-in behind it",
        params: z.object({ sessionId: z.string().regex(/^[\w-]{16}$/) }),
        response: { 200: description, ...errors },
      },
    },
    async (request) =>
      service.signOutSession(request, request.collectorId, token(request), request.params.sessionId),
  );
  app.get(
    `${P}/account/events`,
    {
      ...signed,
      schema: {
        tags,
        summary: 'The log of sign-ins and account changes',
        response: { 200: accountEventsSchema, ...errors },
      },
    },
    async (request) => ({ events: await service.listEvents(request.collectorId) }),
  );
};
