import {
  ACTIVITY_START_DATE,
  PARTNER_KINDS,
  SAVINGS_PAGE_SIZE,
  TRANSACTIONS_FEED_FEATURE,
  TRANSACTIONS_PAGE_SIZE,
  activityMessages,
  pounds,
  type Transaction,
} from '@app/contracts/activity';
import { LRUCache } from 'lru-cache';
import type { Clock } from '../../lib/clock.ts';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import type { ChangeFeed } from '../../lib/change-feed.ts';
import { balanceChangeKey } from '../../lib/points-ledger.ts';
import { createReadCache } from '../../lib/read-cache.ts';
import { writtenAnswer, type WrittenAnswer } from '../../lib/response-serializer.ts';
import {
  collectedAndSpent,
  feedEnabled,
  findReceipt,
  ledgerOffsetPage,
  ledgerPage,
  pointsByPartner,
  savingsByMonth,
  savingsPage,
  savingsTotals,
  type Cursor,
  type LedgerRow,
} from './repository.ts';
import { isUuid } from '../../lib/path-id.ts';
import { sourceName } from '../../lib/ledger-sources.ts';

/** docs/product/switches-and-constants.md §S9: activity starts 2025-01-01; nothing earlier is shown. */
export const activityStart = new Date(`${ACTIVITY_START_DATE}T00:00:00Z`);

type PartnerKind = (typeof PARTNER_KINDS)[number];
const partnerKindOf = (row: LedgerRow): PartnerKind =>
  PARTNER_KINDS.find((kind) => kind === row.partnerKind) ?? (row.amount < 0 ? 'REDEMPTION' : 'ADJUSTMENT');

export const toTransaction = (row: LedgerRow): Transaction => ({
  id: row.id,
  date: row.createdAt.toISOString(),
  points: row.amount,
  description: row.reason,
  partnerKind: partnerKindOf(row),
  partnerName: row.partnerName ?? sourceName(row.source),
  storeName: row.storeName,
  spend: row.spendPence == null ? null : pounds(row.spendPence),
  saving: row.savingPence ? pounds(row.savingPence) : null,
  receiptId: row.receiptId,
  voucherId: row.voucherId,
});

/** The next token is opaque to the client: the position of the last item sent. */
export const encodeCursor = (cursor: Cursor) =>
  Buffer.from(JSON.stringify([cursor.at.toISOString(), cursor.id])).toString('base64url');

export function decodeCursor(token: string): Cursor {
  try {
    const value: unknown = JSON.parse(Buffer.from(token, 'base64url').toString('utf8'));
    if (Array.isArray(value) && typeof value[0] === 'string' && typeof value[1] === 'string') {
      const at = new Date(value[0]);
      if (!Number.isNaN(at.getTime()) && /^[0-9a-f-]{36}$/.test(value[1])) return { at, id: value[1] };
    }
  } catch {
    // Falls through to the refusal below.
  }
  throw new AppError(400, 'VALIDATION', activityMessages.nextTokenInvalid);
}

const dayStart = (isoDay: string) => new Date(`${isoDay}T00:00:00Z`);
const dayEnd = (isoDay: string) => new Date(`${isoDay}T23:59:59.999Z`);
const notBeforeStart = (date: Date) => (date < activityStart ? activityStart : date);

type FeedPage = { items: Transaction[]; nextToken: string | null; hasMore: boolean };
type FeedStatus = 'OK' | 'DELAYED';
/**
 * A page with its JSON written once (`transactionsResponseSchema` but the status), and the whole answer for
 * each feed status it was sent with, written (and compressed) once too.
 */
type WrittenFeedPage = FeedPage & { json: string; answers: Partial<Record<FeedStatus, WrittenAnswer>> };

/** How long the operator's transactions-feed feature state is read from memory (a change shows within this). */
export const FEED_STATE_TTL_MS = 5_000;

export interface ActivityDeps {
  db: Database;
  /** Clears the cached first pages when the ledger changes on any instance. */
  feed?: ChangeFeed;
  clock: Clock;
}

export function createActivityService({ db, feed, clock }: ActivityDeps) {
  const firstPages = createReadCache<WrittenFeedPage>(feed, balanceChangeKey(''));
  // Its time is the app's clock, so a test moves past the window instead of waiting for it.
  const feedState = new LRUCache<string, boolean>({
    max: 10,
    ttl: FEED_STATE_TTL_MS,
    perf: { now: () => clock.now().getTime() },
    // Read the clock on every look (a handful a second at most), not once a millisecond on a timer.
    ttlResolution: 0,
  });
  const feedStatus = async (): Promise<FeedStatus> => {
    let enabled = feedState.get(TRANSACTIONS_FEED_FEATURE);
    if (enabled === undefined) {
      enabled = await feedEnabled(db, TRANSACTIONS_FEED_FEATURE);
      feedState.set(TRANSACTIONS_FEED_FEATURE, enabled);
    }
    return enabled ? 'OK' : 'DELAYED';
  };

  const page = async (collectorId: string, pageSize: number, after?: Cursor) => {
    // One row more than asked tells whether another page exists without counting.
    const rows = await ledgerPage(db, collectorId, activityStart, pageSize + 1, after);
    const items = rows.slice(0, pageSize);
    const hasMore = rows.length > pageSize;
    const last = items[items.length - 1];
    return {
      items: items.map(toTransaction),
      nextToken: hasMore && last ? encodeCursor({ at: last.createdAt, id: last.id }) : null,
      hasMore,
    };
  };

  const written = (feedPage: FeedPage): WrittenFeedPage => ({
    ...feedPage,
    json: `{"items":${JSON.stringify(feedPage.items)},"nextToken":${JSON.stringify(feedPage.nextToken)},"hasMore":${feedPage.hasMore}`,
    answers: {},
  });

  return {
    /**
     * GET /nectar-shared-transactions-api/transactions: one page, newest first, and where the next starts, as
     * JSON. The first page at the standard size, the one the card and activity screens open with, is kept until
     * the collector's ledger changes (every entry announces the balance key) (ADR 016).
     */
    async feedAnswer(collectorId: string, pageSize: number, nextToken?: string): Promise<WrittenAnswer> {
      const after = nextToken ? decodeCursor(nextToken) : undefined;
      const { json, answers } =
        after || pageSize !== TRANSACTIONS_PAGE_SIZE
          ? written(await page(collectorId, pageSize, after))
          : await firstPages(collectorId, async () => written(await page(collectorId, pageSize)));
      const status = await feedStatus();
      return (answers[status] ??= writtenAnswer(`${json},"transactionFeedStatus":"${status}"}`));
    },

    async history(collectorId: string, limit: number, offset: number) {
      const { rows, total } = await ledgerOffsetPage(db, collectorId, activityStart, limit, offset);
      return { transactions: rows.map(toTransaction), total, limit, offset };
    },

    async savings(collectorId: string, fromDate: string, toDate: string | undefined, pageOffset: number) {
      const from = notBeforeStart(dayStart(fromDate));
      const to = toDate ? dayEnd(toDate) : clock.now();
      const rows = await savingsPage(db, collectorId, from, to, SAVINGS_PAGE_SIZE + 1, pageOffset);
      return {
        savings: rows.slice(0, SAVINGS_PAGE_SIZE).map((row) => ({
          id: row.id,
          date: row.createdAt.toISOString(),
          storeName: row.storeName,
          partnerName: row.partnerName ?? sourceName(row.source),
          saving: pounds(row.savingPence ?? 0),
          savingPence: row.savingPence ?? 0,
        })),
        pageOffset: rows.length > SAVINGS_PAGE_SIZE ? pageOffset + SAVINGS_PAGE_SIZE : null,
      };
    },

    async cumulativeSavings(collectorId: string, fromDate: string, toDate: string | undefined) {
      const from = notBeforeStart(dayStart(fromDate));
      const to = toDate ? dayEnd(toDate) : clock.now();
      const totals = await savingsTotals(db, collectorId, from, to);
      return {
        fromDate: from.toISOString().slice(0, 10),
        toDate: to.toISOString().slice(0, 10),
        totalSaving: pounds(totals.pence),
        totalSavingPence: totals.pence,
        shops: totals.shops,
      };
    },

    async memberPriceTotals(collectorId: string) {
      const totals = await savingsTotals(db, collectorId, activityStart, clock.now());
      const months = await savingsByMonth(db, collectorId, activityStart);
      return {
        totalSaving: pounds(totals.pence),
        totalSavingPence: totals.pence,
        transactions: totals.shops,
        byMonth: months.map((m) => ({
          month: m.month,
          saving: pounds(Number(m.pence)),
          savingPence: Number(m.pence),
        })),
      };
    },

    async breakdown(collectorId: string) {
      const totals = await collectedAndSpent(db, collectorId, activityStart);
      const partners = await pointsByPartner(db, collectorId, activityStart);
      return {
        fromDate: activityStart.toISOString().slice(0, 10),
        ...totals,
        byPartner: partners
          .map((p) => ({
            partnerName: p.isSource ? sourceName(p.partnerName) : p.partnerName,
            collected: Number(p.collected),
            spent: Number(p.spent),
          }))
          .sort((a, b) => b.collected + b.spent - (a.collected + a.spent)),
      };
    },

    async receipt(collectorId: string, receiptId: string) {
      const row = isUuid(receiptId) ? await findReceipt(db, collectorId, receiptId) : undefined;
      if (!row?.lines) throw new AppError(404, 'RECEIPT_NOT_FOUND', activityMessages.receiptNotFound);
      return {
        id: receiptId,
        date: row.createdAt.toISOString(),
        storeName: row.storeName,
        partnerName: row.partnerName ?? sourceName(row.source),
        points: row.amount,
        total: pounds(row.spendPence ?? 0),
        saving: pounds(row.savingPence ?? 0),
        lines: row.lines.map((line) => ({
          description: line.description,
          quantity: line.quantity,
          price: pounds(line.pricePence),
          saving: pounds(line.savingPence),
        })),
      };
    },
  };
}

/** A plain-text receipt for download: what a till would print. */
export function receiptText(
  receipt: Awaited<ReturnType<ReturnType<typeof createActivityService>['receipt']>>,
) {
  const width = 40;
  const row = (left: string, right: string) =>
    `${left.slice(0, width - right.length - 1).padEnd(width - right.length)}${right}`;
  return [
    receipt.partnerName,
    receipt.storeName ?? '',
    new Date(receipt.date).toLocaleString('en-GB', { timeZone: 'Europe/London' }),
    '-'.repeat(width),
    ...receipt.lines.flatMap((line) => [
      row(`${line.quantity} x ${line.description}`, line.price),
      ...(line.saving !== '£0.00' ? [row('  Member price saving', `-${line.saving}`)] : []),
    ]),
    '-'.repeat(width),
    row('Total', receipt.total),
    row('You saved', receipt.saving),
    row('Points collected', String(receipt.points)),
    '',
  ].join('\n');
}
