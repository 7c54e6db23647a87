import { randomInt } from 'node:crypto';
import { brand } from '@app/contracts/brand';
import { CARD_NUMBER_DIGITS, CARD_PREFIX } from '@app/contracts/card-number';
import {
  REGISTRATION_PREFIX,
  REGISTRATION_WORDING_VERSION,
  registrationErrorCodes,
  registrationFailures,
  registrationMessages,
  type AuthTokenResponse,
  type UserType,
} from '@app/contracts/registration';
import type { DbExecutor } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import { hashOf } from '../../lib/token-hash.ts';
import { upgradeTemporaryCard } from '../nectar-lite/service.ts';
import { assignStarterOffers } from '../offers/service.ts';
import * as repository from './repository.ts';
import {
  answer,
  duplicateEmail,
  later,
  newToken,
  REGISTRATION_STEPS,
  step,
  userDataOf,
  wrongStep,
  type UserData,
  type RegistrationDeps,
} from './steps.ts';

const COMPLETION_TOKEN_TTL_MINUTES = 10;

const drawCardNumber = () =>
  `${CARD_PREFIX}${Array.from({ length: CARD_NUMBER_DIGITS }, () => randomInt(10)).join('')}`;

const isUniqueViolation = (error: unknown): boolean => {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
};

/**
 * The welcome email, sent after the registration committed (through app.notify: the outbox without SMTP).
 * A failed send (an SMTP relay down) never undoes the account: the success page shows the card number too.
 */
async function sendWelcomeEmail(
  deps: RegistrationDeps,
  input: { to: string; firstName: string; cardNumber: string },
) {
  const signIn = `${deps.publicUrl}${REGISTRATION_PREFIX}/login`;
  const digits = input.cardNumber.slice(CARD_PREFIX.length);
  try {
    await deps.notify.send({
      channel: 'email',
      to: input.to,
      subject: `Welcome to ${brand.name}, ${input.firstName}`,
      text: `Hi ${input.firstName},\n\nWelcome to ${brand.name}. Your card number is ${input.cardNumber} (when you log in, type the last 11 numbers: ${digits}).\n\nScan your digital card at ${brand.retailer} and our partners to collect points, and save offers to your card before you shop.\n\nLog in: ${signIn}`,
      html: `<p>Hi ${escapeHtml(input.firstName)},</p><p>Welcome to ${brand.name}. Your card number is <strong>${input.cardNumber}</strong> (when you log in, type the last 11 numbers: ${digits}).</p><p>Scan your digital card at ${brand.retailer} and our partners to collect points, and save offers to your card before you shop.</p><p><a href="${signIn}">Log in</a></p>`,
    });
  } catch {
    // The account exists either way; the card number is also on the success page.
  }
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

async function issueDigitalCard(tx: DbExecutor, collectorId: string, issuedAt: Date) {
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const number = drawCardNumber();
    if (await repository.insertDigitalCard(tx, { number, collectorId, issuedAt })) return number;
  }
  throw new Error('no free card number after 5 draws');
}

/**
 * Sign-up status: COMPLETE once confirmed, with a single-use completion token the first time it is asked
 * (only its hash is kept), for the auto-login.
 */
interface SignUpStatus {
  signUpStatus: 'PENDING' | 'COMPLETE';
  registrationCompletedToken?: string;
  cardNumber?: string;
}

/** Confirming the registration, and what follows it: its status, the auto-login and business offers. */
export function createConfirmation(deps: RegistrationDeps) {
  /**
   * POST /progressive/confirm-registration: in one transaction, the collector (a temporary card's or a plastic
   * card's collector row completed, or a new one), the digital card, the credential, contact preferences,
   * consents with their time and wording version, the address and the business. A duplicate email is refused
   * with 'Please log in.'; the unique email index settles a race between two registrations for one email.
   */
  async function confirmRegistration(input: {
    authToken: string;
    onlineAdvertisingConsent: boolean;
  }): Promise<AuthTokenResponse> {
    let collectorId = '';
    let welcome: { to: string; firstName: string; cardNumber: string } | undefined;
    try {
      const result = await step(deps, input.authToken, ['PASSWORD'], async (tx, row, at) => {
        const data = userDataOf(row);
        const email = row.email;
        if (!email || !row.passwordHash || !data.firstName) throw wrongStep();
        if (await repository.findRegisteredCollectorByEmail(tx, email)) throw duplicateEmail();
        const person = {
          title: data.title ?? null,
          firstName: data.firstName,
          lastName: data.lastName ?? null,
          email,
          dateOfBirth: data.dateOfBirth ?? null,
          phoneCountryCode: data.phoneCountryCode ?? null,
          phoneNumber: data.phoneNumber ?? null,
          memorableName: data.memorableName ?? null,
          accountKind: data.accountKind ?? 'consumer',
          updatedAt: at,
        };

        let cardNumber: string;
        if (row.existingCardNumber && row.collectorId) {
          const card = await repository.findCard(tx, row.existingCardNumber);
          if (!card || card.status !== 'active') {
            throw new AppError(409, 'INACTIVATED_ACCOUNT', registrationFailures.INACTIVATED_ACCOUNT);
          }
          if (card.hasCredential || card.email) throw duplicateEmail();
          collectorId = row.collectorId;
          await repository.updateCollector(tx, collectorId, person);
          cardNumber = card.number;
        } else {
          const upgraded = await upgradeTemporaryCard(tx, email);
          if (upgraded) {
            collectorId = upgraded.collectorId;
            await repository.updateCollector(tx, collectorId, person);
            cardNumber = upgraded.cardNumber;
          } else {
            collectorId = await repository.insertCollector(tx, { ...person, createdAt: at });
            cardNumber = await issueDigitalCard(tx, collectorId, at);
          }
        }

        await repository.insertCredential(tx, collectorId, row.passwordHash);
        await repository.upsertContactPreferences(tx, {
          collectorId,
          byEmail: data.contactByEmail ?? false,
          bySms: data.contactBySMS ?? false,
          byPost: false,
          byPhone: false,
          onlineAdvertising: input.onlineAdvertisingConsent,
          updatedAt: at,
        });
        await repository.insertConsents(
          tx,
          ['collector-rules', 'privacy-policy'].map((kind) => ({
            collectorId,
            kind,
            wordingVersion: REGISTRATION_WORDING_VERSION,
            agreedAt: at,
          })),
        );
        if (data.address) {
          await repository.insertAddress(tx, {
            collectorId,
            lines: data.address.lines,
            postcode: data.address.postcode,
          });
        }
        if (data.accountKind === 'business' && data.business) {
          await repository.insertBusiness(tx, { collectorId, ...data.business, createdAt: at });
        }
        welcome = { to: email, firstName: data.firstName, cardNumber };
        return {
          to: 'COMPLETE',
          patch: { collectorId, cardNumber, passwordHash: null },
          result: answer(input.authToken, ['DO_LOGIN'], row.userType as UserType),
        };
      });
      await assignStarterOffers(deps.db, collectorId, deps.changes);
      if (welcome) await sendWelcomeEmail(deps, welcome);
      return result;
    } catch (error) {
      if (isUniqueViolation(error)) throw duplicateEmail();
      throw error;
    }
  }

  async function signUpStatus(input: { authToken: string }): Promise<SignUpStatus> {
    const token = newToken();
    return step<SignUpStatus>(deps, input.authToken, [...REGISTRATION_STEPS], async (_tx, row, at) => {
      if (row.step !== 'COMPLETE' || !row.cardNumber) return { result: { signUpStatus: 'PENDING' as const } };
      // The completion token is issued once: asking again answers COMPLETE without a new one.
      if (row.completionTokenHash) {
        return { result: { signUpStatus: 'COMPLETE' as const, cardNumber: row.cardNumber } };
      }
      return {
        patch: {
          completionTokenHash: hashOf(token),
          completionExpiresAt: later(at, COMPLETION_TOKEN_TTL_MINUTES),
        },
        result: {
          signUpStatus: 'COMPLETE' as const,
          registrationCompletedToken: token,
          cardNumber: row.cardNumber,
        },
      };
    });
  }

  async function ready(input: { authToken: string }) {
    return step(deps, input.authToken, [...REGISTRATION_STEPS], async (_tx, row) => ({
      result: { ready: row.step === 'COMPLETE' },
    }));
  }

  /** Spends a completion token; answers the collector to sign in and where the journey continues. */
  async function autoLogin(input: { registrationCompletedToken: string }) {
    const row = await repository.spendCompletionToken(
      deps.db,
      hashOf(input.registrationCompletedToken),
      deps.clock.now(),
    );
    if (!row?.collectorId) {
      throw new AppError(
        401,
        registrationErrorCodes.completionTokenInvalid,
        registrationMessages.completionLinkInvalid,
      );
    }
    return { collectorId: row.collectorId, registrationDone: (row.userData as UserData).registrationDone };
  }

  /**
   * Business offers choice (docs/product/registration-and-sign-in.md §R2, get-business-offers), for a
   * signed-in business account.
   */
  async function setBusinessOffers(collectorId: string, optIn: boolean) {
    if (!(await repository.setBusinessOffersOptIn(deps.db, collectorId, optIn))) {
      throw new AppError(403, 'NOT_A_BUSINESS_ACCOUNT', registrationMessages.notBusinessAccount);
    }
    return { businessOffersOptIn: optIn };
  }

  return { confirmRegistration, signUpStatus, ready, autoLogin, setBusinessOffers };
}
