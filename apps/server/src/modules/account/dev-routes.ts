import { randomInt } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { accountMessages } from '@app/contracts/account';
import { CARD_PREFIX } from '@app/contracts/card-number';
import { cards, collectors, contactPreferences, credentials } from '../../db/schema/core.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { AppError } from '../../lib/app-error.ts';
import { recordPoints } from '../../lib/points-ledger.ts';
import { writeSampleYear } from '../../lib/sample-points-year.ts';
import { assignDemoOffers } from '../offers/service.ts';
import { findCustomer } from './repository.ts';
import type { AccountService } from './service.ts';

/** Password of the members the tester tool below makes. */
export const JOURNEY_MEMBER_PASSWORD = 'Journey-pass-2026';

/** What a journey may ask its fresh member to start with; without them it has no points and no offers. */
const accountMemberOptionsSchema = z
  .object({
    /** A starting balance, as one entry in the points ledger. */
    points: z.number().int().min(1).max(1_000_000).optional(),
    /** 'demo': the demo member's offers, a few of them already saved, pinned, hidden or opted into. */
    offers: z.literal('demo').optional(),
    /**
     * 'year': twelve months of dated entries (weekly shops, monthly fuel, brand partners, two spends, one
     * conversion to Avios), for the points-over-time chart and a goal's pace (lib/sample-points-year.ts).
     */
    history: z.literal('year').optional(),
  })
  .optional();

/**
 * Tester tool (not in production): a fresh member of its own, signed in on this browser, so a journey can
 * change a password, an email address, its offers or its points, or close an account, without touching the
 * demo member (and so beside the other journeys).
 */
export function registerAccountDevRoutes(app: FastifyInstance, service: AccountService) {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/dev/account-member',
    {
      schema: {
        tags: ['dev'],
        summary: 'Makes a fresh member (card, password, email, mobile) and signs this browser in as it',
        body: accountMemberOptionsSchema,
        response: {
          200: z.object({ cardNumber: z.string(), email: z.string(), password: z.string() }),
        },
      },
    },
    async (request, reply) => {
      const suffix = String(randomInt(0, 1e9)).padStart(9, '0');
      const cardNumber = `${CARD_PREFIX}77${suffix}`;
      const email = `member-${suffix}@example.com`;
      const passwordHash = await hashPassword(JOURNEY_MEMBER_PASSWORD);
      const collectorId = await app.db.transaction(async (tx) => {
        const [collector] = await tx
          .insert(collectors)
          .values({
            title: 'Mr',
            firstName: 'Sam',
            lastName: 'Tester',
            email,
            dateOfBirth: null,
            phoneCountryCode: '+44',
            phoneNumber: `7700${suffix.slice(3)}`,
          })
          .returning({ id: collectors.id });
        const id = collector?.id ?? '';
        await tx.insert(cards).values({ number: cardNumber, collectorId: id, kind: 'digital' });
        await tx.insert(credentials).values({ collectorId: id, passwordHash });
        await tx.insert(contactPreferences).values({ collectorId: id, byEmail: true });
        return id;
      });
      const { points, offers, history } = request.body ?? {};
      if (offers === 'demo') {
        await assignDemoOffers(app.db, collectorId);
      }
      if (points) {
        await recordPoints(
          app.db,
          {
            collectorId,
            cardNumber,
            amount: points,
            reason: 'Shopping',
            source: 'sainsburys-till',
            idempotencyKey: `account-member-${suffix}`,
          },
          app.changes,
        );
      }
      if (history === 'year') {
        await writeSampleYear(app.db, { collectorId, cardNumber }, app.clock.now(), app.changes);
      }
      await app.signIn(request, reply, collectorId);
      return { cardNumber, email, password: JOURNEY_MEMBER_PASSWORD };
    },
  );

  app.post(
    '/dev/marketing-email',
    {
      preHandler: app.requireSession,
      schema: {
        tags: ['dev'],
        summary: 'Sends the signed-in member a sample marketing email (with its one-click unsubscribe link)',
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      const collectorId = request.collectorId;
      const customer = await findCustomer(app.db, collectorId, app.clock.now());
      if (!customer?.email) throw new AppError(400, 'NO_EMAIL', accountMessages.noEmail);
      await app.notify.send({
        channel: 'email',
        to: customer.email,
        subject: `This week's offers for you, ${customer.firstName ?? ''}`,
        text: service.marketingEmail(collectorId, 'New bonus points offers are waiting in your account.'),
      });
      return reply.status(204).send(null);
    },
  );
}
