import type { LiveUpdate } from '@app/contracts/live-updates';
import { wholeNumber } from '@app/contracts/numbers';
import { partnerAwardReasons } from '@app/contracts/partner-api';
import type { Database } from '../../db/database.ts';
import { sourceName } from '../../lib/ledger-sources.ts';
import { pointsBalance } from '../../lib/points-ledger.ts';
import { entriesSince } from './repository.ts';

/**
 * What a member's open app is told when their points change (docs/features.md "Live updates"): the new balance and
 * one short notice for the entries since the last update, by partner ("You collected 230 points at
 * Sainsbury's"). The stream itself is routes.ts; the change feed says when to read.
 */
export interface LiveUpdatesDeps {
  db: Database;
}

export function createLiveUpdatesService({ db }: LiveUpdatesDeps) {
  return {
    /**
     * A reader of one member's updates from `start`: each call answers the update for the entries it has not
     * answered yet, or undefined when there are none (the change was another instance's echo of one it told).
     */
    reader(collectorId: string, start: Date) {
      let since = start;
      const told = new Set<string>();
      return async (): Promise<LiveUpdate | undefined> => {
        const fresh = (await entriesSince(db, collectorId, since)).filter((entry) => !told.has(entry.id));
        if (fresh.length === 0) return undefined;
        const last = fresh.at(-1);
        if (last && last.createdAt.getTime() > since.getTime()) {
          since = last.createdAt;
          told.clear();
        }
        for (const entry of fresh) if (entry.createdAt.getTime() === since.getTime()) told.add(entry.id);
        const points = fresh.reduce((sum, entry) => sum + entry.amount, 0);
        const partner = last?.partnerName ?? sourceName(last?.source ?? '');
        return {
          balance: await pointsBalance(db, collectorId),
          points,
          notice: noticeOf(points, partner, last?.reason),
        };
      };
    },
  };
}

/** The notice's words: what changed and where, from the newest entry's reason and the total. */
export function noticeOf(points: number, partner: string, reason = '') {
  const amount = wholeNumber(Math.abs(points));
  if (reason === partnerAwardReasons.released)
    return `${amount} points given back at ${partner}: the spend was cancelled`;
  if (reason === partnerAwardReasons.returned)
    return `${amount} points taken back for a return at ${partner}`;
  if (points > 0) return `You collected ${amount} points at ${partner}`;
  if (points < 0) return `You spent ${amount} points at ${partner}`;
  return `Your points changed at ${partner}`;
}
