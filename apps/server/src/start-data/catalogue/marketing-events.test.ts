// @databases one: plain inserts and reads of the marketing events; nothing it asserts depends on the kind.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { marketingEvents } from '../../db/schema/marketing.ts';
import { createMarketingService, EVENTS_KEPT_MS } from '../../modules/marketing/service.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { loadMarketingEvents, marketingEventCatalogue } from './marketing-events.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe('the first marketing events in the table', () => {
  const first = marketingEventCatalogue();

  it('are all there after a start, the winter event on the homepage and counted down to', async () => {
    expect(new Set(first.map((event) => event.id)).size).toBe(first.length);
    const stored = await t.app.db.select().from(marketingEvents).orderBy(marketingEvents.id);
    expect(stored.map((row) => row.id)).toEqual(first.map((event) => event.id).toSorted());
    expect(stored.filter((row) => row.homepagePod).map((row) => row.id)).toEqual(['winter-bonus-weeks']);
    expect(stored.filter((row) => row.countdown).map((row) => row.id)).toEqual(['winter-bonus-weeks']);
  });

  it('shows a changed row once the minute of memory has passed', async () => {
    let now = new Date('2026-12-01T12:00:00Z');
    const marketing = createMarketingService({ db: t.app.db, clock: { now: () => now } });
    expect((await marketing.eventById('winter-bonus-weeks')).title).toBe('Winter bonus weeks');
    await t.app.db
      .update(marketingEvents)
      .set({ title: 'Winter bonus fortnight', summary: 'Words a marketer wrote.', updatedAt: now })
      .where(eq(marketingEvents.id, 'winter-bonus-weeks'));
    expect((await marketing.eventById('winter-bonus-weeks')).title).toBe('Winter bonus weeks');
    now = new Date(now.getTime() + EVENTS_KEPT_MS);
    expect(await marketing.eventById('winter-bonus-weeks')).toMatchObject({
      title: 'Winter bonus fortnight',
      summary: 'Words a marketer wrote.',
      startsAt: '2026-11-01T00:00:00.000Z',
    });
    expect((await marketing.skinnyEvent()).title).toBe('Winter bonus fortnight');
    expect((await marketing.pods()).map((pod) => pod.title)).toEqual([
      'Winter bonus fortnight',
      'Winter bonus fortnight ends soon',
    ]);
    const res = await t.app.inject('/marketing-api/events/winter-bonus-weeks');
    expect(res.json().title).toBe('Winter bonus fortnight');
  });

  it('are written when missing: a later start keeps a changed event, adds a deleted one', async () => {
    await t.app.db
      .update(marketingEvents)
      .set({ summary: 'Words a marketer wrote.', offerIds: ['piano-001'], homepagePod: false })
      .where(eq(marketingEvents.id, 'winter-bonus-weeks'));
    await t.app.db.delete(marketingEvents).where(eq(marketingEvents.id, 'fuel-double-points'));
    await loadMarketingEvents(t.app.db);
    const [kept] = await t.app.db
      .select()
      .from(marketingEvents)
      .where(eq(marketingEvents.id, 'winter-bonus-weeks'));
    expect(kept).toMatchObject({
      summary: 'Words a marketer wrote.',
      offerIds: ['piano-001'],
      homepagePod: false,
      countdown: true,
    });
    const [back] = await t.app.db
      .select()
      .from(marketingEvents)
      .where(eq(marketingEvents.id, 'fuel-double-points'));
    expect(back?.offerIds).toEqual(['coalition-001', 'coalition-002']);
  });
});
