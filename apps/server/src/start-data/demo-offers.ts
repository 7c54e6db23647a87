import { eq } from 'drizzle-orm';
import { recordPoints } from '../lib/points-ledger.ts';
import { assignDemoOffers } from '../modules/offers/service.ts';
import type { Database } from '../db/database.ts';
import { cards } from '../db/schema/core.ts';
import { collectorOffers } from '../db/schema/offers.ts';
import { demoCollector } from './demo-collector.ts';

/** The demo collector's points history: the balance is the sum of real ledger entries. */
const demoHistory = [
  { amount: 1250, reason: 'Shopping at the supermarket', source: 'sainsburys-till', daysAgo: 40 },
  { amount: 300, reason: 'Bonus offer: bananas and apples', source: 'offers-api', daysAgo: 33 },
  { amount: 420, reason: 'Fuel', source: 'esso', daysAgo: 21 },
  { amount: -500, reason: 'Spent: £2.50 off your shopping', source: 'sainsburys-till', daysAgo: 14 },
  { amount: 980, reason: 'Shopping at the supermarket', source: 'sainsburys-till', daysAgo: 6 },
] as const;

/** Once, the demo collector's offers and points (inserts ignore rows that exist). */
export async function loadDemoOffers(db: Database, now = new Date()) {
  const [card] = await db.select().from(cards).where(eq(cards.number, demoCollector.cardNumber));
  if (!card) return;
  const [assigned] = await db
    .select({ offerId: collectorOffers.offerId })
    .from(collectorOffers)
    .where(eq(collectorOffers.collectorId, card.collectorId))
    .limit(1);
  if (assigned) return;
  await assignDemoOffers(db, card.collectorId);
  for (const [index, entry] of demoHistory.entries()) {
    await recordPoints(db, {
      collectorId: card.collectorId,
      cardNumber: card.number,
      amount: entry.amount,
      reason: entry.reason,
      source: entry.source,
      idempotencyKey: `demo-history-${index}`,
      at: new Date(now.getTime() - entry.daysAgo * 86_400_000),
    });
  }
}
