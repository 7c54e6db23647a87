import type { NextStep, UserType } from '@app/contracts/registration-constants';
import { readStored, removeStored, writeStored } from '../storage/storage.ts';

/**
 * Registration state of docs/product/registration-and-sign-in.md §R3, kept in session storage so every step
 * survives a reload. Only what the steps need: the server holds the real state behind `authToken`.
 */
export interface RegistrationState {
  authToken?: string;
  userType?: UserType;
  next?: NextStep[];
  email?: string;
  existingCardType?: 'NONE' | 'ISSUED';
  accountKind?: 'consumer' | 'business';
  firstName?: string;
  lastName?: string;
  cardNumber?: string;
  registrationCompletedToken?: string;
  registrationDone?: string;
  /**
   * Shown on the card-number page when registration sends the person there
   * (docs/product/registration-and-sign-in.md §R2).
   */
  error?: string | undefined;
}

const KEY = 'registration-state';

export function readRegistrationState(): RegistrationState {
  try {
    return JSON.parse(readStored(KEY, 'session') ?? '{}') as RegistrationState;
  } catch {
    return {};
  }
}

export function saveRegistrationState(patch: RegistrationState): RegistrationState {
  const next = { ...readRegistrationState(), ...patch };
  writeStored(KEY, JSON.stringify(next), 'session');
  return next;
}

export const clearRegistrationState = () => removeStored(KEY, 'session');
