// @databases one: plain inserts and reads of the offers tables; nothing it asserts depends on the kind.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collectors } from '../../db/schema/core.ts';
import { collectorOffers, offers } from '../../db/schema/offers.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { assignDemoOffers, assignStarterOffers } from './service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const DAY = 86_400_000;

/** An offer like a marketer's, live for a week from yesterday unless told otherwise. */
const offer = (id: string, change: Partial<typeof offers.$inferInsert> = {}): typeof offers.$inferInsert => ({
  id,
  sourceType: 'PIANO',
  type: 'PRODUCT',
  title: `Offer ${id}`,
  description: 'Collect 50 extra points.',
  sponsorDisplayName: 'The retailer',
  howTo: '<ol><li>Save it.</li></ol>',
  terms: 'Terms.',
  categoryKey: 'bakery',
  categoryName: 'Bakery',
  points: 50,
  validFrom: new Date(Date.now() - DAY),
  validTo: new Date(Date.now() + 7 * DAY),
  ...change,
});

async function newCollector(name: string) {
  const [row] = await t.app.db
    .insert(collectors)
    .values({ firstName: 'Sam', lastName: 'Test', email: `${name}@example.com`, dateOfBirth: '1980-01-01' })
    .returning({ id: collectors.id });
  return row?.id ?? '';
}

const assigned = async (collectorId: string) =>
  new Map(
    (
      await t.app.db
        .select({ id: collectorOffers.offerId, state: collectorOffers.state })
        .from(collectorOffers)
        .where(eq(collectorOffers.collectorId, collectorId))
    ).map((row) => [row.id, row.state]),
  );

describe("a new member's offers come from the offers table", () => {
  beforeAll(async () => {
    await t.app.db
      .insert(offers)
      .values([
        offer('starter-live'),
        offer('starter-partner', { sourceType: 'COALITION', type: 'OPTIN', partnerId: 'booknook' }),
        offer('starter-draft', { status: 'draft' }),
        offer('starter-submitted', { status: 'submitted' }),
        offer('starter-segment', { audience: { kind: 'segment', rules: [{ rule: 'airline-linked' }] } }),
        offer('starter-list', { audience: { kind: 'list' } }),
        offer('starter-ended', { validTo: new Date(Date.now() - 1000) }),
        offer('starter-spent', { budgetPoints: 100, pointsIssued: 100, stoppedReason: 'budget' }),
        offer('starter-later', { validFrom: new Date(Date.now() + DAY) }),
      ]);
  });

  it('gives a new member every approved offer for everyone that has not ended, none saved', async () => {
    const id = await newCollector('starter-new');
    await assignStarterOffers(t.app.db, id);
    const offersOf = await assigned(id);
    expect(offersOf.get('starter-live')).toBe('UNLOADED');
    expect(offersOf.get('starter-partner')).toBe('NOTOPTEDIN');
    // Approved but not started yet: it is theirs when it starts.
    expect(offersOf.get('starter-later')).toBe('UNLOADED');
    for (const other of ['draft', 'submitted', 'segment', 'list', 'ended', 'spent']) {
      expect(offersOf.has(`starter-${other}`), other).toBe(false);
    }
    expect(offersOf.get('piano-001')).toBe('UNLOADED');
    expect(offersOf.has('piano-expired')).toBe(false);
  });

  it('gives a member made like the demo member the ended offers too, in the demo states', async () => {
    const id = await newCollector('starter-demo');
    await assignDemoOffers(t.app.db, id);
    const offersOf = await assigned(id);
    expect(offersOf.get('piano-003')).toBe('PINNED');
    expect(offersOf.get('piano-expired')).toBe('UNLOADED');
    expect(offersOf.get('starter-ended')).toBe('UNLOADED');
    expect(offersOf.has('starter-draft')).toBe(false);
    expect(offersOf.has('starter-segment')).toBe(false);
  });
});
