import { systemClock } from '../lib/clock.ts';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { brand } from '@app/contracts/brand';
import type { ChangeFeed } from '../lib/change-feed.ts';
import { hashPassword } from '../lib/passwords.ts';
import { recordPoints } from '../lib/points-ledger.ts';
import { fuelEntry } from '../lib/sample-points-year.ts';
import { createVoucherService } from '../modules/vouchers/service.ts';
import type { Database } from '../db/database.ts';
import { transactionDetails, type ReceiptLine } from '../db/schema/card-activity.ts';
import { cards, collectors, credentials } from '../db/schema/core.ts';
import { pointsLedger } from '../db/schema/points-ledger.ts';
import { collectorAddresses } from '../db/schema/registration.ts';
import { demoCollector } from './demo-collector.ts';

/**
 * A second seeded member for trying card replacement and spending points without touching the demo
 * account's card or balance (README "Demo account").
 */
export const cardDemoCollector = {
  cardNumber: '9826300012345678902',
  email: 'sam.lee@example.com',
  password: 'Nectar-demo-2026',
  firstName: 'Sam',
  lastName: 'Lee',
  dateOfBirth: '1990-02-03',
  postcode: 'M1 1AE',
  addressLines: ['2 Piccadilly', 'Manchester'],
  startingPoints: 6000,
} as const;

const groceries: Array<[string, number, number]> = [
  ['Bananas, loose x6', 85, 0],
  ['Semi-skimmed milk 4 pints', 165, 20],
  ['Wholemeal bread 800g', 140, 0],
  ['Free range eggs x12', 340, 40],
  ['Cheddar cheese 400g', 425, 75],
  ['Chicken breast fillets 640g', 560, 100],
  ['Penne pasta 500g', 95, 0],
  ['Chopped tomatoes 400g x4', 220, 30],
  ['Salmon fillets x2', 450, 100],
  ['Washing-up liquid 900ml', 225, 50],
  ['Orange juice 1.75l', 275, 55],
  ['Greek yoghurt 500g', 180, 30],
  ['Coffee beans 227g', 450, 100],
  ['Broccoli 350g', 69, 0],
];
const stores = [
  'Holborn Circus',
  'Manchester Piccadilly',
  'Islington',
  'Clapham Junction',
  'Online delivery',
];
const brandPartners = ['Argos', 'eBay', 'Caffè Nero', 'Habitat'];

interface DemoEntry {
  key: string;
  daysAgo: number;
  amount: number;
  reason: string;
  source: string;
  details: Omit<typeof transactionDetails.$inferInsert, 'ledgerEntryId' | 'collectorId'>;
}

/** A fixed, repeatable pseudo-random sequence: the same demo on every start and every instance. */
const sequence = (seed: number) => {
  let state = seed;
  return (min: number, max: number) => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return min + (state % (max - min + 1));
  };
};

/** The demo voucher bought with points, 12 days ago. */
const DEMO_VOUCHER = {
  rewardId: 'argos-5',
  idempotencyKey: 'a5e0c0de-0000-4000-8000-000000000011',
  points: 1000,
};

/**
 * The demo member's year of activity: shops at the retailer (with member-price savings and a digital
 * receipt), fuel, brand partners and spends at the till, oldest first. With the voucher and a last spend,
 * they add up to nothing, so the demo balance stays the 2,450 points of offers/demo-offers.ts.
 */
export function demoActivity(): DemoEntry[] {
  const next = sequence(11);
  const entries: DemoEntry[] = [];
  let sinceSpend = 0;
  for (let i = 0; i < 64; i += 1) {
    const daysAgo = 330 - i * 5;
    const key = `demo-activity-${i}`;
    if (i % 10 === 9 && sinceSpend >= 1000) {
      const points = Math.floor(sinceSpend / 2 / 500) * 500;
      sinceSpend -= points;
      entries.push({
        key,
        daysAgo,
        amount: -points,
        reason: `Spent: £${(points / 200).toFixed(2)} off your shopping`,
        source: 'sainsburys-till',
        details: { partnerKind: 'REDEMPTION', partnerName: brand.retailer, storeName: stores[next(0, 3)] },
      });
      continue;
    }
    const kind = i % 4 === 1 ? 'FUEL' : i % 4 === 3 ? 'BRAND' : 'RETAILER';
    if (kind === 'RETAILER') {
      const lines: ReceiptLine[] = Array.from({ length: next(3, 8) }, () => {
        const [description, pricePence, savingPence] =
          groceries[next(0, groceries.length - 1)] ?? groceries[0]!;
        const quantity = next(1, 3);
        return {
          description,
          quantity,
          pricePence: pricePence * quantity,
          savingPence: savingPence * quantity,
        };
      });
      const spendPence = lines.reduce((sum, line) => sum + line.pricePence, 0);
      const savingPence = lines.reduce((sum, line) => sum + line.savingPence, 0);
      const points = Math.max(1, Math.floor(spendPence / 100)) + (i % 8 === 0 ? 200 : 0);
      sinceSpend += points;
      entries.push({
        key,
        daysAgo,
        amount: points,
        reason: i % 8 === 0 ? 'Shopping, with a bonus offer' : 'Shopping',
        source: 'sainsburys-till',
        details: {
          partnerKind: 'RETAILER',
          partnerName: brand.retailer,
          storeName: stores[next(0, stores.length - 1)],
          spendPence,
          savingPence,
          receiptId: randomUUIDFrom(i),
          receiptLines: lines,
        },
      });
    } else if (kind === 'FUEL') {
      const litres = next(28, 55);
      sinceSpend += litres;
      entries.push({ key, daysAgo, ...fuelEntry(litres, stores[next(0, 3)]) });
    } else {
      const partner = brandPartners[next(0, brandPartners.length - 1)] ?? 'Argos';
      const spendPence = next(1500, 6000);
      const points = Math.floor(spendPence / 100) * 2;
      sinceSpend += points;
      entries.push({
        key,
        daysAgo,
        amount: points,
        reason: `Shopping at ${partner}`,
        source: partner.toLowerCase().replace(/[^a-z]/g, ''),
        details: { partnerKind: 'BRAND', partnerName: partner, spendPence },
      });
    }
  }
  const net = entries.reduce((sum, entry) => sum + entry.amount, 0);
  const last = net - DEMO_VOUCHER.points;
  if (last > 0) {
    entries.push({
      key: 'demo-activity-final',
      daysAgo: 9,
      amount: -last,
      reason: `Spent: £${(last / 200).toFixed(2)} off your shopping`,
      source: 'sainsburys-till',
      details: { partnerKind: 'REDEMPTION', partnerName: brand.retailer, storeName: stores[0] },
    });
  }
  return entries;
}

/** A receipt id that is the same on every start (a UUID built from the entry number). */
function randomUUIDFrom(index: number) {
  return `d0d0a000-0000-4000-8000-${String(index).padStart(12, '0')}`;
}

/** What the five entries of offers/demo-offers.ts were, so the feed names their partners. */
const demoHistoryDetails: Array<
  Omit<typeof transactionDetails.$inferInsert, 'ledgerEntryId' | 'collectorId'>
> = [
  { partnerKind: 'RETAILER', partnerName: brand.retailer, storeName: stores[0], spendPence: 124_950 },
  { partnerKind: 'ADJUSTMENT', partnerName: brand.retailer },
  { partnerKind: 'FUEL', partnerName: brand.fuelPartner, storeName: `${brand.fuelPartner} Islington` },
  { partnerKind: 'REDEMPTION', partnerName: brand.retailer, storeName: stores[1] },
  { partnerKind: 'RETAILER', partnerName: brand.retailer, storeName: stores[2], spendPence: 97_980 },
];

async function ensureSecondMember(db: Database) {
  const member = cardDemoCollector;
  const [existing] = await db
    .select({ id: collectors.id })
    .from(collectors)
    .where(sql`lower(${collectors.email}) = ${member.email}`);
  if (existing) return;
  const passwordHash = await hashPassword(member.password);
  await db.transaction(async (tx) => {
    const [collector] = await tx
      .insert(collectors)
      .values({
        firstName: member.firstName,
        lastName: member.lastName,
        email: member.email,
        dateOfBirth: member.dateOfBirth,
      })
      .onConflictDoNothing()
      .returning({ id: collectors.id });
    if (!collector) return; // Another instance made it a moment ago.
    await tx.insert(cards).values({ number: member.cardNumber, collectorId: collector.id, kind: 'digital' });
    await tx.insert(credentials).values({ collectorId: collector.id, passwordHash });
    await tx
      .insert(collectorAddresses)
      .values({ collectorId: collector.id, lines: [...member.addressLines], postcode: member.postcode });
  });
  const [collector] = await db
    .select({ id: collectors.id })
    .from(collectors)
    .where(sql`lower(${collectors.email}) = ${member.email}`);
  if (!collector) return;
  await recordPoints(db, {
    collectorId: collector.id,
    cardNumber: member.cardNumber,
    amount: member.startingPoints,
    reason: 'Shopping',
    source: 'sainsburys-till',
    idempotencyKey: 'demo-second-member-start',
    at: new Date(Date.now() - 3 * 86_400_000),
  });
}

/**
 * The demo member's activity (at least 60 entries, across the retailer, fuel and brand partners), one
 * voucher, and a second member for card replacement and spending. Safe on every start and on
 * several instances at once: every entry has its own idempotency key and details ignore rows that exist.
 */
export async function loadDemoActivity(db: Database, feed?: ChangeFeed, now = new Date()) {
  await ensureSecondMember(db);
  const [card] = await db.select().from(cards).where(eq(cards.number, demoCollector.cardNumber));
  if (!card) return;
  const collectorId = card.collectorId;
  const [done] = await db
    .select({ id: pointsLedger.id })
    .from(pointsLedger)
    .where(eq(pointsLedger.idempotencyKey, 'demo-activity-final'));
  if (done) return;

  const at = (daysAgo: number) => new Date(now.getTime() - daysAgo * 86_400_000);
  const entries = demoActivity();
  const final = entries[entries.length - 1]?.key === 'demo-activity-final' ? entries.pop() : undefined;
  for (const entry of entries) {
    await recordPoints(
      db,
      {
        collectorId,
        cardNumber: entry.amount > 0 && card.status === 'active' ? card.number : undefined,
        amount: entry.amount,
        reason: entry.reason,
        source: entry.source,
        idempotencyKey: entry.key,
        at: at(entry.daysAgo),
      },
      feed,
      async (tx, ledgerEntryId) => {
        await tx
          .insert(transactionDetails)
          .values({ ...entry.details, ledgerEntryId, collectorId })
          .onConflictDoNothing();
      },
    );
  }
  await createVoucherService({ db, feed, clock: systemClock }).redeem(
    collectorId,
    { rewardId: DEMO_VOUCHER.rewardId, idempotencyKey: DEMO_VOUCHER.idempotencyKey },
    at(12),
  );
  // Names for the five entries the offers module wrote.
  const history = await db
    .select({ id: pointsLedger.id, key: pointsLedger.idempotencyKey })
    .from(pointsLedger)
    .where(
      and(
        eq(pointsLedger.collectorId, collectorId),
        inArray(
          pointsLedger.idempotencyKey,
          demoHistoryDetails.map((_, index) => `demo-history-${index}`),
        ),
      ),
    );
  for (const row of history) {
    const details = demoHistoryDetails[Number(row.key.slice('demo-history-'.length))];
    if (details) {
      await db
        .insert(transactionDetails)
        .values({ ...details, ledgerEntryId: row.id, collectorId })
        .onConflictDoNothing();
    }
  }
  if (final) {
    await recordPoints(
      db,
      {
        collectorId,
        amount: final.amount,
        reason: final.reason,
        source: final.source,
        idempotencyKey: final.key,
        at: at(final.daysAgo),
      },
      feed,
      async (tx, ledgerEntryId) => {
        await tx
          .insert(transactionDetails)
          .values({ ...final.details, ledgerEntryId, collectorId })
          .onConflictDoNothing();
      },
    );
  }
}
