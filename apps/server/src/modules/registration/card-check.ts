import { toFullCardNumber } from '@app/contracts/card-number';
import type { NextStep } from '@app/contracts/registration-constants';
import { IDENTITY_PREFIX } from '@app/contracts/sign-in-paths';
import {
  registrationErrorCodes,
  registrationFailures,
  registrationMessages,
  type AuthTokenResponse,
  type UserType,
} from '@app/contracts/registration';
import { AppError } from '../../lib/app-error.ts';
import { hashOf } from '../../lib/token-hash.ts';
import * as repository from './repository.ts';
import { answer, later, newToken, REGISTRATION_TTL_MINUTES, type RegistrationDeps } from './steps.ts';

/**
 * Where the flow goes after the card check: the `Location` response header of
 * docs/product/calls-and-errors.md §R7.
 */
export const CARD_CHECK_LOCATIONS = {
  /** A new registration: the email step. */
  emailStep: `${IDENTITY_PREFIX}/enter-email-address`,
  /** A card with an identity account (a password): log in through the identity provider. */
  identityLogin: '/progressive/identity-login',
  /** A card with an online account but no password yet: the emailed link that sets one. */
  nectarLogin: `${IDENTITY_PREFIX}/forgotten-password`,
} as const;

/** The card check's answer and where the flow goes next. */
export interface CardCheckAnswer {
  answer: AuthTokenResponse;
  location: string;
}

/** The first step: a card number, or none. */
export function createCardCheck(deps: RegistrationDeps) {
  /**
   * POST /progressive/card-check: starts a registration. Without a card number the person has never had a
   * card (existing card type NONE); with one, the card must be a known plastic card without an online account.
   * A card that has one answers DO_LOGIN; with `pianoCheck` (the identity provider's check, which the web app
   * asks for) also which login: DO_LOGIN_IDENTITY for an account with a password, DO_LOGIN_NECTAR for one
   * without (it sets a password by the emailed link first).
   */
  async function cardCheck(input: {
    cardNumber?: string | undefined;
    pianoCheck?: boolean;
  }): Promise<CardCheckAnswer> {
    const at = deps.clock.now();
    const authToken = newToken();
    const base = { authTokenHash: hashOf(authToken), step: 'CARD_CHECKED', createdAt: at, updatedAt: at };
    const expiresAt = later(at, REGISTRATION_TTL_MINUTES);
    if (!input.cardNumber) {
      await repository.insertRegistration(deps.db, { ...base, existingCardType: 'NONE', expiresAt });
      return {
        answer: answer(authToken, ['DO_EMAIL_CHECK'], 'STANDARD'),
        location: CARD_CHECK_LOCATIONS.emailStep,
      };
    }
    const number = toFullCardNumber(input.cardNumber);
    const card = await repository.findCard(deps.db, number);
    if (!card || card.kind === 'temporary') {
      throw new AppError(
        404,
        registrationErrorCodes.cardNotRecognised,
        registrationMessages.cardNotRecognised,
      );
    }
    if (card.status !== 'active') {
      throw new AppError(409, 'INACTIVATED_ACCOUNT', registrationFailures.INACTIVATED_ACCOUNT);
    }
    if (card.hasCredential || card.email) {
      const identity = card.hasCredential;
      const which: NextStep[] = input.pianoCheck ? [identity ? 'DO_LOGIN_IDENTITY' : 'DO_LOGIN_NECTAR'] : [];
      return {
        answer: answer('', ['DO_LOGIN', ...which]),
        location: identity ? CARD_CHECK_LOCATIONS.identityLogin : CARD_CHECK_LOCATIONS.nectarLogin,
      };
    }
    // ANALOG: a plastic card with a known holder, checked against last name and date of birth; GHOST: a card
    // never tied to a person's details.
    const userType: UserType = card.lastName && card.dateOfBirth ? 'ANALOG' : 'GHOST';
    await repository.insertRegistration(deps.db, {
      ...base,
      existingCardType: 'ISSUED',
      existingCardNumber: number,
      userType,
      collectorId: card.collectorId,
      expiresAt,
    });
    return {
      answer: answer(authToken, ['DO_EMAIL_CHECK'], userType),
      location: CARD_CHECK_LOCATIONS.emailStep,
    };
  }

  return { cardCheck };
}
