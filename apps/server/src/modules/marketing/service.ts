import { count, countDistinct, gte, sql, sum } from 'drizzle-orm';
import {
  marketingMessages,
  type MarketingEvent,
  type Pod,
  type Statistic,
  type StatisticName,
} from '@app/contracts/marketing';
import type { Clock } from '../../lib/clock.ts';
import type { Database } from '../../db/database.ts';
import { collectors } from '../../db/schema/core.ts';
import { offers } from '../../db/schema/offers.ts';
import { pointsLedger } from '../../db/schema/points-ledger.ts';
import { AppError } from '../../lib/app-error.ts';
import {
  insertMissingMarketingEvents,
  listMarketingEvents,
  type NewMarketingEvent,
  type StoredMarketingEvent,
} from './repository.ts';

export type { NewMarketingEvent };

/** A stored event as the API answers it (the contract's `MarketingEvent`). */
export function toMarketingEvent(row: StoredMarketingEvent): MarketingEvent {
  return {
    id: row.id,
    title: row.title,
    summary: row.summary,
    description: row.description,
    terms: row.terms,
    startsAt: row.startsAt.toISOString(),
    endsAt: row.endsAt.toISOString(),
    offerIds: row.offerIds,
    ctaLabel: row.ctaLabel,
    ctaPath: row.ctaPath,
  };
}

const notFound = () => new AppError(404, 'EVENT_NOT_FOUND', marketingMessages.eventNotFound);

const isLive = (event: StoredMarketingEvent, now: Date) =>
  event.startsAt.getTime() <= now.getTime() && now.getTime() <= event.endsAt.getTime();

/** Of the events marked for a place: the first live one, else the first one (rows come in start order). */
const markedFor = (
  rows: StoredMarketingEvent[],
  marked: (row: StoredMarketingEvent) => boolean,
  now: Date,
) => {
  const candidates = rows.filter(marked);
  return candidates.find((row) => isLive(row, now)) ?? candidates[0];
};

/** The homepage's slim banner's event (the 'homepage pod skinny event'), live or not. */
const skinnyEventOf = (rows: StoredMarketingEvent[], now: Date) =>
  markedFor(rows, (row) => row.homepagePod, now);

/** The homepage pods: the skinny event (HOMEPAGE_POD) and a COUNTDOWN to its end, while they run. */
function podsOf(rows: StoredMarketingEvent[], now: Date): Pod[] {
  const pods: Pod[] = [];
  const skinny = skinnyEventOf(rows, now);
  if (skinny && isLive(skinny, now)) {
    pods.push({
      type: 'HOMEPAGE_POD',
      id: skinny.id,
      title: skinny.title,
      body: skinny.summary,
      ctaLabel: 'Find out more',
      ctaPath: `/skinnyevent/${skinny.id}`,
    });
  }
  const countdown = markedFor(rows, (row) => row.countdown, now);
  if (countdown && isLive(countdown, now)) {
    pods.push({
      type: 'COUNTDOWN',
      id: `${countdown.id}-countdown`,
      title: `${countdown.title} ends soon`,
      body: 'Save the event offers to your card before it ends.',
      ctaLabel: 'See the event',
      ctaPath: `/marketing-event/${countdown.id}`,
      endsAt: countdown.endsAt.toISOString(),
    });
  }
  return pods;
}

/** The homepage pods at `now`, read from the table without the service's minute of memory. */
export async function podsAt(db: Database, now: Date): Promise<Pod[]> {
  return podsOf(await listMarketingEvents(db), now);
}

/** Adds the events of this list that are missing; an event already stored keeps its row (the start data). */
export async function addMissingMarketingEvents(db: Database, rows: NewMarketingEvent[]) {
  await insertMissingMarketingEvents(db, rows);
}

/** How long the events are kept in memory: the homepage reads them on every load. */
export const EVENTS_KEPT_MS = 60_000;

const TITLES: Record<StatisticName, string> = {
  points: 'Points collected',
  members: 'Members',
  offers: 'Offers',
};

/** Scheme-wide figures for /statistics/{x}: counts and sums only, never one member's data. */
async function statistic(db: Database, name: StatisticName, now: Date): Promise<Statistic> {
  const yearStart = new Date(Date.UTC(now.getUTCFullYear(), 0, 1));
  let figures: Statistic['figures'];
  if (name === 'points') {
    const [all] = await db
      .select({
        collected: sum(sql`case when ${pointsLedger.amount} > 0 then ${pointsLedger.amount} else 0 end`),
        spent: sum(sql`case when ${pointsLedger.amount} < 0 then -${pointsLedger.amount} else 0 end`),
      })
      .from(pointsLedger)
      .where(gte(pointsLedger.createdAt, yearStart));
    figures = [
      { label: `Points collected in ${now.getUTCFullYear()}`, value: Number(all?.collected ?? 0) },
      { label: `Points spent in ${now.getUTCFullYear()}`, value: Number(all?.spent ?? 0) },
    ];
  } else if (name === 'members') {
    const [all] = await db.select({ n: count() }).from(collectors);
    const [active] = await db
      .select({ n: countDistinct(pointsLedger.collectorId) })
      .from(pointsLedger)
      .where(gte(pointsLedger.createdAt, yearStart));
    figures = [
      { label: 'Members', value: all?.n ?? 0 },
      { label: `Members who collected or spent in ${now.getUTCFullYear()}`, value: active?.n ?? 0 },
    ];
  } else {
    const rows = await db
      .select({ sourceType: offers.sourceType, n: count() })
      .from(offers)
      .where(sql`${offers.validFrom} <= ${now} and ${offers.validTo} >= ${now}`)
      .groupBy(offers.sourceType);
    const of = (type: string) => rows.find((row) => row.sourceType === type)?.n ?? 0;
    figures = [
      { label: 'Personalised offers running', value: of('PIANO') },
      { label: 'Partner offers running', value: of('COALITION') },
      { label: 'Member prices running', value: of('NECTAR_PRICE') },
    ];
  }
  return { name, title: TITLES[name], figures, asOf: now.toISOString() };
}

/**
 * Marketing events, homepage pods and scheme-wide statistics at the clock's time. The events are few and read
 * on every homepage load, so they are kept for a minute (by the clock), then read again.
 */
export function createMarketingService({ db, clock }: { db: Database; clock: Clock }) {
  let kept: { at: number; rows: StoredMarketingEvent[] } | undefined;
  const events = async () => {
    const at = clock.now().getTime();
    if (kept && at >= kept.at && at - kept.at < EVENTS_KEPT_MS) return kept.rows;
    const rows = await listMarketingEvents(db);
    kept = { at, rows };
    return rows;
  };
  return {
    async eventById(id: string): Promise<MarketingEvent> {
      const event = (await events()).find((row) => row.id === id);
      if (!event) throw notFound();
      return toMarketingEvent(event);
    },
    async skinnyEvent(): Promise<MarketingEvent> {
      const event = skinnyEventOf(await events(), clock.now());
      if (!event) throw notFound();
      return toMarketingEvent(event);
    },
    pods: async () => podsOf(await events(), clock.now()),
    statistic: (name: StatisticName) => statistic(db, name, clock.now()),
  };
}
