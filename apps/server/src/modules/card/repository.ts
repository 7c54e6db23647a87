import { randomInt } from 'node:crypto';
import { and, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Database, DbExecutor } from '../../db/database.ts';
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
 * What runs in a card change's own transaction, after the change, with the card's number (a replacement's
 * new one): the careline's audit row.
 */
export type Alongside = (tx: DbExecutor, cardNumber: string) => Promise<unknown>;

/**
 * Replaces the collector's card: every active card other than a temporary one is marked replaced (it can no
 * longer sign in or collect) and a new number of the same kind is issued; with no card in use, the kind of
 * the card the careline blocked (which stays blocked). The ledger belongs to the collector, so the points
 * stay. One transaction under the collector's row lock, so two replacements run one by one; `alongside` runs
 * in it.
 */
export async function replaceCard(
  db: Database,
  collectorId: string,
  reason: string,
  cardType: 'CARD' | 'KEYTAG',
  feed?: ChangeFeed,
  alongside?: Alongside,
): Promise<string> {
  const number = await db.transaction(async (tx) => {
    await tx
      .select({ id: collectors.id })
      .from(collectors)
      .where(eq(collectors.id, collectorId))
      .for('update');
    const ofStatus = (status: 'active' | 'blocked') =>
      tx
        .select()
        .from(cards)
        .where(and(eq(cards.collectorId, collectorId), eq(cards.status, status), ne(cards.kind, 'temporary')))
        .orderBy(desc(cards.issuedAt));
    const current = await ofStatus('active');
    const previous = current[0] ?? (await ofStatus('blocked'))[0];
    const kind = previous?.kind ?? 'digital';
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
      oldNumber: previous?.number ?? null,
      newNumber: number,
      reason,
      cardType,
    });
    await alongside?.(tx, number);
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

/** A card of the collector, whatever its status. */
export async function findCardOf(db: Database, collectorId: string, number: string) {
  const [row] = await db
    .select()
    .from(cards)
    .where(and(eq(cards.collectorId, collectorId), eq(cards.number, number)));
  return row;
}

/** What a change of a card's status came to. */
export type CardStatusOutcome = 'changed' | 'not-found' | 'wrong-status' | 'other-active';

/**
 * Moves one card of the collector from one status to another (the careline's block and unblock), under the
 * collector's row lock: nothing when the card is not theirs or not in `from`; a card becomes active only
 * while the collector has no other card in use (a replacement made after it was blocked; a temporary card
 * aside). `alongside` runs in the same transaction, after the change.
 */
export async function changeCardStatus(
  db: Database,
  change: {
    collectorId: string;
    number: string;
    from: 'active' | 'blocked';
    to: 'active' | 'blocked';
  },
  feed?: ChangeFeed,
  alongside?: Alongside,
): Promise<CardStatusOutcome> {
  const { collectorId, number } = change;
  const outcome = await db.transaction(async (tx): Promise<CardStatusOutcome> => {
    await tx
      .select({ id: collectors.id })
      .from(collectors)
      .where(eq(collectors.id, collectorId))
      .for('update');
    const memberCards = await tx.select().from(cards).where(eq(cards.collectorId, collectorId));
    const card = memberCards.find((candidate) => candidate.number === number);
    if (!card) return 'not-found';
    if (card.status !== change.from) return 'wrong-status';
    const inUse = (other: typeof card) => other.status === 'active' && other.kind !== 'temporary';
    if (change.to === 'active' && memberCards.some(inUse)) {
      return 'other-active';
    }
    await tx.update(cards).set({ status: change.to }).where(eq(cards.number, number));
    await alongside?.(tx, number);
    await feed?.announce(tx, cardChangeKey(collectorId));
    return 'changed';
  });
  if (outcome === 'changed') feed?.changed(cardChangeKey(collectorId));
  return outcome;
}
