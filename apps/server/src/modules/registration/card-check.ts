import { toFullCardNumber } from '@app/contracts/card-number';
import {
  registrationErrorCodes,
  registrationFailures,
  type AuthTokenResponse,
  type UserType,
} from '@app/contracts/registration';
import { AppError } from '../../lib/app-error.ts';
import { hashOf } from '../../lib/token-hash.ts';
import * as repository from './repository.ts';
import { answer, later, newToken, REGISTRATION_TTL_MINUTES, type RegistrationDeps } from './steps.ts';

/** The first step: a card number, or none. */
export function createCardCheck(deps: RegistrationDeps) {
  /**
   * POST /progressive/card-check: starts a registration. Without a card number the person has never had a
   * card (existing card type NONE); with one, the card must be a known plastic card without an online account.
   */
  async function cardCheck(input: { cardNumber?: string | undefined }): Promise<AuthTokenResponse> {
    const at = deps.clock.now();
    const authToken = newToken();
    const base = { authTokenHash: hashOf(authToken), step: 'CARD_CHECKED', createdAt: at, updatedAt: at };
    const expiresAt = later(at, REGISTRATION_TTL_MINUTES);
    if (!input.cardNumber) {
      await repository.insertRegistration(deps.db, { ...base, existingCardType: 'NONE', expiresAt });
      return answer(authToken, ['DO_EMAIL_CHECK'], 'STANDARD');
    }
    const number = toFullCardNumber(input.cardNumber);
    const card = await repository.findCard(deps.db, number);
    if (!card || card.kind === 'temporary') {
      throw new AppError(
        404,
        registrationErrorCodes.cardNotRecognised,
        "We don't recognise that card number.",
      );
    }
    if (card.status !== 'active') {
      throw new AppError(409, 'INACTIVATED_ACCOUNT', registrationFailures.INACTIVATED_ACCOUNT);
    }
    if (card.hasCredential || card.email) return answer('', ['DO_LOGIN']);
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
    return answer(authToken, ['DO_EMAIL_CHECK'], userType);
  }

  return { cardCheck };
}
