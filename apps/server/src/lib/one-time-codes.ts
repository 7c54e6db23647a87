import { randomBytes, randomInt } from 'node:crypto';
import { and, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import { twoFactorMessages, type DeliveryMethod } from '@app/contracts/sign-in';
import type { Database, DbExecutor } from '../db/database.ts';
import { oneTimeCodes } from '../db/schema/identity.ts';
import { AppError } from './app-error.ts';
import { systemClock, type Clock } from './clock.ts';
import { ACCOUNT_LIMITS, countAttempt } from './attempt-limits.ts';
import { hashOf } from './token-hash.ts';

/**
 * One-time codes (docs/security.md "Baseline", OWASP ASVS 6.6): 6 random digits, 10-minute life, single use.
 * Their times come from the caller's clock (lib/clock.ts); a caller that passes none gets the system's.
 */
export const CODE_LIFETIME_MS = 10 * 60_000;
/** Guesses per code request, kept across resends (a resend never gives more guesses). */
export const MAX_CODE_ATTEMPTS = 5;
/** The first send plus two resends. */
export const MAX_CODE_SENDS = 3;

const codeHash = (bindingHash: string, code: string) => hashOf(`${bindingHash}:${code}`);
const newCode = () => String(randomInt(0, 1_000_000)).padStart(6, '0');
/** What a request that has not been sent a code yet holds: no six digits hash to it. */
const unsentHash = () => `unsent:${randomBytes(16).toString('base64url')}`;

const guessKey = (collectorId: string) => `code-guess:${collectorId}`;
const sendKey = (collectorId: string) => `code-send:${collectorId}`;

/** Counts a code sent to an account; over ACCOUNT_LIMITS.codeSends in the window nothing is sent. */
async function countSend(db: Database, collectorId: string, now: Date) {
  const { allowed } = await countAttempt(db, sendKey(collectorId), ACCOUNT_LIMITS.codeSends, now);
  if (!allowed) throw new AppError(429, 'CODE_RESEND_LIMIT', twoFactorMessages.resendLimit);
}

export interface IssueCodeInput {
  collectorId: string;
  purpose: string;
  /** What the code is bound to: only a request holding this value can use the code. */
  binding: string;
  deliveryMethod: DeliveryMethod;
  data?: Record<string, unknown>;
  /**
   * False when the request is only reserved now and its code is made and sent later (resendCodeById): no
   * code exists until then, and a live reserved request is reused with its id and its attempt count.
   */
  sent?: boolean;
}

export async function issueCode(
  db: Database,
  input: IssueCodeInput,
  clock: Clock = systemClock,
): Promise<string> {
  const now = clock.now();
  const bindingHash = hashOf(input.binding);
  const live = and(
    eq(oneTimeCodes.bindingHash, bindingHash),
    eq(oneTimeCodes.purpose, input.purpose),
    isNull(oneTimeCodes.consumedAt),
  );
  const [previous] = await db
    .select()
    .from(oneTimeCodes)
    .where(and(live, gt(oneTimeCodes.expiresAt, now)))
    .orderBy(desc(oneTimeCodes.createdAt))
    .limit(1);
  if (input.sent === false && previous) return '';
  // The guesses carry over to a new code, so once they are spent no code of this request could ever work:
  // none is sent until the request expires.
  if (previous && previous.attempts >= MAX_CODE_ATTEMPTS) {
    throw new AppError(400, 'CODE_MAX_ATTEMPTS', twoFactorMessages.maxAttempts);
  }
  if (input.sent !== false) await countSend(db, input.collectorId, now);
  const code = input.sent === false ? '' : newCode();
  // One pending code per request: a new one replaces any earlier, so an id and a code never disagree. The
  // guesses already made on the request carry over, so asking again never gives more of them.
  await db.delete(oneTimeCodes).where(live);
  await db.insert(oneTimeCodes).values({
    collectorId: input.collectorId,
    purpose: input.purpose,
    codeHash: code ? codeHash(bindingHash, code) : unsentHash(),
    bindingHash,
    deliveryMethod: input.deliveryMethod,
    data: input.data ?? {},
    attempts: previous?.attempts ?? 0,
    sends: input.sent === false ? 0 : 1,
    expiresAt: new Date(now.getTime() + CODE_LIFETIME_MS),
  });
  return code;
}

const findLive = async (db: DbExecutor, binding: string, purpose: string) => {
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

/**
 * A new code for the request `id`, counted in one conditional update so parallel resends cannot pass
 * MAX_CODE_SENDS; the attempt count stays.
 */
async function sendAgain(
  db: Database,
  now: Date,
  id: string,
  bindingHash: string,
  deliveryMethod?: DeliveryMethod,
) {
  const code = newCode();
  const [row] = await db
    .update(oneTimeCodes)
    .set({
      codeHash: codeHash(bindingHash, code),
      sends: sql`${oneTimeCodes.sends} + 1`,
      ...(deliveryMethod ? { deliveryMethod } : {}),
      expiresAt: new Date(now.getTime() + CODE_LIFETIME_MS),
    })
    .where(
      and(eq(oneTimeCodes.id, id), isNull(oneTimeCodes.consumedAt), lt(oneTimeCodes.sends, MAX_CODE_SENDS)),
    )
    .returning();
  if (!row) throw new AppError(429, 'CODE_RESEND_LIMIT', twoFactorMessages.resendLimit);
  return { code, row };
}

/** A new code for the same request, replacing the old one; at most MAX_CODE_SENDS in all. */
/**
 * A request's sends are capped; and once its guesses are used up (they are kept across sends) a new code
 * could never be accepted, so none is sent.
 */
function refuseUselessSend(row: { sends: number; attempts: number }) {
  if (row.attempts >= MAX_CODE_ATTEMPTS)
    throw new AppError(400, 'CODE_MAX_ATTEMPTS', twoFactorMessages.maxAttempts);
  if (row.sends >= MAX_CODE_SENDS)
    throw new AppError(429, 'CODE_RESEND_LIMIT', twoFactorMessages.resendLimit);
}

export async function resendCode(db: Database, binding: string, purpose: string, clock: Clock = systemClock) {
  const now = clock.now();
  const row = await findLive(db, binding, purpose);
  if (!row) throw new AppError(400, 'CODE_EXPIRED', twoFactorMessages.expired);
  refuseUselessSend(row);
  await countSend(db, row.collectorId, now);
  return sendAgain(db, now, row.id, row.bindingHash);
}

/**
 * A (new) code for the pending request with this id, by the chosen delivery method; at most MAX_CODE_SENDS.
 */
export async function resendCodeById(
  db: Database,
  id: string,
  purpose: string,
  deliveryMethod: DeliveryMethod,
  clock: Clock = systemClock,
) {
  const now = clock.now();
  const [row] = await db
    .select()
    .from(oneTimeCodes)
    .where(and(eq(oneTimeCodes.id, id), eq(oneTimeCodes.purpose, purpose), isNull(oneTimeCodes.consumedAt)))
    .limit(1);
  if (!row || row.expiresAt <= now) throw new AppError(400, 'CODE_EXPIRED', twoFactorMessages.expired);
  refuseUselessSend(row);
  await countSend(db, row.collectorId, now);
  return sendAgain(db, now, row.id, row.bindingHash, deliveryMethod);
}

/**
 * Checks a code for a request and spends it. Every guess first takes one of the request's MAX_CODE_ATTEMPTS
 * (and one of the account's ACCOUNT_LIMITS.codeGuesses) in a single conditional update, and only a guess
 * that got one is compared: parallel guesses cannot check more codes than that. An expired, unsent or already
 * used code is refused, and a right code works once (the consume is one conditional update).
 */
/**
 * Runs on the database or inside a caller's transaction (a conversion's confirmation takes the member's
 * lock).
 */
export async function verifyCode(
  db: DbExecutor,
  binding: string,
  purpose: string,
  code: string,
  clock: Clock = systemClock,
) {
  const now = clock.now();
  const row = await findLive(db, binding, purpose);
  if (!row || row.expiresAt <= now || row.sends < 1)
    throw new AppError(400, 'CODE_EXPIRED', twoFactorMessages.expired);
  if (row.attempts >= MAX_CODE_ATTEMPTS)
    throw new AppError(400, 'CODE_MAX_ATTEMPTS', twoFactorMessages.maxAttempts);
  const [taken] = await db
    .update(oneTimeCodes)
    .set({ attempts: sql`${oneTimeCodes.attempts} + 1` })
    .where(
      and(
        eq(oneTimeCodes.id, row.id),
        isNull(oneTimeCodes.consumedAt),
        gt(oneTimeCodes.expiresAt, now),
        lt(oneTimeCodes.attempts, MAX_CODE_ATTEMPTS),
      ),
    )
    .returning({ codeHash: oneTimeCodes.codeHash });
  if (!taken) throw new AppError(400, 'CODE_MAX_ATTEMPTS', twoFactorMessages.maxAttempts);
  // Only a guess that will be compared counts for the account, so refused ones cannot use up its allowance.
  const perAccount = await countAttempt(db, guessKey(row.collectorId), ACCOUNT_LIMITS.codeGuesses, now);
  if (!perAccount.allowed) throw new AppError(400, 'CODE_MAX_ATTEMPTS', twoFactorMessages.maxAttempts);
  if (codeHash(row.bindingHash, code) !== taken.codeHash) {
    throw new AppError(400, 'CODE_INCORRECT', twoFactorMessages.incorrect);
  }
  const consumed = await db
    .update(oneTimeCodes)
    .set({ consumedAt: now })
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
