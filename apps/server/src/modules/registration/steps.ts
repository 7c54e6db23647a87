import { randomBytes } from 'node:crypto';
import {
  registrationErrorCodes,
  registrationFailures,
  registrationMessages,
  type Address,
  type AuthTokenResponse,
  type NextStep,
  type UserType,
} from '@app/contracts/registration';
import type { Database, DbExecutor } from '../../db/database.ts';
import type { AddressProvider } from '../../lib/address-book.ts';
import { AppError } from '../../lib/app-error.ts';
import type { ChangeFeed } from '../../lib/change-feed.ts';
import type { Clock } from '../../lib/clock.ts';
import { hashOf } from '../../lib/token-hash.ts';
import type { Notifier } from '../../plugins/notify.ts';
import * as repository from './repository.ts';
import type { RegistrationPatch, RegistrationRow } from './repository.ts';

/**
 * Registration as a server-side state machine keyed by `authToken` (docs/product/registration-and-sign-in.md
 * §R3-§R5, docs/product/calls-and-errors.md §R7, §R8; ADR 008). Each step runs in one transaction on the
 * locked registration row, checks the row's step, and moves it one step forward, so a step out of order, a
 * replay, an expired or unknown token, or bad data changes nothing.
 */

export const REGISTRATION_STEPS = [
  'CARD_CHECKED',
  'EMAIL_SENT',
  'EMAIL_CONFIRMED',
  'ACCOUNT_CHOSEN',
  'BUSINESS_DETAILS',
  'DETAILS',
  'ADDRESS',
  'PHONE',
  'PASSWORD',
  'COMPLETE',
] as const;
export type RegistrationStepState = (typeof REGISTRATION_STEPS)[number];

/** A registration lives this long after its last step. */
export const REGISTRATION_TTL_MINUTES = 120;

export interface RegistrationDeps {
  db: Database;
  notify: Notifier;
  publicUrl: string;
  clock: Clock;
  production: boolean;
  addresses: AddressProvider;
  /** Tells every instance about the new collector's offers (lib/change-feed.ts). */
  changes?: ChangeFeed;
}

const MINUTE_MS = 60_000;
export const newToken = () => randomBytes(32).toString('base64url');
export const later = (at: Date, minutes: number) => new Date(at.getTime() + minutes * MINUTE_MS);

export const invalidToken = () =>
  new AppError(401, registrationErrorCodes.invalidToken, registrationMessages.registrationExpired);
export const wrongStep = () =>
  new AppError(409, registrationErrorCodes.wrongStep, registrationMessages.wrongStep);

export interface UserData {
  accountKind?: 'consumer' | 'business';
  contactByEmail?: boolean;
  contactBySMS?: boolean;
  registrationDone?: string;
  title?: string;
  firstName?: string;
  lastName?: string;
  dateOfBirth?: string;
  address?: Address;
  phoneCountryCode?: string;
  phoneNumber?: string;
  memorableName?: string;
  business?: { name: string; category: string; employees: string };
}

export const userDataOf = (row: RegistrationRow) => row.userData as UserData;

/**
 * Runs one step: locks the registration behind `authToken`, refuses it when expired or not at one of
 * `from`, and applies what `run` answers (its patch, the new step, a fresh expiry) in the same transaction.
 */
export async function step<T>(
  deps: RegistrationDeps,
  authToken: string,
  from: readonly RegistrationStepState[],
  run: (
    tx: DbExecutor,
    row: RegistrationRow,
    at: Date,
  ) => Promise<{ patch?: RegistrationPatch; to?: RegistrationStepState; result: T }>,
): Promise<T> {
  const at = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const row = await repository.lockByAuthToken(tx, hashOf(authToken));
    if (!row || row.expiresAt <= at) throw invalidToken();
    if (!from.includes(row.step as RegistrationStepState)) throw wrongStep();
    const { patch, to, result } = await run(tx, row, at);
    await repository.updateRegistration(tx, row.id, {
      ...patch,
      ...(to ? { step: to } : {}),
      // A finished registration's token no longer slides: it lives REGISTRATION_TTL_MINUTES from COMPLETE.
      expiresAt: row.step === 'COMPLETE' ? row.expiresAt : later(at, REGISTRATION_TTL_MINUTES),
      updatedAt: at,
    });
    return result;
  });
}

export const answer = (authToken: string, next: NextStep[], userType?: UserType): AuthTokenResponse => ({
  authToken,
  next,
  ...(userType ? { userType } : {}),
});

/** Whether the registration's collector (a plastic card's) already has an address: that step is skipped. */
export async function hasStoredAddress(tx: DbExecutor, row: RegistrationRow) {
  if (!row.collectorId) return false;
  return (await repository.findAddresses(tx, row.collectorId)).length > 0;
}

export const duplicateEmail = () =>
  new AppError(409, 'DUPLICATE_EMAIL', registrationFailures.DUPLICATE_EMAIL);
