// @databases one: the rules it tests go through the API and the repositories alike on both databases; nothing it asserts depends on the kind.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { marketingMessages } from '@app/contracts/marketing';
import { demoCollector } from '../../start-data/demo-collector.ts';
import { cards } from '../../db/schema/core.ts';
import { SESSION_COOKIE } from '../../plugins/session.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { podsAt } from './service.ts';

let t: TestApp;
let cookies: Record<string, string>;
beforeAll(async () => {
  t = await buildTestApp();
  const [card] = await t.app.db.select().from(cards).where(eq(cards.number, demoCollector.cardNumber));
  cookies = { [SESSION_COOKIE]: (await t.app.sessions.create(card?.collectorId ?? '')).token };
});
afterAll(async () => t.close());

describe('/marketing-api', () => {
  it('answers an event with its offers and terms, and the spec-free 404 for an unknown one', async () => {
    const res = await t.app.inject('/marketing-api/events/winter-bonus-weeks');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: 'winter-bonus-weeks',
      offerIds: expect.arrayContaining(['piano-001']),
    });
    const missing = await t.app.inject('/marketing-api/events/no-such-event');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ code: 'EVENT_NOT_FOUND', description: marketingMessages.eventNotFound });
    expect((await t.app.inject('/marketing-api/events/Bad%20Id')).statusCode).toBe(400);
  });

  it('serves the skinny event to anyone and the pods to a member only', async () => {
    expect((await t.app.inject('/marketing-api/skinny-event')).json()).toMatchObject({
      id: 'winter-bonus-weeks',
    });
    expect((await t.app.inject('/marketing-api/pods')).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/marketing-api/pods', cookies })).statusCode).toBe(200);
  });

  it('shows the homepage pod and a countdown while the event runs, and nothing after it', async () => {
    expect((await podsAt(t.app.db, new Date('2026-12-01T12:00:00Z'))).map((pod) => pod.type)).toEqual([
      'HOMEPAGE_POD',
      'COUNTDOWN',
    ]);
    expect(await podsAt(t.app.db, new Date('2027-03-01T12:00:00Z'))).toEqual([]);
  });

  it('publishes scheme-wide statistics only, and 404 for any other name', async () => {
    const points = await t.app.inject('/marketing-api/statistics/points');
    expect(points.statusCode).toBe(200);
    expect(points.json().figures).toHaveLength(2);
    const members = (await t.app.inject('/marketing-api/statistics/members')).json<{
      figures: { value: number }[];
    }>();
    expect(members.figures[0]?.value).toBeGreaterThanOrEqual(1);
    expect((await t.app.inject('/marketing-api/statistics/offers')).statusCode).toBe(200);
    const other = await t.app.inject('/marketing-api/statistics/passwords');
    expect(other.statusCode).toBe(404);
    expect(other.json().description).toBe(marketingMessages.statisticNotFound);
  });
});
