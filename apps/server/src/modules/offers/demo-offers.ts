import { eq } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { demoCollector } from '../../db/demo-data.ts';
import { cards } from '../../db/schema/core.ts';
import { recordPoints } from '../../lib/points-ledger.ts';
import { offerCatalogue } from './catalogue.ts';
import { assignOffers, countAssignments, insertCatalogue } from './repository.ts';
import { offersChangeKey } from './service.ts';
import type { ChangeFeed } from '../../lib/change-feed.ts';

/** How the demo collector's offers start: a few saved, one pinned, one hidden, one partner offer opted in. */
const demoStates: Record<string, string> = {
  'piano-001': 'LOADED',
  'piano-002': 'LOADED',
  'piano-003': 'PINNED',
  'piano-004': 'HIDDEN',
  'coalition-002': 'OPTEDIN',
};

/** An offer's first state for the demo collector (and for a tester's fresh member made like it). */
export const demoOfferState = (id: string) =>
  demoStates[id] ?? (id.startsWith('coalition-') ? 'NOTOPTEDIN' : 'UNLOADED');

/** The demo collector's points history: the balance is the sum of real ledger entries. */
const demoHistory = [
  { amount: 1250, reason: 'Shopping at the supermarket', source: 'sainsburys-till', daysAgo: 40 },
  { amount: 300, reason: 'Bonus offer: bananas and apples', source: 'offers-api', daysAgo: 33 },
  { amount: 420, reason: 'Fuel', source: 'esso', daysAgo: 21 },
  { amount: -500, reason: 'Spent: £2.50 off your shopping', source: 'sainsburys-till', daysAgo: 14 },
  { amount: 980, reason: 'Shopping at the supermarket', source: 'sainsburys-till', daysAgo: 6 },
] as const;

/**
 * Puts the catalogue in place (new offers only) and, once, the demo collector's offers and points. Safe to
 * run at every start and on several instances at once (inserts ignore rows that exist).
 */
export async function ensureOffersAndDemoData(db: Database, now = new Date()) {
  const catalogue = offerCatalogue();
  await insertCatalogue(db, catalogue);
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

/**
 * New collectors get the current catalogue as their starter set, none saved (call at registration, after
 * the collector's transaction). Every instance forgets any offers list it kept for them.
 */
export async function assignStarterOffers(db: Database, collectorId: string, feed?: ChangeFeed) {
  const catalogue = offerCatalogue();
  await assignOffers(
    db,
    collectorId,
    catalogue.map((offer) => offer.id),
    (id) => (id.startsWith('coalition-') ? 'NOTOPTEDIN' : 'UNLOADED'),
  );
  await feed?.announce(db, offersChangeKey(collectorId));
  feed?.changed(offersChangeKey(collectorId));
}
