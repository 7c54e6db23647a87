import { eq, inArray, sql, type SQL } from 'drizzle-orm';
import { stringify } from 'csv-stringify/sync';
import { POINT_VALUE_PENCE, offerMessages, type OfferPerformance } from '@app/contracts/staff-offers';
import type { DbExecutor } from '../../db/database.ts';
import { collectorOffers, offers } from '../../db/schema/offers.ts';
import { pointsLedger } from '../../db/schema/points-ledger.ts';
import { AppError } from '../../lib/app-error.ts';
import { summaryOf } from './offer-drafts.ts';
import { listOffers } from './repository.ts';

/**
 * What an offer, or a campaign's offers together, did (docs/staff-console.md "Offers and campaigns"): who it
 * reached and who loaded it from its assignments, and what it paid from the ledger's entries for it alone
 * (each carries the offer's id: a bonus paid is positive, a return's taking back negative). The figures are
 * read here, SQL and sums side by side, since nothing else reads them.
 *
 * - reached: members the offer was given to (its collector_offers rows).
 * - loaded: members who have it saved now (loaded, pinned or opted in), or who were paid it. The rows keep no
 *   history, so a member who loaded it and then removed it without being paid is not counted.
 * - paidMembers, payouts: members paid at least once, and the payments in all; a return does not undo them.
 * - pointsIssued: points paid less points taken back; costPence those points at POINT_VALUE_PENCE.
 * - byDay: each London day from the first entry to the last, days without an entry at 0.
 *
 * A campaign counts each member once across its offers (reached, loaded, paid).
 */

/** The day of an entry, in London: a bonus paid at 00:30 in summer is that day's, not the day before. */
const londonDay = sql<string>`to_char(${pointsLedger.createdAt} at time zone 'Europe/London', 'YYYY-MM-DD')`;
const paid = sql`${pointsLedger.amount} > 0`;
const saved = sql`(${collectorOffers.state} in ('LOADED', 'PINNED', 'OPTEDIN')
  or ${collectorOffers.timesEarned} > 0)`;

const costOf = (points: number) => points * POINT_VALUE_PENCE;

/** Every day from `first` to `last` (YYYY-MM-DD, both included). */
function daysFrom(first: string, last: string): string[] {
  const days: string[] = [];
  for (let at = Date.parse(`${first}T00:00:00Z`); at <= Date.parse(`${last}T00:00:00Z`); at += 86_400_000) {
    days.push(new Date(at).toISOString().slice(0, 10));
  }
  return days;
}

async function figuresOf(
  db: DbExecutor,
  offerIds: string[],
  budgetPoints: number | null,
): Promise<OfferPerformance> {
  const ofOffers: SQL = inArray(pointsLedger.offerId, offerIds);
  const [reach, ledger, days] = await Promise.all([
    db
      .select({
        reached: sql<number>`count(distinct ${collectorOffers.collectorId})::int`,
        loaded: sql<number>`(count(distinct ${collectorOffers.collectorId}) filter (where ${saved}))::int`,
      })
      .from(collectorOffers)
      .where(inArray(collectorOffers.offerId, offerIds)),
    db
      .select({
        paidMembers: sql<number>`(count(distinct ${pointsLedger.collectorId}) filter (where ${paid}))::int`,
        payouts: sql<number>`(count(*) filter (where ${paid}))::int`,
        points: sql<number>`coalesce(sum(${pointsLedger.amount}), 0)::int`,
      })
      .from(pointsLedger)
      .where(ofOffers),
    db
      .select({
        day: londonDay,
        payouts: sql<number>`(count(*) filter (where ${paid}))::int`,
        points: sql<number>`sum(${pointsLedger.amount})::int`,
      })
      .from(pointsLedger)
      .where(ofOffers)
      .groupBy(londonDay)
      .orderBy(londonDay),
  ]);
  const byDay = new Map(days.map((day) => [day.day, day]));
  const first = days[0]?.day;
  const last = days.at(-1)?.day;
  const points = ledger[0]?.points ?? 0;
  return {
    reached: reach[0]?.reached ?? 0,
    loaded: reach[0]?.loaded ?? 0,
    paidMembers: ledger[0]?.paidMembers ?? 0,
    payouts: ledger[0]?.payouts ?? 0,
    pointsIssued: points,
    budgetPoints,
    costPence: costOf(points),
    byDay:
      first && last
        ? daysFrom(first, last).map((day) => {
            const found = byDay.get(day);
            return {
              day,
              payouts: found?.payouts ?? 0,
              points: found?.points ?? 0,
              costPence: costOf(found?.points ?? 0),
            };
          })
        : [],
  };
}

/** An offer's figures; 404 for an unknown offer. */
export async function offerPerformance(db: DbExecutor, offerId: string): Promise<OfferPerformance> {
  const [offer] = await db
    .select({ id: offers.id, budgetPoints: offers.budgetPoints })
    .from(offers)
    .where(eq(offers.id, offerId));
  if (!offer) throw new AppError(404, 'OFFER_NOT_FOUND', offerMessages.notFound);
  return figuresOf(db, [offer.id], offer.budgetPoints);
}

/**
 * A campaign's offers, as the console lists them, and their figures together: the budget is the sum of their
 * budgets, or null when one of them has none. A campaign is only a name the offers carry: one no offer names
 * has no offers and figures of 0.
 */
export async function campaignPerformance(db: DbExecutor, campaign: string, now: Date) {
  const list = (await listOffers(db, { campaign }, now))
    .map((row) => summaryOf(row, now))
    .sort((a, b) => a.validFrom.localeCompare(b.validFrom) || a.id.localeCompare(b.id));
  const budgets = list.map((offer) => offer.budgetPoints);
  const budget =
    budgets.length > 0 && budgets.every((points) => points !== null)
      ? budgets.reduce<number>((sum, points) => sum + (points ?? 0), 0)
      : null;
  return {
    campaign,
    offers: list,
    performance: await figuresOf(
      db,
      list.map((offer) => offer.id),
      budget,
    ),
  };
}

/** Pounds from pence, exact: a point is half a penny, so an odd number of points has a third decimal. */
function pounds(pence: number) {
  const mills = Math.round(Math.abs(pence) * 10);
  const decimals = String(mills % 1000).padStart(3, '0');
  const shown = decimals.endsWith('0') ? decimals.slice(0, 2) : decimals;
  return `${pence < 0 ? '-' : ''}${Math.trunc(mills / 1000)}.${shown}`;
}

/** The figures by day as CSV, a row a day: the day, the payouts, the points (less returns), the cost in £. */
export const performanceCsv = (performance: OfferPerformance) =>
  stringify(
    performance.byDay.map((day) => ({
      day: day.day,
      payouts: day.payouts,
      points: day.points,
      cost_pounds: pounds(day.costPence),
    })),
    { header: true, columns: ['day', 'payouts', 'points', 'cost_pounds'] },
  );
