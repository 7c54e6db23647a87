import { eq } from 'drizzle-orm';
import { brand } from '@app/contracts/brand';
import { PARTNERS, convertedPoints, type PartnerKind } from '@app/contracts/linked-partners';
import type { Database } from '../db/database.ts';
import { transactionDetails } from '../db/schema/card-activity.ts';
import { collectors } from '../db/schema/core.ts';
import { partnerTransfers } from '../db/schema/linked-partners.ts';
import { pointsLedger } from '../db/schema/points-ledger.ts';
import type { ChangeFeed } from './change-feed.ts';
import { hashUuid } from './hash-uuid.ts';
import { transferLedgerKey } from './ledger-keys.ts';
import { balanceChangeKey } from './points-ledger.ts';

const DAY_MS = 86_400_000;

type Details = Omit<typeof transactionDetails.$inferInsert, 'ledgerEntryId' | 'collectorId'>;

/** One entry of a sample year: a ledger entry, and its transaction_details row when it has one. */
export interface SampleEntry {
  daysAgo: number;
  amount: number;
  reason: string;
  source: string;
  /** Absent for a conversion: the linked-partners module writes no details row for one either. */
  details?: Details;
  /** A conversion to a partner: its transfer, written beside the debit as a real conversion writes it. */
  transfer?: { kind: PartnerKind; pointsReceived: number };
}

const STORES = ['Holborn Circus', 'Islington', 'Clapham Junction', 'Online delivery'];
const BRANDS = ['Argos', 'eBay', 'Caffè Nero', 'Habitat'];

/** A fill-up at the fuel partner, a point a litre at £1.45 a litre (the demo member's and a sample year's). */
export const fuelEntry = (litres: number, station: string | undefined) => ({
  amount: litres,
  reason: `Fuel, ${litres} litres`,
  source: 'esso',
  details: {
    partnerKind: 'FUEL',
    partnerName: brand.fuelPartner,
    storeName: `${brand.fuelPartner} ${station}`,
    spendPence: litres * 145,
  },
});

/** A repeatable pseudo-random sequence (the same year for the same seed). */
function sequence(seed: number) {
  let state = seed % 2_147_483_648;
  return (min: number, max: number) => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return min + (state % (max - min + 1));
  };
}

/**
 * A realistic year of a member's points, oldest first (the points-over-time chart and the goal's
 * 90-day pace need dated history): a weekly shop at the retailer, fuel once a month, a brand partner every six
 * weeks or so, two spends at the till and one conversion to the airline's Avios. Every entry is written the way
 * the real writers write it (reason, source, partner kind), so the activity feed and the history read it as
 * theirs. The running balance never goes below zero.
 */
export function sampleYear(seed: number): SampleEntry[] {
  const next = sequence(seed);
  const entries: SampleEntry[] = [];
  for (let daysAgo = 362; daysAgo >= 1; daysAgo -= 7) {
    const spendPence = next(3_500, 11_000);
    const bonus = next(0, 5) === 0 ? 150 : 0;
    entries.push({
      daysAgo,
      amount: Math.floor(spendPence / 100) + bonus,
      reason: bonus ? 'Shopping, with a bonus offer' : 'Shopping',
      source: 'sainsburys-till',
      details: {
        partnerKind: 'RETAILER',
        partnerName: brand.retailer,
        storeName: STORES[next(0, STORES.length - 1)],
        spendPence,
        savingPence: next(0, 6) * 25,
      },
    });
  }
  for (let daysAgo = 355; daysAgo >= 1; daysAgo -= 30) {
    const litres = next(30, 55);
    entries.push({ daysAgo, ...fuelEntry(litres, STORES[next(0, 2)]) });
  }
  for (let daysAgo = 340; daysAgo >= 1; daysAgo -= 45) {
    const partner = BRANDS[next(0, BRANDS.length - 1)] ?? 'Argos';
    const spendPence = next(1_500, 9_000);
    entries.push({
      daysAgo,
      amount: Math.floor(spendPence / 100) * 2,
      reason: `Shopping at ${partner}`,
      source: partner.toLowerCase().replace(/[^a-z]/g, ''),
      details: { partnerKind: 'BRAND', partnerName: partner, spendPence },
    });
  }
  for (const [daysAgo, points] of [
    [200, 500],
    [45, 1_000],
  ] as const) {
    entries.push({
      daysAgo,
      amount: -points,
      reason: `Spent: £${(points / 200).toFixed(2)} off your shopping`,
      source: 'sainsburys-till',
      details: { partnerKind: 'REDEMPTION', partnerName: brand.retailer, storeName: STORES[0] },
    });
  }
  const airline = PARTNERS.airline;
  entries.push({
    daysAgo: 120,
    amount: -400,
    reason: `Converted to ${airline.pointsName}`,
    source: `partner-${airline.partnerId.toLowerCase()}`,
    transfer: { kind: 'airline', pointsReceived: convertedPoints('airline', 'NECTAR_TO_PARTNER', 400) ?? 0 },
  });
  return entries.sort((a, b) => b.daysAgo - a.daysAgo);
}

/**
 * Writes a sample year for a member, dated back from `now`, in one transaction under the member's lock, as
 * recordPoints would write each entry (same columns, a details row beside it, the balance change announced):
 * one statement for the entries and one for their details instead of 80 transactions, so a journey's fresh
 * member is ready at once. The entries never take the balance below zero (sampleYear), and their keys are per
 * member, so a repeat writes nothing.
 */
export async function writeSampleYear(
  db: Database,
  member: { collectorId: string; cardNumber: string },
  now: Date,
  feed?: ChangeFeed,
  seed = 34,
) {
  const entries = sampleYear(seed);
  // A conversion's key is its transfer's (the ledger check finds each debit's transfer by it), the transfer's id
  // made from the member and the entry so a repeat writes nothing.
  const transferId = (index: number) => hashUuid(`sample-year:${member.collectorId}:${index}`);
  const key = (index: number) =>
    entries[index]?.transfer
      ? transferLedgerKey(transferId(index), 'debit')
      : `sample-year:${member.collectorId}:${index}`;
  const written = await db.transaction(async (tx) => {
    await tx
      .select({ id: collectors.id })
      .from(collectors)
      .where(eq(collectors.id, member.collectorId))
      .for('update');
    const transfers = entries.flatMap((entry, index) => {
      if (!entry.transfer) return [];
      const at = new Date(now.getTime() - entry.daysAgo * DAY_MS);
      const info = PARTNERS[entry.transfer.kind];
      return [
        {
          id: transferId(index),
          collectorId: member.collectorId,
          partnerId: info.partnerId,
          partnerAccount: `SAMPLE-${member.cardNumber.slice(-6)}`,
          conversionType: 'NECTAR_TO_PARTNER',
          pointsGiven: -entry.amount,
          pointsReceived: entry.transfer.pointsReceived,
          status: 'SUCCESS',
          createdAt: at,
          updatedAt: at,
        },
      ];
    });
    if (transfers.length > 0) await tx.insert(partnerTransfers).values(transfers).onConflictDoNothing();
    const rows = await tx
      .insert(pointsLedger)
      .values(
        entries.map((entry, index) => {
          // In the daytime of that day (09:00 to 17:59 UTC), always before `now` since daysAgo is at least 1.
          const at = new Date(now.getTime() - entry.daysAgo * DAY_MS);
          at.setUTCHours(9 + (index % 9), (index * 7) % 60, 0, 0);
          return {
            collectorId: member.collectorId,
            cardNumber: entry.amount > 0 ? member.cardNumber : undefined,
            amount: entry.amount,
            reason: entry.reason,
            source: entry.source,
            idempotencyKey: key(index),
            createdAt: at,
          };
        }),
      )
      .onConflictDoNothing()
      .returning({ id: pointsLedger.id, idempotencyKey: pointsLedger.idempotencyKey });
    const idOf = new Map(rows.map((row) => [row.idempotencyKey, row.id]));
    const details = entries.flatMap((entry, index) => {
      const ledgerEntryId = idOf.get(key(index));
      return entry.details && ledgerEntryId
        ? [{ ...entry.details, ledgerEntryId, collectorId: member.collectorId }]
        : [];
    });
    if (details.length > 0) await tx.insert(transactionDetails).values(details);
    if (rows.length > 0) await feed?.announce(tx, balanceChangeKey(member.collectorId));
    return rows.length;
  });
  if (written > 0) feed?.changed(balanceChangeKey(member.collectorId));
  return written;
}
