import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { cardMessages } from '@app/contracts/card';
import { fullCardNumberSchema } from '@app/contracts/card-number';
import { AppError } from '../../lib/app-error.ts';
import { cards } from '../../db/schema/core.ts';
import { outboxCss, renderOutboxPage } from './outbox-page.ts';

const outboxEntrySchema = z.object({
  id: z.string(),
  channel: z.enum(['email', 'sms']),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string().nullable(),
  links: z.array(z.string()),
  createdAt: z.string(),
});

/**
 * Developer tools; registered only when NODE_ENV is not production (docs/architecture.md "Platform
 * contracts").
 */
export const devRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/dev/outbox',
    {
      schema: {
        tags: ['dev'],
        summary: 'Messages kept in the outbox, newest first (JSON, or a page for a browser)',
        response: { 200: z.union([z.array(outboxEntrySchema), z.string()]) },
      },
    },
    async (request, reply) => {
      const entries = await app.notify.listOutbox();
      reply.header('cache-control', 'no-store');
      const wantsPage = request.headers.accept?.includes('text/html') ?? false;
      if (wantsPage) return reply.type('text/html; charset=utf-8').send(renderOutboxPage(entries));
      return entries;
    },
  );
  app.get('/dev/outbox.css', { schema: { hide: true } }, async (_request, reply) =>
    reply.type('text/css').send(outboxCss),
  );

  // Tester tool: start a session for a card without the sign-in journey (e2e journeys, manual checks).
  app.post(
    '/dev/session',
    {
      schema: {
        tags: ['dev'],
        summary: 'Start a session for a card (sets the session cookie); not registered in production',
        body: z.object({ cardNumber: fullCardNumberSchema }),
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      const [card] = await app.db
        .select({ collectorId: cards.collectorId })
        .from(cards)
        .where(eq(cards.number, request.body.cardNumber));
      if (!card) throw new AppError(404, 'CARD_NOT_FOUND', cardMessages.numberUnknown);
      await app.signIn(request, reply, card.collectorId);
      return reply.status(204).send(null);
    },
  );
};
