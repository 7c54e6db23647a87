import { randomBytes, randomInt } from 'node:crypto';
import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js/mobile';
import { brand } from '@app/contracts/brand';
import { CARD_NUMBER_DIGITS, CARD_PREFIX, toFullCardNumber } from '@app/contracts/card-number';
import { passwordProblem } from '@app/contracts/password';
import {
  BUSINESS_CATEGORIES,
  EMAIL_LINK_INVALID_MESSAGE,
  REGISTRATION_PREFIX,
  REGISTRATION_WORDING_VERSION,
  isValidMobile,
  mobileCountries,
  parseDateOfBirth,
  registrationErrorCodes,
  registrationFailures,
  registrationMessages,
  type Address,
  type AuthTokenResponse,
  type NextStep,
  type UserType,
} from '@app/contracts/registration';
import type { Database, DbExecutor } from '../../db/database.ts';
import type { ChangeFeed } from '../../lib/change-feed.ts';
import { AppError } from '../../lib/app-error.ts';
import { hashPassword } from '../../lib/passwords.ts';
import type { Notifier } from '../../plugins/notify.ts';
import { upgradeTemporaryCard } from '../nectar-lite/service.ts';
import { assignStarterOffers } from '../offers/service.ts';
import { isKnownAddress, type AddressProvider } from '../../lib/address-book.ts';
import { countCardHolderCheck } from './card-holder-limit.ts';
import * as repository from './repository.ts';
import type { RegistrationPatch, RegistrationRow } from './repository.ts';
import { hashOf } from '../../lib/token-hash.ts';

/**
 * Registration as a server-side state machine keyed by `authToken` (registration spec 3-5, 7-8; issue 5).
 * Each step runs in one transaction on the locked registration row, checks the row's step, and moves it one
 * step forward, so a step out of order, a replay, an expired or unknown token, or bad data changes nothing.
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
/** The emailed verification link works once, for this long. */
export const VERIFICATION_LINK_TTL_MINUTES = 60;
/** Emails (first send plus re-sends and corrected addresses) per registration per hour. */
export const EMAIL_SEND_LIMIT = 3;
export const COMPLETION_TOKEN_TTL_MINUTES = 10;

export interface RegistrationDeps {
  db: Database;
  notify: Notifier;
  publicUrl: string;
  now: () => Date;
  production: boolean;
  addresses: AddressProvider;
  /** Tells every instance about the new collector's offers (lib/change-feed.ts). */
  changes?: ChangeFeed;
}

const MINUTE_MS = 60_000;
const newToken = () => randomBytes(32).toString('base64url');
const later = (at: Date, minutes: number) => new Date(at.getTime() + minutes * MINUTE_MS);

const invalidToken = () =>
  new AppError(
    401,
    registrationErrorCodes.invalidToken,
    'Your registration has expired or could not be found. Please start again.',
  );
const wrongStep = () =>
  new AppError(
    409,
    registrationErrorCodes.wrongStep,
    "This registration step can't be done now. Please continue from where you left off.",
  );

interface UserData {
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

const userDataOf = (row: RegistrationRow) => row.userData as UserData;

/**
 * Runs one step: locks the registration behind `authToken`, refuses it when expired or not at one of
 * `from`, and applies what `run` answers (its patch, the new step, a fresh expiry) in the same transaction.
 */
async function step<T>(
  deps: RegistrationDeps,
  authToken: string,
  from: readonly RegistrationStepState[],
  run: (
    tx: DbExecutor,
    row: RegistrationRow,
    at: Date,
  ) => Promise<{ patch?: RegistrationPatch; to?: RegistrationStepState; result: T }>,
): Promise<T> {
  const at = deps.now();
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

const answer = (authToken: string, next: NextStep[], userType?: UserType): AuthTokenResponse => ({
  authToken,
  next,
  ...(userType ? { userType } : {}),
});

/* ---------- card check ---------- */

/**
 * POST /progressive/card-check: starts a registration. Without a card number the person has never had a
 * card (existing card type NONE); with one, the card must be a known plastic card without an online account.
 */
export async function cardCheck(
  deps: RegistrationDeps,
  input: { cardNumber?: string | undefined },
): Promise<AuthTokenResponse> {
  const at = deps.now();
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
    throw new AppError(404, registrationErrorCodes.cardNotRecognised, "We don't recognise that card number.");
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

/* ---------- email ---------- */

function verificationEmail(deps: RegistrationDeps, to: string, token: string) {
  const link = `${deps.publicUrl}${REGISTRATION_PREFIX}/check-email?verification=${token}`;
  return {
    channel: 'email' as const,
    to,
    subject: `Verify your email to register for ${brand.name}`,
    text: `Please confirm your email address to continue your ${brand.name} registration.\n\n${link}\n\nThe link works once, for ${VERIFICATION_LINK_TTL_MINUTES} minutes. If you didn't start a registration, you can ignore this email.`,
    html: `<p>Please confirm your email address to continue your ${brand.name} registration.</p><p><a href="${link}">Verify my email</a></p><p>The link works once, for ${VERIFICATION_LINK_TTL_MINUTES} minutes. If you didn't start a registration, you can ignore this email.</p>`,
  };
}

/** Counts an email against the send limit; refuses when the hour's sends are used up. */
function countSend(row: RegistrationRow, at: Date): RegistrationPatch {
  const windowOpen = row.firstEmailSentAt && row.firstEmailSentAt > later(at, -60);
  const sent = windowOpen ? row.emailsSent : 0;
  if (sent >= EMAIL_SEND_LIMIT) {
    throw new AppError(
      429,
      registrationErrorCodes.resendLimit,
      "We've sent you a few emails already. Please check your inbox or try again in an hour.",
    );
  }
  return { emailsSent: sent + 1, firstEmailSentAt: windowOpen ? row.firstEmailSentAt : at };
}

/**
 * POST /progressive/email-check: stores the email and the marketing choice and sends a single-use
 * verification link. Allowed again before the link is used, for 'Wrong email address?'; the old link dies.
 */
export async function emailCheck(
  deps: RegistrationDeps,
  input: { authToken: string; email: string; contactByEmail: boolean; registrationDone?: string | undefined },
): Promise<AuthTokenResponse> {
  const token = newToken();
  const email = input.email.trim();
  const result = await step(deps, input.authToken, ['CARD_CHECKED', 'EMAIL_SENT'], async (tx, row, at) => {
    // An email that already has an account is told 'Please log in.' here, not after eight more steps.
    if (await repository.findRegisteredCollectorByEmail(tx, email)) throw duplicateEmail();
    return {
      to: 'EMAIL_SENT' as const,
      patch: {
        ...countSend(row, at),
        email,
        verificationTokenHash: hashOf(token),
        verificationExpiresAt: later(at, VERIFICATION_LINK_TTL_MINUTES),
        userData: {
          ...userDataOf(row),
          contactByEmail: input.contactByEmail,
          ...(input.registrationDone ? { registrationDone: input.registrationDone } : {}),
        },
      },
      result: answer(input.authToken, ['DO_IDENTITY_EMAIL_CONFIRM'], row.userType as UserType),
    };
  });
  await deps.notify.send(verificationEmail(deps, email, token));
  return result;
}

/** Re-send: a fresh link to the same address (the previous link stops working); counted and limited. */
export async function resendEmail(deps: RegistrationDeps, input: { authToken: string }) {
  const token = newToken();
  const email = await step(deps, input.authToken, ['EMAIL_SENT'], async (_tx, row, at) => ({
    patch: {
      ...countSend(row, at),
      verificationTokenHash: hashOf(token),
      verificationExpiresAt: later(at, VERIFICATION_LINK_TTL_MINUTES),
    },
    result: row.email ?? '',
  }));
  await deps.notify.send(verificationEmail(deps, email, token));
  return { status: 'EMAIL_SENT' as const };
}

/**
 * POST /progressive/email-check-confirm: the emailed link. It works once, before its expiry, for its own
 * registration only; it answers that registration's authToken so a new tab can carry on.
 */
export async function emailCheckConfirm(
  deps: RegistrationDeps,
  input: { verificationToken: string; authToken?: string | undefined },
): Promise<AuthTokenResponse & { email: string }> {
  const at = deps.now();
  return deps.db.transaction(async (tx) => {
    const row = await repository.lockByVerificationToken(tx, hashOf(input.verificationToken));
    const linkInvalid = () =>
      new AppError(410, registrationErrorCodes.linkInvalid, EMAIL_LINK_INVALID_MESSAGE);
    if (!row || row.step !== 'EMAIL_SENT' || row.expiresAt <= at) throw linkInvalid();
    if (!row.verificationExpiresAt || row.verificationExpiresAt <= at) throw linkInvalid();
    // A link opened with another registration's token belongs to someone else's journey.
    if (input.authToken && hashOf(input.authToken) !== row.authTokenHash) throw invalidToken();
    // The link is the proof of the mailbox: a fresh authToken replaces the old one from here on.
    const authToken = newToken();
    await repository.updateRegistration(tx, row.id, {
      step: 'EMAIL_CONFIRMED',
      authTokenHash: hashOf(authToken),
      verificationTokenHash: null,
      verificationExpiresAt: null,
      expiresAt: later(at, REGISTRATION_TTL_MINUTES),
      updatedAt: at,
    });
    const skipAddress = await hasStoredAddress(tx, row);
    return {
      ...answer(authToken, skipAddress ? ['DO_CONFIRM_SIGN_UP_SKIP_ADDRESS'] : [], row.userType as UserType),
      email: row.email ?? '',
    };
  });
}

async function hasStoredAddress(tx: DbExecutor, row: RegistrationRow) {
  if (!row.collectorId) return false;
  return (await repository.findAddresses(tx, row.collectorId)).length > 0;
}

/* ---------- account, business and customer details ---------- */

/** ANALOG registrations check the card holder's details before the customer details are stored. */
const detailsNext = (row: RegistrationRow): NextStep[] =>
  row.userType === 'ANALOG' ? ['DO_VERIFY_ANALOGUE_NECTAR'] : [];

/** Customer details come after the account choice (consumer) or the business details (business). */
function requireDetailsStep(row: RegistrationRow) {
  if (row.step === 'ACCOUNT_CHOSEN' && userDataOf(row).accountKind !== 'consumer') throw wrongStep();
}

/**
 * The analogue check (spec 7 verify-analogue-nectar): the last name and date of birth (YYYY-MM-DD) must be
 * those held for the plastic card the registration started with.
 */
async function checkAnalogueHolder(
  tx: DbExecutor,
  row: RegistrationRow,
  lastName: string,
  dateOfBirth: string,
) {
  const card = row.existingCardNumber ? await repository.findCard(tx, row.existingCardNumber) : undefined;
  const matches =
    card?.lastName?.trim().toLowerCase() === lastName.trim().toLowerCase() &&
    card.dateOfBirth === dateOfBirth;
  if (!matches) {
    throw new AppError(422, registrationErrorCodes.analogueMismatch, registrationMessages.analogueMismatch);
  }
}

/**
 * POST /progressive/verify-analogue-nectar: checks an ANALOG card's holder before the details step, without
 * moving the registration on. The details step checks again, so it cannot be skipped.
 */
export async function verifyAnalogueNectar(
  deps: RegistrationDeps,
  input: { authToken: string; collectorId: string; lastName: string; dateOfBirth: string },
  client: string,
) {
  const dateOfBirth = parseDateOfBirth(input.dateOfBirth);
  if (!dateOfBirth) throw new AppError(400, 'VALIDATION', registrationMessages.dateOfBirthFormat);
  await countCardHolderCheck(
    deps.db,
    { authToken: input.authToken, client, cardNumber: input.collectorId },
    deps.now(),
  );
  return step(deps, input.authToken, ['ACCOUNT_CHOSEN', 'BUSINESS_DETAILS'], async (tx, row) => {
    requireDetailsStep(row);
    if (row.userType !== 'ANALOG' || row.existingCardNumber !== input.collectorId) throw wrongStep();
    await checkAnalogueHolder(tx, row, input.lastName, dateOfBirth);
    return { result: answer(input.authToken, [], 'ANALOG') };
  });
}

export async function chooseAccount(
  deps: RegistrationDeps,
  input: { authToken: string; accountKind: 'consumer' | 'business' },
) {
  return step(deps, input.authToken, ['EMAIL_CONFIRMED'], async (_tx, row) => ({
    to: 'ACCOUNT_CHOSEN',
    patch: { userData: { ...userDataOf(row), accountKind: input.accountKind } },
    result: answer(
      input.authToken,
      input.accountKind === 'consumer' ? detailsNext(row) : [],
      row.userType as UserType,
    ),
  }));
}

export async function businessDetails(
  deps: RegistrationDeps,
  input: { authToken: string; name: string; category: string; employees: string },
) {
  return step(deps, input.authToken, ['ACCOUNT_CHOSEN'], async (_tx, row) => {
    if (userDataOf(row).accountKind !== 'business') throw wrongStep();
    if (!BUSINESS_CATEGORIES.some((group) => group.categories.includes(input.category))) {
      throw new AppError(400, 'VALIDATION', registrationMessages.category);
    }
    const business = { name: input.name, category: input.category, employees: input.employees };
    return {
      to: 'BUSINESS_DETAILS',
      patch: { userData: { ...userDataOf(row), business } },
      result: answer(input.authToken, detailsNext(row), row.userType as UserType),
    };
  });
}

export async function customerDetails(
  deps: RegistrationDeps,
  input: { authToken: string; title: string; firstName: string; lastName: string; dateOfBirth: string },
  client: string,
) {
  const dateOfBirth = parseDateOfBirth(input.dateOfBirth);
  if (!dateOfBirth) throw new AppError(400, 'VALIDATION', registrationMessages.dateOfBirthFormat);
  await countCardHolderCheck(deps.db, { authToken: input.authToken, client }, deps.now());
  return step(deps, input.authToken, ['ACCOUNT_CHOSEN', 'BUSINESS_DETAILS'], async (tx, row) => {
    requireDetailsStep(row);
    const data = userDataOf(row);
    if (row.userType === 'ANALOG') await checkAnalogueHolder(tx, row, input.lastName, dateOfBirth);
    const next: NextStep[] = (await hasStoredAddress(tx, row)) ? ['DO_CONFIRM_SIGN_UP_SKIP_ADDRESS'] : [];
    return {
      to: 'DETAILS',
      patch: {
        userData: {
          ...data,
          title: input.title,
          firstName: input.firstName,
          lastName: input.lastName,
          dateOfBirth,
        },
      },
      result: answer(input.authToken, next, row.userType as UserType),
    };
  });
}

/* ---------- address ---------- */

export async function findAddresses(deps: RegistrationDeps, input: { postcode: string; property: string }) {
  let addresses: Address[];
  try {
    addresses = await deps.addresses.find(input.postcode, input.property);
  } catch {
    throw new AppError(502, 'SERVER_ERROR', registrationMessages.serverError);
  }
  if (addresses.length === 0) {
    throw new AppError(404, registrationErrorCodes.noAddresses, registrationMessages.noAddresses);
  }
  return { addresses };
}

export async function chooseAddress(deps: RegistrationDeps, input: { authToken: string; address: Address }) {
  if (!(await isKnownAddress(deps.addresses, input.address))) {
    throw new AppError(400, 'VALIDATION', registrationMessages.selectAddress);
  }
  return step(deps, input.authToken, ['DETAILS'], async (_tx, row) => ({
    to: 'ADDRESS',
    patch: { userData: { ...userDataOf(row), address: input.address } },
    result: answer(input.authToken, [], row.userType as UserType),
  }));
}

/* ---------- phone ---------- */

export async function phoneCheck(
  deps: RegistrationDeps,
  input: {
    authToken: string;
    countryCode: string;
    phoneNumber: string;
    memorableName: string;
    nectarContactPreferences?: { contactBySMS?: boolean | undefined } | undefined;
  },
): Promise<AuthTokenResponse> {
  const allowed = mobileCountries(deps.production).includes(input.countryCode);
  const parsed = parsePhoneNumberFromString(input.phoneNumber, input.countryCode as CountryCode);
  if (!allowed || !parsed || !isValidMobile(input.phoneNumber, input.countryCode)) {
    throw new AppError(400, registrationErrorCodes.invalidPhone, registrationMessages.mobileInvalid);
  }
  return step(deps, input.authToken, ['ADDRESS', 'DETAILS'], async (tx, row) => {
    if (row.step === 'DETAILS' && !(await hasStoredAddress(tx, row))) throw wrongStep();
    return {
      to: 'PHONE',
      patch: {
        userData: {
          ...userDataOf(row),
          phoneCountryCode: `+${parsed.countryCallingCode}`,
          phoneNumber: parsed.nationalNumber,
          memorableName: input.memorableName,
          contactBySMS: input.nectarContactPreferences?.contactBySMS ?? false,
        },
      },
      result: answer(input.authToken, [], row.userType as UserType),
    };
  });
}

/* ---------- password ---------- */

/** POST /progressive/password-validation: VALID stores the argon2id hash and moves on; INVALID changes nothing. */
export async function passwordValidation(
  deps: RegistrationDeps,
  input: { authToken: string; firstName: string; lastName: string; password: string },
): Promise<{ validity: 'VALID' | 'INVALID'; description?: string }> {
  const passwordHash = await hashPassword(input.password);
  return step<{ validity: 'VALID' | 'INVALID'; description?: string }>(
    deps,
    input.authToken,
    ['PHONE'],
    async (_tx, row) => {
      const data = userDataOf(row);
      // The server's own record of the names wins over what the call sends.
      const problem = passwordProblem(input.password, {
        firstName: data.firstName ?? input.firstName,
        lastName: data.lastName ?? input.lastName,
        email: row.email,
      });
      if (problem) return { result: { validity: 'INVALID' as const, description: problem } };
      return { to: 'PASSWORD', patch: { passwordHash }, result: { validity: 'VALID' as const } };
    },
  );
}

/* ---------- confirm registration ---------- */

const drawCardNumber = () =>
  `${CARD_PREFIX}${Array.from({ length: CARD_NUMBER_DIGITS }, () => randomInt(10)).join('')}`;

const duplicateEmail = () => new AppError(409, 'DUPLICATE_EMAIL', registrationFailures.DUPLICATE_EMAIL);

const isUniqueViolation = (error: unknown): boolean => {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
};

/**
 * POST /progressive/confirm-registration: in one transaction, the collector (a temporary card's or a plastic
 * card's collector row completed, or a new one), the digital card, the credential, contact preferences,
 * consents with their time and wording version, the address and the business. A duplicate email is refused
 * with 'Please log in.'; the unique email index settles a race between two registrations for one email.
 */
export async function confirmRegistration(
  deps: RegistrationDeps,
  input: { authToken: string; onlineAdvertisingConsent: boolean },
): Promise<AuthTokenResponse> {
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

/* ---------- after confirmation ---------- */

/**
 * Sign-up status: COMPLETE once confirmed, with a single-use completion token the first time it is asked
 * (only its hash is kept), for the auto-login.
 */
export interface SignUpStatus {
  signUpStatus: 'PENDING' | 'COMPLETE';
  registrationCompletedToken?: string;
  cardNumber?: string;
}

export async function signUpStatus(
  deps: RegistrationDeps,
  input: { authToken: string },
): Promise<SignUpStatus> {
  const token = newToken();
  return step<SignUpStatus>(deps, input.authToken, [...REGISTRATION_STEPS], async (_tx, row, at) => {
    if (row.step !== 'COMPLETE' || !row.cardNumber) return { result: { signUpStatus: 'PENDING' as const } };
    // The completion token is issued once (issue 10): asking again answers COMPLETE without a new one.
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

export async function ready(deps: RegistrationDeps, input: { authToken: string }) {
  return step(deps, input.authToken, [...REGISTRATION_STEPS], async (_tx, row) => ({
    result: { ready: row.step === 'COMPLETE' },
  }));
}

/** Spends a completion token; answers the collector to sign in and where the journey continues. */
export async function autoLogin(deps: RegistrationDeps, input: { registrationCompletedToken: string }) {
  const row = await repository.spendCompletionToken(
    deps.db,
    hashOf(input.registrationCompletedToken),
    deps.now(),
  );
  if (!row?.collectorId) {
    throw new AppError(
      401,
      registrationErrorCodes.completionTokenInvalid,
      'This sign-in link has expired or has already been used. Please log in.',
    );
  }
  return { collectorId: row.collectorId, registrationDone: (row.userData as UserData).registrationDone };
}

/** Business offers choice (spec 2 get-business-offers), for a signed-in business account. */
export async function setBusinessOffers(deps: RegistrationDeps, collectorId: string, optIn: boolean) {
  if (!(await repository.setBusinessOffersOptIn(deps.db, collectorId, optIn))) {
    throw new AppError(403, 'NOT_A_BUSINESS_ACCOUNT', 'Business offers are for business accounts.');
  }
  return { businessOffersOptIn: optIn };
}
