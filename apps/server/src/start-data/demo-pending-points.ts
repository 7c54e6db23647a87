import { ukDate } from '@app/contracts/missing-points';
import { eq } from 'drizzle-orm';
import type { Database } from '../db/database.ts';
import { cards } from '../db/schema/core.ts';
import { pendingPoints } from '../db/schema/missing-points.ts';
import { demoCollector } from './demo-collector.ts';

const DAY_MS = 86_400_000;

/**
 * The demo member's points on their way (docs/features.md "Missing points"): two partner purchases whose points post
 * in a few days, so the claim form's instant answer can be tried (Argos, reference ARG-5521-0907, £64.00).
 * Dated from the start that loads them and written once (fixed ids): a later start keeps them, and once
 * posted they stay in the ledger.
 */
export async function loadDemoPendingPoints(db: Database, now = new Date()) {
  const [card] = await db.select().from(cards).where(eq(cards.number, demoCollector.cardNumber));
  if (!card) return;
  const day = (offset: number) => ukDate(new Date(now.getTime() + offset * DAY_MS));
  await db
    .insert(pendingPoints)
    .values([
      {
        id: 'e7a1c000-0000-4000-8000-000000000001',
        collectorId: card.collectorId,
        partner: 'argos',
        purchasedOn: day(-3),
        spendPence: 6400,
        reference: 'ARG-5521-0907',
        referenceKey: 'ARG55210907',
        points: 128,
        expectedOn: day(4),
      },
      {
        id: 'e7a1c000-0000-4000-8000-000000000002',
        collectorId: card.collectorId,
        partner: 'ebay',
        purchasedOn: day(-6),
        spendPence: 2250,
        reference: '14-09871-55203',
        referenceKey: '140987155203',
        points: 44,
        expectedOn: day(8),
      },
    ])
    .onConflictDoNothing();
}
