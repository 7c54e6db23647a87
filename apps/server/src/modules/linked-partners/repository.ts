import { and, desc, eq, gte, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/database.ts';
import { accountEvents } from '../../db/schema/account.ts';
import { cards, collectors } from '../../db/schema/core.ts';
import { partnerLinks, partnerTransfers } from '../../db/schema/linked-partners.ts';
import type { Transfer } from '@app/contracts/linked-partners';

export type PartnerTransfer = typeof partnerTransfers.$inferSelect;

/** Each link row is one link, plus one unlink once it has ended: the count the cap of 4 applies to. */
const actions = sql<number>`(count(*) + count(${partnerLinks.unlinkedAt}))::int`;

export async function linkActionCounts(
  db: DbExecutor,
  q: { collectorId: string; cardNumber: string; partnerId: string; partnerAccount?: string },
) {
  const count = async (where: ReturnType<typeof and>) =>
    Number((await db.select({ n: actions }).from(partnerLinks).where(where))[0]?.n ?? 0);
  return {
    collector: await count(
      and(eq(partnerLinks.collectorId, q.collectorId), eq(partnerLinks.partnerId, q.partnerId)),
    ),
    card: await count(
      and(eq(partnerLinks.cardNumber, q.cardNumber), eq(partnerLinks.partnerId, q.partnerId)),
    ),
    account: q.partnerAccount
      ? await count(
          and(eq(partnerLinks.partnerAccount, q.partnerAccount), eq(partnerLinks.partnerId, q.partnerId)),
        )
      : 0,
  };
}

export async function liveLink(db: DbExecutor, collectorId: string, partnerId: string) {
  const [row] = await db
    .select()
    .from(partnerLinks)
    .where(
      and(
        eq(partnerLinks.collectorId, collectorId),
        eq(partnerLinks.partnerId, partnerId),
        isNull(partnerLinks.unlinkedAt),
      ),
    );
  return row;
}

export const liveLinks = (db: DbExecutor, collectorId: string) =>
  db
    .select()
    .from(partnerLinks)
    .where(and(eq(partnerLinks.collectorId, collectorId), isNull(partnerLinks.unlinkedAt)));

/** Links of this partner account, live or past, held by other collectors. */
export const otherCollectorsLinks = (
  db: DbExecutor,
  partnerId: string,
  partnerAccount: string,
  collectorId: string,
) =>
  db
    .select()
    .from(partnerLinks)
    .where(
      and(
        eq(partnerLinks.partnerId, partnerId),
        eq(partnerLinks.partnerAccount, partnerAccount),
        ne(partnerLinks.collectorId, collectorId),
      ),
    );

/** The partner accounts this collector linked before, oldest first. */
export const pastLinks = (db: DbExecutor, collectorId: string, partnerId: string) =>
  db
    .select()
    .from(partnerLinks)
    .where(and(eq(partnerLinks.collectorId, collectorId), eq(partnerLinks.partnerId, partnerId)))
    .orderBy(partnerLinks.linkedAt);

export async function insertLink(db: DbExecutor, row: typeof partnerLinks.$inferInsert) {
  await db.insert(partnerLinks).values(row);
}

export async function endLink(db: DbExecutor, id: string, at: Date) {
  const ended = await db
    .update(partnerLinks)
    .set({ unlinkedAt: at })
    .where(and(eq(partnerLinks.id, id), isNull(partnerLinks.unlinkedAt)))
    .returning({ id: partnerLinks.id });
  return ended.length > 0;
}

/** Locks the collector's row for the rest of the transaction (link caps and daily limits are counted under it). */
export async function lockCollector(db: DbExecutor, collectorId: string) {
  const [row] = await db
    .select({ id: collectors.id, firstName: collectors.firstName, lastName: collectors.lastName })
    .from(collectors)
    .where(eq(collectors.id, collectorId))
    .for('update');
  return row;
}

/** Serialises work on one partner account across collectors (its cap and its one live link). */
export async function lockPartnerAccount(db: DbExecutor, partnerId: string, partnerAccount: string) {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`${partnerId}:${partnerAccount}`}))`);
}

/** The card the collector links with: the active digital card first, else any active card. */
export async function cardOf(db: DbExecutor, collectorId: string) {
  const rows = await db
    .select({ number: cards.number, kind: cards.kind })
    .from(cards)
    .where(and(eq(cards.collectorId, collectorId), eq(cards.status, 'active')));
  return (rows.find((row) => row.kind === 'digital') ?? rows[0])?.number;
}

export async function transfersSince(db: DbExecutor, collectorId: string, partnerId: string, since: Date) {
  const [row] = await db
    .select({
      count: sql<number>`count(*)::int`,
      points: sql<number>`coalesce(sum(case when ${partnerTransfers.conversionType} = 'NECTAR_TO_PARTNER' then ${partnerTransfers.pointsGiven} else ${partnerTransfers.pointsReceived} end), 0)::int`,
    })
    .from(partnerTransfers)
    .where(
      and(
        eq(partnerTransfers.collectorId, collectorId),
        eq(partnerTransfers.partnerId, partnerId),
        gte(partnerTransfers.createdAt, since),
        inArray(partnerTransfers.status, ['PENDING', 'SUCCESS']),
      ),
    );
  return { count: Number(row?.count ?? 0), points: Number(row?.points ?? 0) };
}

export async function findTransfer(db: DbExecutor, id: string) {
  const [row] = await db.select().from(partnerTransfers).where(eq(partnerTransfers.id, id));
  return row;
}

export async function insertTransfer(db: DbExecutor, row: typeof partnerTransfers.$inferInsert) {
  await db.insert(partnerTransfers).values(row);
}

export async function setTransferStatus(
  db: DbExecutor,
  id: string,
  status: string,
  at: Date,
  failureCode?: string,
) {
  await db
    .update(partnerTransfers)
    .set({ status, failureCode: failureCode ?? null, updatedAt: at })
    .where(and(eq(partnerTransfers.id, id), eq(partnerTransfers.status, 'PENDING')));
}

/** A transfer as the member's answers show it. */
export function toTransfer(row: PartnerTransfer): Transfer {
  return {
    id: row.id,
    partnerId: row.partnerId as Transfer['partnerId'],
    conversionType: row.conversionType as Transfer['conversionType'],
    direction: row.conversionType === 'NECTAR_TO_PARTNER' ? 'NTP' : 'PTN',
    pointsGiven: row.pointsGiven,
    pointsReceived: row.pointsReceived,
    status: row.status as Transfer['status'],
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * The member's transfers with one partner still PENDING: a confirmation interrupted mid-way, which the
 * settle-stale-conversions job reverses and refunds (through partner_transfers_collector_idx).
 */
export const pendingTransfers = (db: DbExecutor, collectorId: string, partnerId: string) =>
  db
    .select()
    .from(partnerTransfers)
    .where(
      and(
        eq(partnerTransfers.collectorId, collectorId),
        eq(partnerTransfers.partnerId, partnerId),
        eq(partnerTransfers.status, 'PENDING'),
      ),
    )
    .orderBy(desc(partnerTransfers.createdAt))
    .limit(10);

export const recentTransfers = (db: DbExecutor, collectorId: string) =>
  db
    .select()
    .from(partnerTransfers)
    .where(eq(partnerTransfers.collectorId, collectorId))
    .orderBy(desc(partnerTransfers.createdAt))
    .limit(20);

/** Transfers left PENDING (the process stopped mid-way) since before `before`: settled by a scheduled job. */
export const stalePendingTransfers = (db: DbExecutor, before: Date) =>
  db
    .select()
    .from(partnerTransfers)
    .where(and(eq(partnerTransfers.status, 'PENDING'), sql`${partnerTransfers.updatedAt} < ${before}`))
    .limit(100);

/** Whether the collector's email or mobile changed since `since` (the member's account log). */
export async function contactChangedSince(db: DbExecutor, collectorId: string, since: Date) {
  const rows = await db
    .select({ id: accountEvents.id })
    .from(accountEvents)
    .where(
      and(
        eq(accountEvents.collectorId, collectorId),
        inArray(accountEvents.type, ['email-changed', 'mobile-changed']),
        gte(accountEvents.createdAt, since),
      ),
    )
    .limit(1);
  return rows.length > 0;
}

export type DbLike = DbExecutor;
