import { desc, eq } from 'drizzle-orm';
import type { RevealableField } from '@app/contracts/staff';
import type { Database } from '../../db/database.ts';
import { cards, collectors, credentials } from '../../db/schema/core.ts';
import { missingPointsClaims } from '../../db/schema/missing-points.ts';
import { pointsLedger } from '../../db/schema/points-ledger.ts';
import { collectorAddresses } from '../../db/schema/registration.ts';
import { pointsBalance } from '../../lib/points-ledger.ts';
import { isRedemptionLocked } from '../../lib/redemption-lock.ts';

/**
 * How the console shows a detail before it is revealed: an email's first character and its domain (never its
 * length), a mobile's last 3 digits, a postcode's outward code.
 */
export const maskEmail = (email: string | null) =>
  email ? `${email.slice(0, 1)}***@${email.split('@')[1] ?? ''}` : null;
const maskMobile = (number: string | null) =>
  number ? `${'*'.repeat(number.length - 3)}${number.slice(-3)}` : null;
export const maskPostcode = (postcode: string | null | undefined) =>
  postcode ? `${postcode.split(' ')[0] ?? ''} ***` : null;

/** Whether there is such a member (any status). */
export async function memberExists(db: Database, memberId: string) {
  const [member] = await db.select({ id: collectors.id }).from(collectors).where(eq(collectors.id, memberId));
  return member !== undefined;
}

/** The member as the console shows them before any reveal; undefined when there is no such member. */
export async function memberOverview(db: Database, memberId: string, now: Date) {
  const [member] = await db.select().from(collectors).where(eq(collectors.id, memberId));
  if (!member) return undefined;
  const [memberCards, ledger, claims, [credential], [address], balance, spendingLocked] = await Promise.all([
    db.select().from(cards).where(eq(cards.collectorId, memberId)).orderBy(desc(cards.issuedAt)),
    db
      .select({
        id: pointsLedger.id,
        amount: pointsLedger.amount,
        reason: pointsLedger.reason,
        source: pointsLedger.source,
        createdAt: pointsLedger.createdAt,
      })
      .from(pointsLedger)
      .where(eq(pointsLedger.collectorId, memberId))
      .orderBy(desc(pointsLedger.createdAt))
      .limit(50),
    db
      .select()
      .from(missingPointsClaims)
      .where(eq(missingPointsClaims.collectorId, memberId))
      .orderBy(desc(missingPointsClaims.createdAt))
      .limit(20),
    db.select().from(credentials).where(eq(credentials.collectorId, memberId)),
    db.select().from(collectorAddresses).where(eq(collectorAddresses.collectorId, memberId)).limit(1),
    pointsBalance(db, memberId),
    isRedemptionLocked(db, memberId),
  ]);
  return {
    id: member.id,
    name: [member.title, member.firstName, member.lastName].filter(Boolean).join(' '),
    status: member.status,
    accountKind: member.accountKind,
    joinedAt: member.createdAt.toISOString(),
    email: maskEmail(member.email),
    mobile: maskMobile(member.phoneNumber),
    dateOfBirth: member.dateOfBirth ? `****-**-** (${member.dateOfBirth.slice(0, 4)})` : null,
    postcode: maskPostcode(address?.postcode),
    balance,
    spendingLocked,
    signInLockedUntil:
      credential?.lockedUntil && credential.lockedUntil > now ? credential.lockedUntil.toISOString() : null,
    failedSignIns: credential?.failedAttempts ?? 0,
    cards: memberCards.map((card) => ({
      number: card.number,
      kind: card.kind,
      status: card.status,
      issuedAt: card.issuedAt.toISOString(),
    })),
    ledger: ledger.map((entry) => ({ ...entry, createdAt: entry.createdAt.toISOString() })),
    claims: claims.map((claim) => ({
      id: claim.id,
      partner: claim.partner,
      reference: claim.reference,
      status: claim.status,
      pointsGranted: claim.pointsGranted,
      createdAt: claim.createdAt.toISOString(),
    })),
  };
}

/** One field in full, for a reveal. */
export async function revealField(db: Database, memberId: string, field: RevealableField) {
  const [member] = await db.select().from(collectors).where(eq(collectors.id, memberId));
  if (!member) return undefined;
  if (field === 'address') {
    const [address] = await db
      .select()
      .from(collectorAddresses)
      .where(eq(collectorAddresses.collectorId, memberId))
      .limit(1);
    return address ? [...address.lines, address.postcode].join(', ') : null;
  }
  if (field === 'mobile')
    return member.phoneNumber ? `${member.phoneCountryCode ?? ''} ${member.phoneNumber}` : null;
  return field === 'email' ? member.email : member.dateOfBirth;
}

/** Whether what a caller says matches the member: the date of birth and the postcode, each when given. */
export async function callerMatches(
  db: Database,
  memberId: string,
  said: { dateOfBirth?: string; postcode?: string },
) {
  const [member] = await db.select().from(collectors).where(eq(collectors.id, memberId));
  const [address] = await db
    .select()
    .from(collectorAddresses)
    .where(eq(collectorAddresses.collectorId, memberId))
    .limit(1);
  const compact = (postcode: string) => postcode.replace(/\s/g, '').toUpperCase();
  const dateMatches = said.dateOfBirth === undefined || said.dateOfBirth === member?.dateOfBirth;
  const postcodeMatches =
    said.postcode === undefined ||
    (address !== undefined && compact(said.postcode) === compact(address.postcode));
  return dateMatches && postcodeMatches;
}
