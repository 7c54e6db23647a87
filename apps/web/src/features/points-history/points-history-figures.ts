import { brand } from '@app/contracts/brand';
import type { PointsHistory, PointsHistoryMonth } from '@app/contracts/points-history';
import { POINTS_HISTORY_GROUPS, type PointsHistoryGroup } from '@app/contracts/points-history-paths';
import { wholeNumber } from '../../shared/format/uk-format.ts';

/** How the page names each partner group (ADR 041 says which entries fall in each). */
export const GROUP_LABELS: Record<PointsHistoryGroup, string> = {
  retailer: brand.retailer,
  fuel: brand.fuelPartner,
  brands: 'Partner brands',
  conversions: 'Conversions',
  other: 'Bonuses and other',
};

const points = (value: number) => wholeNumber(value);
export const pointsText = (value: number) => `${points(value)} ${value === 1 ? 'point' : 'points'}`;

const monthDate = (month: string) => new Date(`${month}-01T12:00:00Z`);
/** 'Dec' for '2025-12'. */
export const shortMonth = (month: string) =>
  monthDate(month).toLocaleDateString('en-GB', { month: 'short', timeZone: 'UTC' });
/** 'December 2025' for '2025-12'. */
export const longMonth = (month: string) =>
  monthDate(month).toLocaleDateString('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' });

const sum = (byGroup: Record<PointsHistoryGroup, number>) =>
  POINTS_HISTORY_GROUPS.reduce((total, group) => total + byGroup[group], 0);
export const earnedIn = (month: PointsHistoryMonth) => sum(month.earned);
export const spentIn = (month: PointsHistoryMonth) => sum(month.spent);

/** The groups with any points earned (or spent) in the 12 months: the table's columns, the legend's keys. */
export function groupsWith(history: PointsHistory, side: 'earned' | 'spent') {
  return POINTS_HISTORY_GROUPS.filter((group) => history.months.some((month) => month[side][group] > 0));
}

/** The figures a screen reader hears for the balance chart (which itself is hidden from it). */
export function balanceSummary(history: PointsHistory) {
  const first = history.months[0];
  const last = history.months[history.months.length - 1];
  if (!first || !last) return '';
  const highest = history.months.reduce(
    (best, month) => (month.balance > best.balance ? month : best),
    first,
  );
  const peak =
    highest === last || highest.balance === last.balance
      ? 'That is the highest it has been in the 12 months.'
      : `It was highest at the end of ${longMonth(highest.month)}, with ${pointsText(highest.balance)}.`;
  return `Your balance went from ${pointsText(first.balance)} at the end of ${longMonth(first.month)} to ${pointsText(last.balance)} now. ${peak}`;
}

/** The figures a screen reader hears for the earned-and-spent chart. */
export function partnerSummary(history: PointsHistory) {
  const earned = history.months.reduce((total, month) => total + earnedIn(month), 0);
  const spent = history.months.reduce((total, month) => total + spentIn(month), 0);
  const byGroup = POINTS_HISTORY_GROUPS.map((group) => ({
    group,
    total: history.months.reduce((total, month) => total + month.earned[group], 0),
  })).sort((a, b) => b.total - a.total);
  const top = byGroup[0];
  const most =
    top && top.total > 0 ? ` Most came from ${GROUP_LABELS[top.group]}: ${pointsText(top.total)}.` : '';
  return `In the last 12 months you earned ${pointsText(earned)} and spent ${pointsText(spent)}.${most}`;
}
