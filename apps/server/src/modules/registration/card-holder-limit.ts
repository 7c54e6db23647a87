import { and, eq, gt } from 'drizzle-orm';
import { registrationMessages } from '@app/contracts/registration';
import type { Database } from '../../db/database.ts';
import { registrations } from '../../db/schema/registration.ts';
import { AppError } from '../../lib/app-error.ts';
import { ACCOUNT_LIMITS, countAttempt } from '../../lib/attempt-limits.ts';
import { hashOf } from '../../lib/token-hash.ts';

export const CARD_HOLDER_LIMIT_CODE = 'TOO_MANY_ATTEMPTS';

/** The steps at which the holder's details are compared (customer details, or the analogue check before it). */
const COMPARING_STEPS = ['ACCOUNT_CHOSEN', 'BUSINESS_DETAILS'];

/**
 * The plastic-card holder check (last name and date of birth of an ANALOG card) is counted before it is made,
 * outside the step's transaction so a refused check still counts. Only a request that will compare the details
 * counts: one at a comparing step, for the registration's own card, with a real date; an
 * out-of-order or malformed request is refused by the step without using up anyone's checks. At most
 * ACCOUNT_LIMITS.cardHolderChecks per card from one client (so a stranger cannot block the holder for a day),
 * and cardHolderChecksAllClients per card from all of them (so many addresses cannot guess much more).
 */
export async function countCardHolderCheck(
  db: Database,
  input: { authToken: string; client: string; cardNumber?: string },
  now: Date,
) {
  const [row] = await db
    .select({
      userType: registrations.userType,
      card: registrations.existingCardNumber,
      step: registrations.step,
      userData: registrations.userData,
    })
    .from(registrations)
    .where(and(eq(registrations.authTokenHash, hashOf(input.authToken)), gt(registrations.expiresAt, now)))
    .limit(1);
  if (row?.userType !== 'ANALOG' || !row.card || !COMPARING_STEPS.includes(row.step)) return;
  const accountKind = (row.userData as { accountKind?: string }).accountKind;
  if (row.step === 'ACCOUNT_CHOSEN' && accountKind !== 'consumer') return;
  if (input.cardNumber !== undefined && input.cardNumber !== row.card) return;
  for (const [key, limit] of [
    [`card-holder:${row.card}:${input.client}`, ACCOUNT_LIMITS.cardHolderChecks],
    [`card-holder:${row.card}`, ACCOUNT_LIMITS.cardHolderChecksAllClients],
  ] as const) {
    const { allowed } = await countAttempt(db, key, limit, now);
    if (!allowed) throw new AppError(429, CARD_HOLDER_LIMIT_CODE, registrationMessages.cardHolderLimit);
  }
}
