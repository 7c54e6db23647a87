import { POINTS_PER_POUND, type Playback } from '@app/contracts/year-in-review';
import type { Database } from '../../db/database.ts';
import { sourceName } from '../../lib/ledger-sources.ts';
import * as repository from './repository.ts';

/**
 * The member's year from the points ledger (the only record of points): collected, spent (and what that
 * saved at 200 points a pound), top three partners by points collected and the best month. Calendar year
 * in UTC, like the ledger's timestamps.
 */
async function playbackFor(db: Database, collectorId: string, year: number): Promise<Playback> {
  const from = new Date(Date.UTC(year, 0, 1));
  const to = new Date(Date.UTC(year + 1, 0, 1));
  const [firstName, totals, sources, months] = await Promise.all([
    repository.firstNameOf(db, collectorId),
    repository.yearTotals(db, collectorId, from, to),
    repository.collectedBySource(db, collectorId, from, to),
    repository.collectedByMonth(db, collectorId, from, to),
  ]);
  const best = [...months].sort((a, b) => b.points - a.points || a.month - b.month)[0];
  return {
    year,
    firstName: firstName ?? 'there',
    pointsCollected: totals.collected,
    pointsSpent: totals.spent,
    savedPounds: Math.round((totals.spent / POINTS_PER_POUND) * 100) / 100,
    collections: totals.collections,
    topPartners: sources
      .slice(0, 3)
      .map((row) => ({ source: row.source, name: sourceName(row.source), points: row.points })),
    bestMonth: best ? best.month : null,
    bestMonthPoints: best ? best.points : 0,
  };
}

/** The member's year in review, from the points ledger. */
export function createYearInReviewService({ db }: { db: Database }) {
  return {
    playbackFor: (collectorId: string, year: number) => playbackFor(db, collectorId, year),
  };
}
