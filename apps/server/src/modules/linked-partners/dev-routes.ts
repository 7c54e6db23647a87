import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { cardMessages } from '@app/contracts/card';
import { GENERIC_ERROR_MESSAGE } from '@app/contracts/error-messages';
import { fullCardNumberSchema } from '@app/contracts/card-number';
import { PARTNER_KINDS, SANDBOX_FAILURES, membershipNumberSchema } from '@app/contracts/linked-partners';
import { cards } from '../../db/schema/core.ts';
import { partnerLinks, partnerTransfers } from '../../db/schema/linked-partners.ts';
import { AppError } from '../../lib/app-error.ts';
import { upsertSandboxAccount } from './sandbox-partner.ts';

/** Tester tooling for the sandbox partners; registered only outside production (README "Tester tools"). */
export const linkedPartnersDevRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/dev/linked-partners/sandbox',
    {
      schema: {
        tags: ['dev'],
        summary: 'Create or change a sandbox partner account: balance, last name, failure switch',
        body: z.object({
          kind: z.enum(PARTNER_KINDS),
          membershipNumber: membershipNumberSchema,
          lastName: z.string().min(1).max(60).optional(),
          balance: z.number().int().min(0).optional(),
          failure: z.enum(SANDBOX_FAILURES).optional(),
        }),
        response: {
          200: z.object({
            partnerId: z.string(),
            membershipNumber: z.string(),
            lastName: z.string(),
            balance: z.number(),
            failure: z.string(),
          }),
        },
      },
    },
    async (request) => {
      const row = await upsertSandboxAccount(app.db, request.body);
      if (!row) throw new AppError(500, 'SERVER_ERROR', GENERIC_ERROR_MESSAGE);
      return row;
    },
  );

  app.post(
    '/dev/linked-partners/reset',
    {
      schema: {
        tags: ['dev'],
        summary: "Forget a card holder's partner links and conversions (link caps start again)",
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
      await app.db.delete(partnerLinks).where(eq(partnerLinks.collectorId, card.collectorId));
      await app.db.delete(partnerTransfers).where(eq(partnerTransfers.collectorId, card.collectorId));
      return reply.status(204).send(null);
    },
  );
};
