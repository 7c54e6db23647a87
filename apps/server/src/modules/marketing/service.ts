import { count, countDistinct, gte, sql, sum } from 'drizzle-orm';
import { marketingMessages, type Pod, type Statistic, type StatisticName } from '@app/contracts/marketing';
import type { Clock } from '../../lib/clock.ts';
import type { Database } from '../../db/database.ts';
import { collectors } from '../../db/schema/core.ts';
import { offers } from '../../db/schema/offers.ts';
import { pointsLedger } from '../../db/schema/points-ledger.ts';
import { AppError } from '../../lib/app-error.ts';
import { COUNTDOWN_EVENT_ID, SKINNY_EVENT_ID, findEvent } from './events.ts';

export function eventById(id: string) {
  const event = findEvent(id);
  if (!event) throw new AppError(404, 'EVENT_NOT_FOUND', marketingMessages.eventNotFound);
  return event;
}

const isLive = (event: { startsAt: string; endsAt: string }, now: Date) =>
  Date.parse(event.startsAt) <= now.getTime() && now.getTime() <= Date.parse(event.endsAt);

/** The homepage pods: the skinny event (HOMEPAGE_POD) and a COUNTDOWN to its end, while it runs. */
export function podsAt(now: Date): Pod[] {
  const pods: Pod[] = [];
  const skinny = findEvent(SKINNY_EVENT_ID);
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
  const countdown = findEvent(COUNTDOWN_EVENT_ID);
  if (countdown && isLive(countdown, now)) {
    pods.push({
      type: 'COUNTDOWN',
      id: `${countdown.id}-countdown`,
      title: `${countdown.title} ends soon`,
      body: 'Save the event offers to your card before it ends.',
      ctaLabel: 'See the event',
      ctaPath: `/marketing-event/${countdown.id}`,
      endsAt: countdown.endsAt,
    });
  }
  return pods;
}

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

/** Homepage pods and scheme-wide statistics at the clock's time. */
export function createMarketingService({ db, clock }: { db: Database; clock: Clock }) {
  return {
    pods: () => podsAt(clock.now()),
    statistic: (name: StatisticName) => statistic(db, name, clock.now()),
  };
}
