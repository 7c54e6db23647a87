import { and, eq, gt } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { registrations } from '../../db/schema/registration.ts';
import { AppError } from '../../lib/app-error.ts';
import { ACCOUNT_LIMITS, countAttempt } from '../../lib/attempt-limits.ts';
import { hashOf } from '../../lib/token-hash.ts';

export const CARD_HOLDER_LIMIT_CODE = 'TOO_MANY_ATTEMPTS';
export const cardHolderLimitMessage =
  "You've tried too many times to confirm the details for this card. For your security, please try again tomorrow.";

/**
 * The plastic-card holder check (last name and date of birth of an ANALOG card) is counted per card before it
 * is made, outside the step's transaction so a refused check still counts: at most
 * ACCOUNT_LIMITS.cardHolderChecks per card per window, whatever the registration or the address (issue 10).
 */
export async function countCardHolderCheck(db: Database, authToken: string, now: Date) {
  const [row] = await db
    .select({ userType: registrations.userType, card: registrations.existingCardNumber })
    .from(registrations)
    .where(and(eq(registrations.authTokenHash, hashOf(authToken)), gt(registrations.expiresAt, now)))
    .limit(1);
  if (row?.userType !== 'ANALOG' || !row.card) return;
  const { allowed } = await countAttempt(db, `card-holder:${row.card}`, ACCOUNT_LIMITS.cardHolderChecks, now);
  if (!allowed) throw new AppError(429, CARD_HOLDER_LIMIT_CODE, cardHolderLimitMessage);
}
