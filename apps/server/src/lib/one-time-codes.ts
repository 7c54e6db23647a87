import { createHash, randomInt } from 'node:crypto';
import { and, desc, eq, isNull, lt, sql } from 'drizzle-orm';
import { twoFactorMessages, type DeliveryMethod } from '@app/contracts/sign-in';
import type { Database } from '../db/database.ts';
import { oneTimeCodes } from '../db/schema/identity.ts';
import { AppError } from './app-error.ts';

/** One-time codes (DESIGN.md 5, OWASP ASVS 6.6): 6 random digits, 10-minute life, single use. */
export const CODE_LIFETIME_MS = 10 * 60_000;
export const MAX_CODE_ATTEMPTS = 5;
/** The first send plus two resends. */
export const MAX_CODE_SENDS = 3;

export const hashOf = (value: string) => createHash('sha256').update(value).digest('base64url');
const codeHash = (bindingHash: string, code: string) => hashOf(`${bindingHash}:${code}`);
const newCode = () => String(randomInt(0, 1_000_000)).padStart(6, '0');

export interface IssueCodeInput {
  collectorId: string;
  purpose: string;
  /** What the code is bound to: only a request holding this value can use the code. */
  binding: string;
  deliveryMethod: DeliveryMethod;
  data?: Record<string, unknown>;
  /** False when the code is only reserved now and sent later (resendCodeById). */
  sent?: boolean;
}

export async function issueCode(db: Database, input: IssueCodeInput): Promise<string> {
  const code = newCode();
  const bindingHash = hashOf(input.binding);
  await db.delete(oneTimeCodes).where(lt(oneTimeCodes.expiresAt, new Date(Date.now() - 24 * 3_600_000)));
  // One pending code per request: a new one replaces any earlier, so an id and a code never disagree.
  await db
    .delete(oneTimeCodes)
    .where(
      and(
        eq(oneTimeCodes.bindingHash, bindingHash),
        eq(oneTimeCodes.purpose, input.purpose),
        isNull(oneTimeCodes.consumedAt),
      ),
    );
  await db.insert(oneTimeCodes).values({
    collectorId: input.collectorId,
    purpose: input.purpose,
    codeHash: codeHash(bindingHash, code),
    bindingHash,
    deliveryMethod: input.deliveryMethod,
    data: input.data ?? {},
    sends: input.sent === false ? 0 : 1,
    expiresAt: new Date(Date.now() + CODE_LIFETIME_MS),
  });
  return code;
}

const findLive = async (db: Database, binding: string, purpose: string) => {
  const [row] = await db
    .select()
    .from(oneTimeCodes)
    .where(
      and(
        eq(oneTimeCodes.bindingHash, hashOf(binding)),
        eq(oneTimeCodes.purpose, purpose),
        isNull(oneTimeCodes.consumedAt),
      ),
    )
    .orderBy(desc(oneTimeCodes.createdAt))
    .limit(1);
  return row;
};

export const findPendingCode = findLive;

/** A new code for the same request, replacing the old one; at most MAX_CODE_SENDS in all. */
export async function resendCode(db: Database, binding: string, purpose: string) {
  const row = await findLive(db, binding, purpose);
  if (!row) throw new AppError(400, 'CODE_EXPIRED', twoFactorMessages.expired);
  if (row.sends >= MAX_CODE_SENDS)
    throw new AppError(429, 'CODE_RESEND_LIMIT', twoFactorMessages.resendLimit);
  const code = newCode();
  await db
    .update(oneTimeCodes)
    .set({
      codeHash: codeHash(row.bindingHash, code),
      sends: sql`${oneTimeCodes.sends} + 1`,
      attempts: 0,
      expiresAt: new Date(Date.now() + CODE_LIFETIME_MS),
    })
    .where(eq(oneTimeCodes.id, row.id));
  return { code, row };
}

/** A (new) code for the pending request with this id, by the chosen delivery method; at most MAX_CODE_SENDS. */
export async function resendCodeById(
  db: Database,
  id: string,
  purpose: string,
  deliveryMethod: DeliveryMethod,
) {
  const [row] = await db
    .select()
    .from(oneTimeCodes)
    .where(and(eq(oneTimeCodes.id, id), eq(oneTimeCodes.purpose, purpose), isNull(oneTimeCodes.consumedAt)))
    .limit(1);
  if (!row || row.expiresAt <= new Date()) throw new AppError(400, 'CODE_EXPIRED', twoFactorMessages.expired);
  if (row.sends >= MAX_CODE_SENDS)
    throw new AppError(429, 'CODE_RESEND_LIMIT', twoFactorMessages.resendLimit);
  const code = newCode();
  await db
    .update(oneTimeCodes)
    .set({
      codeHash: codeHash(row.bindingHash, code),
      sends: sql`${oneTimeCodes.sends} + 1`,
      attempts: 0,
      deliveryMethod,
      expiresAt: new Date(Date.now() + CODE_LIFETIME_MS),
    })
    .where(eq(oneTimeCodes.id, row.id));
  return { code, row };
}

/**
 * Checks a code for a request and spends it: wrong codes count towards MAX_CODE_ATTEMPTS, an expired or
 * already used code is refused, and a right code works once (the consume is one conditional update).
 */
export async function verifyCode(db: Database, binding: string, purpose: string, code: string) {
  const row = await findLive(db, binding, purpose);
  if (!row || row.expiresAt <= new Date()) throw new AppError(400, 'CODE_EXPIRED', twoFactorMessages.expired);
  if (row.attempts >= MAX_CODE_ATTEMPTS)
    throw new AppError(400, 'CODE_MAX_ATTEMPTS', twoFactorMessages.maxAttempts);
  if (codeHash(row.bindingHash, code) !== row.codeHash) {
    await db
      .update(oneTimeCodes)
      .set({ attempts: sql`${oneTimeCodes.attempts} + 1` })
      .where(eq(oneTimeCodes.id, row.id));
    throw new AppError(400, 'CODE_INCORRECT', twoFactorMessages.incorrect);
  }
  const consumed = await db
    .update(oneTimeCodes)
    .set({ consumedAt: new Date() })
    .where(and(eq(oneTimeCodes.id, row.id), isNull(oneTimeCodes.consumedAt)))
    .returning({ id: oneTimeCodes.id });
  if (consumed.length === 0) throw new AppError(400, 'CODE_EXPIRED', twoFactorMessages.expired);
  return row;
}

export const maskEmail = (email: string) => {
  const [local = '', domain = ''] = email.split('@');
  return `${local.slice(0, 1)}${'*'.repeat(Math.max(1, local.length - 1))}@${domain}`;
};
export const maskPhone = (phone: string) => `${'*'.repeat(Math.max(0, phone.length - 3))}${phone.slice(-3)}`;
