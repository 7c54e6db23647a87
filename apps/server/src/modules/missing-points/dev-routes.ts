import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CLAIM_PARTNERS,
  missingPointsMessages,
  pendingEntrySchema,
  referenceKey,
  ukDate,
} from '@app/contracts/missing-points';
import { AppError } from '../../lib/app-error.ts';
import { toPendingEntry } from './pending-points.ts';
import { insertPending } from './repository.ts';

const DAY_MS = 86_400_000;
const partnerIds = CLAIM_PARTNERS.map((partner) => partner.id) as [string, ...string[]];

/** What a tester may give the pending entry; the rest is a plausible purchase of two days ago. */
const pendingOptionsSchema = z
  .object({
    partner: z.enum(partnerIds).default('argos'),
    /** How long ago the purchase was, in days. */
    daysAgo: z.number().int().min(0).max(89).default(2),
    spendPence: z.number().int().min(1).max(1_000_000).default(4599),
    reference: z
      .string()
      .regex(/^[A-Za-z0-9][A-Za-z0-9 /-]{2,38}[A-Za-z0-9]$/)
      .optional(),
    points: z.number().int().min(1).max(100_000).optional(),
    /** In how many days the points reach the balance (0: at the job's next run). */
    dueInDays: z.number().int().min(0).max(60).default(5),
  })
  .default({ partner: 'argos', daysAgo: 2, spendPence: 4599, dueInDays: 5 });

/**
 * Tester tool (DEV_TOOLS only, never in production): a pending entry ("points on their way") for the signed-in
 * member, so a journey or a tester can see the instant answer of a claim for it (docs/features.md "Missing points").
 */
export function registerMissingPointsDevRoutes(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/dev/missing-points/pending',
    {
      preHandler: app.requireSession,
      schema: {
        tags: ['dev'],
        summary: 'Adds a pending (delayed) points entry for the signed-in member',
        body: pendingOptionsSchema,
        response: { 201: pendingEntrySchema },
      },
    },
    async (request, reply) => {
      const options = request.body;
      const now = app.clock.now().getTime();
      const reference = options.reference ?? `ORD-${String(now).slice(-8)}`;
      const row = await insertPending(app.db, {
        collectorId: request.collectorId,
        partner: options.partner,
        purchasedOn: ukDate(new Date(now - options.daysAgo * DAY_MS)),
        spendPence: options.spendPence,
        reference,
        referenceKey: referenceKey(reference),
        points: options.points ?? Math.max(1, Math.floor(options.spendPence / 100) * 2),
        expectedOn: ukDate(new Date(now + options.dueInDays * DAY_MS)),
      });
      if (!row) throw new AppError(409, 'CLAIM_DUPLICATE', missingPointsMessages.pendingEntryExists);
      return reply.code(201).send(toPendingEntry(row));
    },
  );
}
