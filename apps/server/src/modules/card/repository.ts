import { randomInt } from 'node:crypto';
import { and, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import type { ChangeFeed } from '../../lib/change-feed.ts';
import { cardReplacements } from '../../db/schema/card-activity.ts';
import { cards, collectors } from '../../db/schema/core.ts';
import { collectorAddresses } from '../../db/schema/registration.ts';
import { CARD_PREFIX } from '@app/contracts/card-number';

/**
 * Change-feed key of a collector's card and last card request. A temporary card becoming digital needs none:
 * its holder has no session until the registration that upgrades it signs them in; a closed account's
 * sessions end with it.
 */
export const cardChangeKey = (collectorId: string) => `card:${collectorId}`;

/** The collector's card in use: the newest active one. */
export async function findActiveCard(db: Database, collectorId: string) {
  const [row] = await db
    .select()
    .from(cards)
    .where(and(eq(cards.collectorId, collectorId), eq(cards.status, 'active')))
    .orderBy(desc(cards.issuedAt))
    .limit(1);
  return row;
}

export async function lastRequest(db: Database, collectorId: string) {
  const [row] = await db
    .select()
    .from(cardReplacements)
    .where(eq(cardReplacements.collectorId, collectorId))
    .orderBy(desc(cardReplacements.createdAt))
    .limit(1);
  return row;
}

/** Collectors whose date of birth, last name and postcode all match (retrieve and replace card). */
export async function findCollectorsByDetails(
  db: Database,
  details: { dateOfBirth: string; lastName: string; postcode: string },
) {
  return db
    .selectDistinct({
      id: collectors.id,
      email: collectors.email,
      firstName: collectors.firstName,
      phoneCountryCode: collectors.phoneCountryCode,
      phoneNumber: collectors.phoneNumber,
    })
    .from(collectors)
    .innerJoin(collectorAddresses, eq(collectorAddresses.collectorId, collectors.id))
    .innerJoin(cards, and(eq(cards.collectorId, collectors.id), eq(cards.status, 'active')))
    .where(
      and(
        eq(collectors.status, 'active'),
        eq(collectors.dateOfBirth, details.dateOfBirth),
        sql`lower(${collectors.lastName}) = lower(${details.lastName})`,
        sql`upper(replace(${collectorAddresses.postcode}, ' ', '')) = ${details.postcode}`,
      ),
    )
    .limit(2);
}

const newCardNumber = () => `${CARD_PREFIX}${String(randomInt(0, 100_000_000_000)).padStart(11, '0')}`;

/**
 * Replaces the collector's card: every active card other than a temporary one is marked replaced (it can no
 * longer sign in or collect) and a new number of the same kind is issued. The ledger belongs to the collector,
 * so the points stay. One transaction under the collector's row lock, so two replacements run one by one.
 */
export async function replaceCard(
  db: Database,
  collectorId: string,
  reason: string,
  cardType: 'CARD' | 'KEYTAG',
  feed?: ChangeFeed,
): Promise<string> {
  const number = await db.transaction(async (tx) => {
    await tx
      .select({ id: collectors.id })
      .from(collectors)
      .where(eq(collectors.id, collectorId))
      .for('update');
    const current = await tx
      .select()
      .from(cards)
      .where(and(eq(cards.collectorId, collectorId), eq(cards.status, 'active'), ne(cards.kind, 'temporary')))
      .orderBy(desc(cards.issuedAt));
    const kind = current[0]?.kind ?? 'digital';
    if (current.length > 0) {
      await tx
        .update(cards)
        .set({ status: 'replaced' })
        .where(
          inArray(
            cards.number,
            current.map((card) => card.number),
          ),
        );
    }
    let number = newCardNumber();
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const inserted = await tx
        .insert(cards)
        .values({ number, collectorId, kind })
        .onConflictDoNothing()
        .returning({ number: cards.number });
      if (inserted.length > 0) break;
      number = newCardNumber();
    }
    await tx.insert(cardReplacements).values({
      collectorId,
      oldNumber: current[0]?.number ?? null,
      newNumber: number,
      reason,
      cardType,
    });
    await feed?.announce(tx, cardChangeKey(collectorId));
    return number;
  });
  feed?.changed(cardChangeKey(collectorId));
  return number;
}

/** A request for a plastic card or key tag for the card in use (/account/request-card): no number changes. */
export async function recordCardRequest(
  db: Database,
  collectorId: string,
  cardNumber: string,
  cardType: 'CARD' | 'KEYTAG',
  feed?: ChangeFeed,
) {
  await db.transaction(async (tx) => {
    await tx
      .insert(cardReplacements)
      .values({ collectorId, oldNumber: cardNumber, newNumber: cardNumber, reason: 'REQUEST', cardType });
    await feed?.announce(tx, cardChangeKey(collectorId));
  });
  feed?.changed(cardChangeKey(collectorId));
}
