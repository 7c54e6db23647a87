import { PARTNERS, type PartnerKind, type SandboxFailure } from '@app/contracts/linked-partners';
import { eq } from 'drizzle-orm';
import type { Database } from '../db/database.ts';
import { cards } from '../db/schema/core.ts';
import { partnerLinks, sandboxPartnerAccounts } from '../db/schema/linked-partners.ts';
import { demoCollector } from './demo-collector.ts';

/**
 * The sandbox partners' starting accounts (README "Tester tools"): the demo member's own airline and hotel
 * accounts (last name Morgan), and one account per failure switch, so every error path can be tried.
 */
export const SANDBOX_ACCOUNTS: Array<{
  kind: PartnerKind;
  membershipNumber: string;
  lastName: string;
  balance: number;
  failure: SandboxFailure;
}> = [
  { kind: 'airline', membershipNumber: 'BA12345678', lastName: 'Morgan', balance: 12_000, failure: 'none' },
  { kind: 'airline', membershipNumber: 'BA87654321', lastName: 'Morgan', balance: 500, failure: 'none' },
  { kind: 'airline', membershipNumber: 'BA00000001', lastName: 'Morgan', balance: 5000, failure: 'error' },
  { kind: 'airline', membershipNumber: 'BA00000002', lastName: 'Morgan', balance: 5000, failure: 'timeout' },
  { kind: 'airline', membershipNumber: 'BA00000003', lastName: 'Morgan', balance: 5000, failure: 'slow' },
  { kind: 'airline', membershipNumber: 'BA00000004', lastName: 'Morgan', balance: 5000, failure: 'locked' },
  { kind: 'hotel', membershipNumber: 'HC12345678', lastName: 'Morgan', balance: 300, failure: 'none' },
  { kind: 'hotel', membershipNumber: 'HC00000001', lastName: 'Morgan', balance: 300, failure: 'error' },
  { kind: 'hotel', membershipNumber: 'HC00000002', lastName: 'Morgan', balance: 300, failure: 'timeout' },
  { kind: 'hotel', membershipNumber: 'HC00000003', lastName: 'Morgan', balance: 300, failure: 'slow' },
  { kind: 'hotel', membershipNumber: 'HC00000004', lastName: 'Morgan', balance: 300, failure: 'locked' },
];

/** Inserts the sandbox accounts that are missing; existing ones keep their balances (safe at every start). */
export async function loadSandboxPartnerAccounts(db: Database) {
  await db
    .insert(sandboxPartnerAccounts)
    .values(
      SANDBOX_ACCOUNTS.map(({ kind, ...account }) => ({ ...account, partnerId: PARTNERS[kind].partnerId })),
    )
    .onConflictDoNothing();
}

/**
 * The demo member starts with the hotel account linked (docs/features.md "Brands and linked partners"), so the linked
 * partners page shows both states; only when the member has never had a link (safe on every start).
 */
export async function loadDemoPartnerLink(db: Database) {
  const [card] = await db.select().from(cards).where(eq(cards.number, demoCollector.cardNumber));
  if (!card) return;
  const existing = await db
    .select({ id: partnerLinks.id })
    .from(partnerLinks)
    .where(eq(partnerLinks.collectorId, card.collectorId))
    .limit(1);
  if (existing.length > 0) return;
  await db
    .insert(partnerLinks)
    .values({
      collectorId: card.collectorId,
      cardNumber: card.number,
      partnerId: PARTNERS.hotel.partnerId,
      partnerAccount: 'HC12345678',
      linkType: 'link',
    })
    .onConflictDoNothing();
}
