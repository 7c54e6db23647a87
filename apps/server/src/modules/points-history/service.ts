import { TZDate } from '@date-fns/tz';
import { addMonths, format, startOfMonth, subMonths } from 'date-fns';
import { brand } from '@app/contracts/brand';
import type { PointsHistory, PointsHistoryMonth } from '@app/contracts/points-history';
import {
  POINTS_HISTORY_GROUPS,
  POINTS_HISTORY_MONTHS,
  POINTS_HISTORY_TIME_ZONE,
  type PointsHistoryGroup,
} from '@app/contracts/points-history-paths';
import type { Database } from '../../db/database.ts';
import type { Clock } from '../../lib/clock.ts';
import * as repository from './repository.ts';

/** Sources that name the retailer's tills and the fuel partner when an entry has no details row. */
const SOURCE_GROUPS: Partial<Record<string, PointsHistoryGroup>> = {
  'sainsburys-till': 'retailer',
  esso: 'fuel',
};

/**
 * The partner group of a ledger entry (ADR 041):
 * - a conversion with the airline or hotel partner, either way or its refund: `partner-…` sources, written by
 *   linked-partners/conversions.ts, are 'conversions';
 * - an entry with details goes by its partner kind: RETAILER, FUEL and BRAND to their groups; a spend
 *   (REDEMPTION) to the group of the partner it was spent with (the retailer's till, the fuel partner, or a
 *   brand's voucher); a bonus or correction (ADJUSTMENT) to 'other';
 * - an entry without details by its source (the retailer's till, the fuel partner), else 'other'.
 */
export function groupOf(entry: {
  source: string;
  partnerKind: string | null;
  partnerName: string | null;
}): PointsHistoryGroup {
  if (entry.source.startsWith('partner-')) return 'conversions';
  switch (entry.partnerKind) {
    case 'RETAILER':
      return 'retailer';
    case 'FUEL':
      return 'fuel';
    case 'BRAND':
      return 'brands';
    case 'REDEMPTION':
      return entry.partnerName === brand.retailer
        ? 'retailer'
        : entry.partnerName === brand.fuelPartner
          ? 'fuel'
          : 'brands';
    case 'ADJUSTMENT':
      return 'other';
    default:
      return SOURCE_GROUPS[entry.source] ?? 'other';
  }
}

/** The instant a UK calendar month begins; `month` counts from 0 and may run past either end of the year. */
export const ukMonthStart = (year: number, month: number): Date =>
  new Date(TZDate.tz(POINTS_HISTORY_TIME_ZONE, year, month, 1).getTime());

const noPoints = (): Record<PointsHistoryGroup, number> => ({
  retailer: 0,
  fuel: 0,
  brands: 0,
  conversions: 0,
  other: 0,
});

/**
 * The member's last 12 UK calendar months (this one so far and the 11 before it), oldest first: the balance at
 * each month's end and the points earned and spent in it per partner group. Two reads, both bounded by the
 * ledger's member index: the balance before the window, and the window's totals per month and group.
 */
async function historyFor(db: Database, collectorId: string, now: Date): Promise<PointsHistory> {
  const thisMonth = startOfMonth(new TZDate(now, POINTS_HISTORY_TIME_ZONE));
  const from = subMonths(thisMonth, POINTS_HISTORY_MONTHS - 1);
  const to = addMonths(thisMonth, 1);
  const [[opening], rows] = await Promise.all([
    repository.balanceBefore(db, collectorId, new Date(from.getTime())),
    repository.monthlyTotals(db, collectorId, new Date(from.getTime()), new Date(to.getTime())),
  ]);
  const openingBalance = opening?.balance ?? 0;
  const months: PointsHistoryMonth[] = Array.from({ length: POINTS_HISTORY_MONTHS }, (_, index) => ({
    month: format(addMonths(from, index), 'yyyy-MM'),
    balance: 0,
    earned: noPoints(),
    spent: noPoints(),
  }));
  const byKey = new Map(months.map((entry) => [entry.month, entry]));
  let entries = 0;
  for (const row of rows) {
    const target = byKey.get(row.month);
    if (!target) continue;
    const group = groupOf(row);
    target.earned[group] += row.earned;
    target.spent[group] += row.spent;
    entries += row.entries;
  }
  let balance = openingBalance;
  for (const entry of months) {
    for (const group of POINTS_HISTORY_GROUPS) balance += entry.earned[group] - entry.spent[group];
    entry.balance = balance;
  }
  return { months, openingBalance, entries };
}

/** Points over time (ADR 041), from the points ledger. */
export function createPointsHistoryService({ db, clock }: { db: Database; clock: Clock }) {
  return {
    historyFor: (collectorId: string) => historyFor(db, collectorId, clock.now()),
  };
}
