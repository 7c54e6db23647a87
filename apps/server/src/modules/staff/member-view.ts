import { desc, eq } from 'drizzle-orm';
import { partnerById } from '@app/contracts/linked-partners';
import { MEMBER_VIEW_LIMITS, type RevealableField } from '@app/contracts/staff';
import type { Database } from '../../db/database.ts';
import { cards, collectors, credentials } from '../../db/schema/core.ts';
import { missingPointsClaims } from '../../db/schema/missing-points.ts';
import { pointsLedger } from '../../db/schema/points-ledger.ts';
import { collectorAddresses } from '../../db/schema/registration.ts';
import { listKnownDevices } from '../../lib/known-devices.ts';
import { pointsBalance } from '../../lib/points-ledger.ts';
import { isRedemptionLocked } from '../../lib/redemption-lock.ts';
import { accountEventsOf, consentsOf, preferencesOf, sessionsOf } from '../account/service.ts';
import { linksAndTransfersOf } from '../linked-partners/service.ts';
import { pendingPointsOf } from '../missing-points/service.ts';
import { assignedOffers } from '../offers/service.ts';
import { passkeysOf } from '../passkeys/service.ts';
import { createPointsGoalService } from '../points-goal/service.ts';
import { vouchersOf } from '../vouchers/service.ts';
import { fullName } from './caller-check.ts';

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
/** A voucher's code, which spends it: its last 4 characters, enough to tell which voucher a caller means. */
const maskVoucherCode = (code: string) => `${'*'.repeat(Math.max(0, code.length - 4))}${code.slice(-4)}`;

const { list: LIST_LIMIT, ledger: LEDGER_LIMIT } = MEMBER_VIEW_LIMITS;

/** An offer the member did something with: saved, pinned, opted into, hid, or used at a till. */
const actedOn = (offer: { state: string; timesEarned: number }) =>
  !['UNLOADED', 'NOTOPTEDIN'].includes(offer.state) || offer.timesEarned > 0;

/** Whether there is such a member (any status). */
export async function memberExists(db: Database, memberId: string) {
  const [member] = await db.select({ id: collectors.id }).from(collectors).where(eq(collectors.id, memberId));
  return member !== undefined;
}

/**
 * The member as the console shows them before any reveal; undefined when there is no such member. Every read
 * runs at once, each through the module that owns it, and each list is limited.
 */
export async function memberOverview(db: Database, memberId: string, now: Date) {
  const [member] = await db.select().from(collectors).where(eq(collectors.id, memberId));
  if (!member) return undefined;
  const pending = pendingPointsOf(db, memberId);
  const goals = createPointsGoalService({
    db,
    clock: { now: () => now },
    pendingPoints: async () => (await pending).total,
  });
  const [
    [memberCards, ledger, claims, [credential], [address], balance, spendingLocked],
    [offers, vouchers, partners, pendingPoints, goal],
    [preferences, consents, sessions, devices, passkeys, securityEvents],
  ] = await Promise.all([
    Promise.all([
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
        .limit(LEDGER_LIMIT),
      db
        .select()
        .from(missingPointsClaims)
        .where(eq(missingPointsClaims.collectorId, memberId))
        .orderBy(desc(missingPointsClaims.createdAt))
        .limit(LIST_LIMIT),
      db.select().from(credentials).where(eq(credentials.collectorId, memberId)),
      db.select().from(collectorAddresses).where(eq(collectorAddresses.collectorId, memberId)).limit(1),
      pointsBalance(db, memberId),
      isRedemptionLocked(db, memberId),
    ]),
    Promise.all([
      assignedOffers(db, memberId),
      vouchersOf(db, memberId),
      linksAndTransfersOf(db, memberId),
      pending,
      goals.goal(memberId),
    ]),
    Promise.all([
      preferencesOf(db, memberId),
      consentsOf(db, memberId, LIST_LIMIT),
      sessionsOf(db, memberId, now),
      listKnownDevices(db, memberId, now, LIST_LIMIT),
      passkeysOf(db, memberId),
      accountEventsOf(db, memberId, LIST_LIMIT),
    ]),
  ]);
  const partnerOf = (partnerId: string) => partnerById(partnerId);
  return {
    id: member.id,
    name: fullName(member),
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
    offers: offers
      .filter(actedOn)
      .sort((a, b) => (b.savedAt?.getTime() ?? 0) - (a.savedAt?.getTime() ?? 0) || a.id.localeCompare(b.id))
      .slice(0, LIST_LIMIT)
      .map((offer) => ({
        id: offer.id,
        title: offer.title,
        partner: offer.sponsorDisplayName,
        source: offer.sourceType,
        state: offer.state,
        timesUsed: offer.timesEarned,
        savedAt: offer.savedAt?.toISOString() ?? null,
        validTo: offer.validTo.toISOString(),
      })),
    offersAssigned: offers.length,
    vouchers: vouchers.slice(0, LIST_LIMIT).map((voucher) => ({
      id: voucher.id,
      reward: voucher.itemDescription,
      partner: voucher.partnerName,
      points: voucher.points,
      code: maskVoucherCode(voucher.voucherCode),
      used: voucher.used,
      createdAt: voucher.createdAt.toISOString(),
      expiresAt: voucher.expiresAt.toISOString(),
    })),
    partnerLinks: partners.links.map((link) => ({
      partnerId: link.partnerId,
      partner: partnerOf(link.partnerId)?.name ?? link.partnerId,
      membershipNumber: link.membershipNumberMasked,
      linkType: link.linkType,
      linkedAt: link.linkedAt.toISOString(),
    })),
    transfers: partners.transfers.slice(0, LIST_LIMIT).map((transfer) => ({
      id: transfer.id,
      partner: partnerOf(transfer.partnerId)?.name ?? transfer.partnerId,
      direction: transfer.direction === 'NTP' ? ('to-partner' as const) : ('from-partner' as const),
      pointsGiven: transfer.pointsGiven,
      pointsReceived: transfer.pointsReceived,
      partnerPointsName: partnerOf(transfer.partnerId)?.pointsName ?? 'partner points',
      status: transfer.status,
      createdAt: transfer.createdAt,
    })),
    pendingPoints: {
      total: pendingPoints.total,
      entries: pendingPoints.entries.slice(0, LIST_LIMIT).map((entry) => ({
        id: entry.id,
        partner: entry.partnerName,
        purchasedOn: entry.purchasedOn,
        reference: entry.reference,
        points: entry.points,
        expectedOn: entry.expectedOn,
      })),
    },
    goal: goal && {
      title: goal.option.title,
      partner: goal.option.partnerName,
      points: goal.option.points,
      pointsToGo: goal.pointsToGo,
      reached: goal.reached,
      estimatedOn: goal.estimate?.date ?? null,
      setAt: goal.setAt,
    },
    preferences: {
      email: preferences.byEmail,
      sms: preferences.bySms,
      post: preferences.byPost,
      phone: preferences.byPhone,
      onlineAdvertising: preferences.onlineAdvertising,
      updatedAt: preferences.updatedAt?.toISOString() ?? null,
    },
    consents: consents.map((consent) => ({
      id: consent.id,
      kind: consent.kind,
      wordingVersion: consent.wordingVersion,
      agreedAt: consent.agreedAt.toISOString(),
    })),
    sessions: sessions.slice(0, LIST_LIMIT).map((session) => ({
      id: session.id,
      device: session.device,
      startedAt: session.createdAt,
      lastSeenAt: session.lastSeenAt,
    })),
    devices: devices.map((device) => ({
      client: device.clientId,
      firstSeenAt: device.firstSeenAt.toISOString(),
      lastSeenAt: device.lastSeenAt.toISOString(),
    })),
    passkeys: passkeys.slice(0, LIST_LIMIT).map((passkey) => ({
      id: passkey.id,
      name: passkey.name,
      device: passkey.device,
      synced: passkey.synced,
      createdAt: passkey.createdAt,
      lastUsedAt: passkey.lastUsedAt,
    })),
    securityEvents: securityEvents.map(({ id, type, device, detail, createdAt }) => ({
      id,
      type,
      device,
      detail,
      createdAt,
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
