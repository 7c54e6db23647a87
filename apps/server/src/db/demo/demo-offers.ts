import { eq } from 'drizzle-orm';
import { recordPoints } from '../../lib/points-ledger.ts';
import { offerCatalogue } from '../../modules/offers/catalogue.ts';
import { assignOffers, countAssignments, insertCatalogue } from '../../modules/offers/repository.ts';
import { demoOfferState } from '../../modules/offers/starter-offers.ts';
import type { Database } from '../database.ts';
import { cards } from '../schema/core.ts';
import { demoCollector } from './demo-collector.ts';

/** The demo collector's points history: the balance is the sum of real ledger entries. */
const demoHistory = [
  { amount: 1250, reason: 'Shopping at the supermarket', source: 'sainsburys-till', daysAgo: 40 },
  { amount: 300, reason: 'Bonus offer: bananas and apples', source: 'offers-api', daysAgo: 33 },
  { amount: 420, reason: 'Fuel', source: 'esso', daysAgo: 21 },
  { amount: -500, reason: 'Spent: £2.50 off your shopping', source: 'sainsburys-till', daysAgo: 14 },
  { amount: 980, reason: 'Shopping at the supermarket', source: 'sainsburys-till', daysAgo: 6 },
] as const;

/** Puts the offer catalogue in place: new offers only (registration gives new members all of them). */
export async function loadOfferCatalogue(db: Database) {
  await insertCatalogue(db, offerCatalogue());
}

/** Once, the demo collector's offers and points (inserts ignore rows that exist). */
export async function loadDemoOffers(db: Database, now = new Date()) {
  const catalogue = offerCatalogue();
  const [card] = await db.select().from(cards).where(eq(cards.number, demoCollector.cardNumber));
  if (!card) return;
  if ((await countAssignments(db, card.collectorId)) > 0) return;
  await assignOffers(
    db,
    card.collectorId,
    catalogue.map((offer) => offer.id),
    demoOfferState,
  );
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
