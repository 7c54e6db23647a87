import { and, desc, eq, gt, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { accountEvents, emailChanges } from '../../db/schema/account.ts';
import {
  cards,
  collectors,
  consents,
  contactPreferences,
  credentials,
  sessions,
} from '../../db/schema/core.ts';
import { knownDevices, oneTimeCodes, passwordResetTokens } from '../../db/schema/identity.ts';
import { collectorAddresses, registrations } from '../../db/schema/registration.ts';
import type { Address } from '@app/contracts/registration';

/**
 * Everything the account pages show about a collector (an active one only), with the new email address of a
 * confirmation link still live at `now`.
 */
export async function findCustomer(db: Database, collectorId: string, now: Date) {
  const [row] = await db
    .select({
      id: collectors.id,
      title: collectors.title,
      firstName: collectors.firstName,
      lastName: collectors.lastName,
      email: collectors.email,
      dateOfBirth: collectors.dateOfBirth,
      phoneCountryCode: collectors.phoneCountryCode,
      phoneNumber: collectors.phoneNumber,
      status: collectors.status,
    })
    .from(collectors)
    .where(and(eq(collectors.id, collectorId), eq(collectors.status, 'active')))
    .limit(1);
  if (!row) return undefined;
  const [card] = await db
    .select({ number: cards.number })
    .from(cards)
    .where(and(eq(cards.collectorId, collectorId), eq(cards.status, 'active')))
    .limit(1);
  const [address] = await db
    .select({ lines: collectorAddresses.lines, postcode: collectorAddresses.postcode })
    .from(collectorAddresses)
    .where(eq(collectorAddresses.collectorId, collectorId))
    .orderBy(desc(collectorAddresses.createdAt))
    .limit(1);
  const [pending] = await db
    .select({ newEmail: emailChanges.newEmail })
    .from(emailChanges)
    .where(
      and(
        eq(emailChanges.collectorId, collectorId),
        isNull(emailChanges.usedAt),
        gt(emailChanges.expiresAt, now),
      ),
    )
    .orderBy(desc(emailChanges.createdAt))
    .limit(1);
  return { ...row, cardNumber: card?.number ?? null, address, pendingEmail: pending?.newEmail ?? null };
}

export async function updateName(
  db: Database,
  collectorId: string,
  name: { title: string; firstName: string; lastName: string },
  at: Date,
) {
  await db
    .update(collectors)
    .set({ ...name, updatedAt: at })
    .where(eq(collectors.id, collectorId));
}

/** One current address per collector: the new one replaces the old. */
export async function replaceAddress(db: Database, collectorId: string, address: Address) {
  await db.transaction(async (tx) => {
    await tx.delete(collectorAddresses).where(eq(collectorAddresses.collectorId, collectorId));
    await tx
      .insert(collectorAddresses)
      .values({ collectorId, lines: address.lines, postcode: address.postcode });
  });
}

export async function updateMobile(
  db: Database,
  collectorId: string,
  phone: { countryCode: string; number: string },
  at: Date,
) {
  await db
    .update(collectors)
    .set({ phoneCountryCode: phone.countryCode, phoneNumber: phone.number, updatedAt: at })
    .where(eq(collectors.id, collectorId));
}

export async function updateDateOfBirth(db: Database, collectorId: string, dateOfBirth: string, at: Date) {
  await db
    .update(collectors)
    .set({ dateOfBirth, updatedAt: at })
    .where(and(eq(collectors.id, collectorId), isNull(collectors.dateOfBirth)));
}

export async function isEmailTaken(db: Database, email: string, exceptCollectorId: string) {
  const [row] = await db
    .select({ id: collectors.id })
    .from(collectors)
    .where(sql`lower(${collectors.email}) = lower(${email}) and ${collectors.id} <> ${exceptCollectorId}`)
    .limit(1);
  return Boolean(row);
}

export async function insertEmailChange(
  db: Database,
  row: { tokenHash: string; collectorId: string; newEmail: string; expiresAt: Date },
  now: Date,
) {
  await db.transaction(async (tx) => {
    // One pending change at a time: a new request makes earlier links useless.
    await tx
      .update(emailChanges)
      .set({ usedAt: now })
      .where(and(eq(emailChanges.collectorId, row.collectorId), isNull(emailChanges.usedAt)));
    await tx.insert(emailChanges).values(row);
  });
}

/**
 * The address a spent confirmation link moved the account to, when the account still has it: a link opened
 * again after it did its work (or opened first by a mail scanner) can say so instead of 'expired'.
 */
export async function findConfirmedEmailChange(db: Database, tokenHash: string) {
  const [row] = await db
    .select({ email: collectors.email })
    .from(emailChanges)
    .innerJoin(collectors, eq(collectors.id, emailChanges.collectorId))
    .where(
      and(
        eq(emailChanges.tokenHash, tokenHash),
        isNotNull(emailChanges.usedAt),
        eq(collectors.status, 'active'),
        sql`lower(${collectors.email}) = lower(${emailChanges.newEmail})`,
      ),
    )
    .limit(1);
  return row?.email ?? undefined;
}

/**
 * Spends a confirmation link and moves the address, in one transaction: the link works once, and the unique
 * index on lower(email) refuses an address another account took meanwhile.
 */
/** A transaction's handle, for work that must commit or roll back with the caller's. */
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

/** Whose address an email-change link moves, and where to. */
export interface EmailChangeMember {
  collectorId: string;
  firstName: string | null;
  lastName: string | null;
  newEmail: string;
}

/**
 * Uses an email-change link once: the address moves, in one transaction with `alongside` (given the member's
 * names and the new address); an error thrown there undoes it all and leaves the link usable.
 */
export async function consumeEmailChange(
  db: Database,
  tokenHash: string,
  now: Date,
  alongside?: (tx: Transaction, member: EmailChangeMember) => Promise<void>,
) {
  return db.transaction(async (tx) => {
    const [change] = await tx
      .update(emailChanges)
      .set({ usedAt: now })
      .where(
        and(
          eq(emailChanges.tokenHash, tokenHash),
          isNull(emailChanges.usedAt),
          gt(emailChanges.expiresAt, now),
        ),
      )
      .returning();
    if (!change) return undefined;
    const [before] = await tx
      .select({
        email: collectors.email,
        firstName: collectors.firstName,
        lastName: collectors.lastName,
        status: collectors.status,
      })
      .from(collectors)
      .where(eq(collectors.id, change.collectorId))
      .for('update');
    if (!before || before.status !== 'active') return undefined;
    await tx
      .update(collectors)
      .set({ email: change.newEmail, updatedAt: now })
      .where(eq(collectors.id, change.collectorId));
    await alongside?.(tx, { ...before, collectorId: change.collectorId, newEmail: change.newEmail });
    return {
      collectorId: change.collectorId,
      oldEmail: before.email,
      newEmail: change.newEmail,
      firstName: before.firstName,
    };
  });
}

export async function setPasswordHash(
  db: Database | Transaction,
  collectorId: string,
  passwordHash: string,
  at: Date,
) {
  await db
    .update(credentials)
    .set({ passwordHash, failedAttempts: 0, lockedUntil: null, updatedAt: at })
    .where(eq(credentials.collectorId, collectorId));
}

/* ---------- contact preferences ---------- */

export async function findPreferences(db: Database, collectorId: string) {
  const [row] = await db
    .select()
    .from(contactPreferences)
    .where(eq(contactPreferences.collectorId, collectorId))
    .limit(1);
  return row;
}

export async function savePreferences(
  db: Database,
  collectorId: string,
  values: Partial<
    Pick<
      typeof contactPreferences.$inferInsert,
      'byEmail' | 'bySms' | 'byPost' | 'byPhone' | 'onlineAdvertising'
    >
  >,
  at: Date,
) {
  await db
    .insert(contactPreferences)
    .values({ collectorId, ...values })
    .onConflictDoUpdate({
      target: contactPreferences.collectorId,
      set: { ...values, updatedAt: at },
    });
}

/** A consent record: what was chosen, under which wording, when (kept after the account closes). */
export async function recordConsent(db: Database, collectorId: string, kind: string, wordingVersion: string) {
  await db.insert(consents).values({ collectorId, kind, wordingVersion });
}

/** The member's consent records, newest first. */
export async function listConsents(db: Database, collectorId: string, limit: number) {
  return db
    .select()
    .from(consents)
    .where(eq(consents.collectorId, collectorId))
    .orderBy(desc(consents.agreedAt))
    .limit(limit);
}

/* ---------- audit ---------- */

export async function listEvents(db: Database, collectorId: string, limit: number) {
  return db
    .select()
    .from(accountEvents)
    .where(eq(accountEvents.collectorId, collectorId))
    .orderBy(desc(accountEvents.createdAt))
    .limit(limit);
}

/** The live sessions of a collector (the security page); only hashes of their ids are stored. */
export async function listSessions(db: Database, collectorId: string, now: Date) {
  return db
    .select({
      idHash: sessions.idHash,
      createdAt: sessions.createdAt,
      lastSeenAt: sessions.lastSeenAt,
      data: sessions.data,
    })
    .from(sessions)
    .where(and(eq(sessions.collectorId, collectorId), gt(sessions.expiresAt, now)))
    .orderBy(desc(sessions.lastSeenAt));
}

/** Recent events that started a session (sign-in, password change...), to name each session's device. */
export async function listSignIns(db: Database, collectorId: string, since: Date) {
  return db
    .select({ detail: accountEvents.detail, userAgent: accountEvents.userAgent })
    .from(accountEvents)
    .where(
      and(
        eq(accountEvents.collectorId, collectorId),
        sql`${accountEvents.detail} ->> 'sessionCreatedAt' is not null`,
        gt(accountEvents.createdAt, since),
      ),
    );
}

/* ---------- close ---------- */

/**
 * Anonymises a closed account in one transaction: personal data goes, the card numbers stay taken
 * (inactive, never reissued), the points ledger and consent records stay, the audit log keeps its events
 * without device or address details.
 */
export async function anonymiseCollector(db: Database, collectorId: string, now: Date) {
  await db.transaction(async (tx) => {
    await tx
      .update(collectors)
      .set({
        title: null,
        firstName: null,
        lastName: null,
        email: null,
        dateOfBirth: null,
        phoneCountryCode: null,
        phoneNumber: null,
        memorableName: null,
        status: 'closed',
        updatedAt: now,
      })
      .where(eq(collectors.id, collectorId));
    await tx.update(cards).set({ status: 'inactive' }).where(eq(cards.collectorId, collectorId));
    await tx.delete(credentials).where(eq(credentials.collectorId, collectorId));
    await tx.delete(collectorAddresses).where(eq(collectorAddresses.collectorId, collectorId));
    await tx.delete(knownDevices).where(eq(knownDevices.collectorId, collectorId));
    await tx.delete(oneTimeCodes).where(eq(oneTimeCodes.collectorId, collectorId));
    await tx.delete(passwordResetTokens).where(eq(passwordResetTokens.collectorId, collectorId));
    await tx.delete(emailChanges).where(eq(emailChanges.collectorId, collectorId));
    await tx.delete(registrations).where(eq(registrations.collectorId, collectorId));
    await tx
      .insert(contactPreferences)
      .values({
        collectorId,
        byEmail: false,
        bySms: false,
        byPost: false,
        byPhone: false,
        onlineAdvertising: false,
      })
      .onConflictDoUpdate({
        target: contactPreferences.collectorId,
        set: {
          byEmail: false,
          bySms: false,
          byPost: false,
          byPhone: false,
          onlineAdvertising: false,
          updatedAt: now,
        },
      });
    await tx
      .update(accountEvents)
      .set({ ip: null, userAgent: null, detail: {} })
      .where(eq(accountEvents.collectorId, collectorId));
  });
}

/**
 * The address the member's latest change of email waits to move to: asked for, its link not opened (whether or
 * not the link has run out), and no later change asked for.
 */
export async function findPendingEmailChange(db: Database, collectorId: string) {
  const [latest] = await db
    .select({ newEmail: emailChanges.newEmail, usedAt: emailChanges.usedAt })
    .from(emailChanges)
    .where(eq(emailChanges.collectorId, collectorId))
    .orderBy(desc(emailChanges.createdAt))
    .limit(1);
  return latest && !latest.usedAt ? latest.newEmail : undefined;
}
