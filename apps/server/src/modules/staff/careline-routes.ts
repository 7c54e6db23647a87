import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrors } from '@app/contracts/api-error';
import { fullCardNumberSchema } from '@app/contracts/card-number';
import {
  careActionAnswerSchema,
  careActionSchema,
  changeEmailRequestSchema,
  claimDecisionSchema,
  queuedClaimSchema,
  replaceCardRequestSchema,
  resendLinkRequestSchema,
} from '@app/contracts/staff-careline';
import { inStock } from '../card/service.ts';
import { createCareline } from './careline.ts';
import { consoleSession, staffServiceOf } from './routes.ts';

const tags = ['staff'];
const errors = apiErrors(400, 401, 403, 404, 409);
const idParams = z.object({ id: z.uuid() });
const cardParams = z.object({ id: z.uuid(), number: fullCardNumberSchema });
const answer = { 200: careActionAnswerSchema, ...errors };

/**
 * The careline's calls (docs/staff-console.md "Putting things right"): the role check of each action before
 * the handler, as every console call; the caller check, the audit row and telling the member in careline.ts.
 * HTTP only.
 */
export const carelineRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = staffServiceOf(app);
  const { may, staffOf } = consoleSession(app, service);
  const careline = createCareline({
    db: app.db,
    clock: app.clock,
    notify: app.notify,
    sessions: app.sessions,
    publicUrl: app.config.publicUrl,
    feed: app.changes,
    audit: service.audit,
    limits: app.config.staffPointsLimits,
  });
  const member = '/staff-api/members/:id';
  const card = `${member}/cards/:number`;

  // The actions on a member that take only the reason: one declaration for each, the same shape for all.
  const onMember = [
    ['sign-in-lockout/clear', 'clearLockout', "Clears the member's sign-in lockout and wrong passwords"],
    ['sessions/end', 'signOutEverywhere', 'Logs the member out of every device and app'],
    ['spending-lock/off', 'unlockSpending', "Turns the member's redemption lock off (a supervisor)"],
    [
      'close',
      'closeAccount',
      "Closes the member's account (a supervisor): personal details removed, every sign-in ended",
    ],
  ] as const;
  for (const [path, action, summary] of onMember) {
    app.post(
      `${member}/${path}`,
      {
        preHandler: may(action),
        schema: { tags, summary, params: idParams, body: careActionSchema, response: answer },
      },
      async (request) => careline[action](staffOf(request), request.params.id, request.body.reason),
    );
  }

  // The same for a member's card.
  const onCard = [
    [
      'block',
      'blockCard',
      "Blocks a member's card in use: it stops working everywhere until a supervisor unblocks it",
    ],
    [
      'unblock',
      'unblockCard',
      'Unblocks a blocked card (a supervisor), unless the member has another card in use now',
    ],
  ] as const;
  for (const [path, action, summary] of onCard) {
    app.post(
      `${card}/${path}`,
      {
        preHandler: may(action),
        schema: { tags, summary, params: cardParams, body: careActionSchema, response: answer },
      },
      async (request) =>
        careline[action](staffOf(request), request.params.id, request.params.number, request.body.reason),
    );
  }

  app.post(
    `${card}/replace`,
    {
      preHandler: may('replaceCard'),
      schema: {
        tags,
        summary: 'Replaces a card in use or blocked with a new number; the balance stays with the member',
        params: cardParams,
        body: replaceCardRequestSchema,
        response: answer,
      },
    },
    async (request) =>
      careline.replaceCard(staffOf(request), request.params.id, request.params.number, {
        ...request.body,
        cardType: inStock(request, request.body.cardType),
      }),
  );

  app.post(
    `${member}/links`,
    {
      preHandler: may('resendLink'),
      schema: {
        tags,
        summary:
          "Sends a password reset link, or the new address's confirmation link, again to the member's own address",
        params: idParams,
        body: resendLinkRequestSchema,
        response: answer,
      },
    },
    async (request) =>
      careline.resendLink(staffOf(request), request.params.id, request.body.link, request.body.reason),
  );

  app.post(
    `${member}/email`,
    {
      preHandler: may('changeEmail'),
      schema: {
        tags,
        summary:
          "Changes the member's email address (a supervisor): it changes when the link sent to the new one is opened",
        params: idParams,
        body: changeEmailRequestSchema,
        response: answer,
      },
    },
    async (request) =>
      careline.changeEmail(staffOf(request), request.params.id, request.body.email, request.body.reason),
  );

  app.get(
    '/staff-api/claims',
    {
      preHandler: may('viewClaims'),
      schema: {
        tags,
        summary: 'Missing-points claims still open, oldest first (a supervisor)',
        response: { 200: z.array(queuedClaimSchema), ...errors },
      },
    },
    async () => careline.openClaims(),
  );

  app.post(
    '/staff-api/claims/:id/decision',
    {
      preHandler: may('decideClaim'),
      schema: {
        tags,
        summary:
          'Grants a claim with its points through the ledger, or refuses it with the reason the member reads',
        params: idParams,
        body: claimDecisionSchema,
        response: answer,
      },
    },
    async (request) => careline.decideClaim(staffOf(request), request.params.id, request.body),
  );
};
