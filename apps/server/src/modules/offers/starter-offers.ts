import type { Database } from '../../db/database.ts';
import { offerCatalogue } from './catalogue.ts';
import { assignOffers } from './repository.ts';
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
