import { eq } from 'drizzle-orm';
import type { Database } from '../db/database.ts';
import { accountEvents } from '../db/schema/account.ts';
import { cards, collectors } from '../db/schema/core.ts';
import { collectorAddresses } from '../db/schema/registration.ts';
import { demoCollector } from './demo-collector.ts';

/** The demo collector's address, from the bundled address set (README "Registration test addresses"). */
const DEMO_ADDRESS = { lines: ['10 King Edward Street', 'London'], postcode: 'EC1A 1BB' };

/**
 * The demo member's account area has something to show: an address and a first entry in the account log.
 * Safe at every start and on several instances at once: the collector row is locked while checking.
 */
export async function loadDemoAccount(db: Database) {
  await db.transaction(async (tx) => {
    const [card] = await tx
      .select({ collectorId: cards.collectorId })
      .from(cards)
      .where(eq(cards.number, demoCollector.cardNumber));
    if (!card) return;
    await tx
      .select({ id: collectors.id })
      .from(collectors)
      .where(eq(collectors.id, card.collectorId))
      .for('update');
    const [address] = await tx
      .select({ id: collectorAddresses.id })
      .from(collectorAddresses)
      .where(eq(collectorAddresses.collectorId, card.collectorId))
      .limit(1);
    const [event] = await tx
      .select({ id: accountEvents.id })
      .from(accountEvents)
      .where(eq(accountEvents.collectorId, card.collectorId))
      .limit(1);
    if (!address && !event) {
      await tx.insert(collectorAddresses).values({ collectorId: card.collectorId, ...DEMO_ADDRESS });
    }
    if (!event) {
      await tx.insert(accountEvents).values({
        collectorId: card.collectorId,
        type: 'contact-preferences-changed',
        createdAt: new Date(Date.now() - 7 * 86_400_000),
      });
    }
  });
}
