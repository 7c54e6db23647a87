import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js/mobile';
import { isValidMobile } from '@app/contracts/mobile-number';
import { passwordProblem } from '@app/contracts/password';
import {
  BUSINESS_CATEGORIES,
  mobileCountries,
  parseDateOfBirth,
  registrationErrorCodes,
  registrationMessages,
  type Address,
  type AuthTokenResponse,
  type NextStep,
  type UserType,
} from '@app/contracts/registration';
import type { DbExecutor } from '../../db/database.ts';
import { isKnownAddress } from '../../lib/address-book.ts';
import { AppError } from '../../lib/app-error.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { countCardHolderCheck } from './card-holder-limit.ts';
import * as repository from './repository.ts';
import type { RegistrationRow } from './repository.ts';
import { answer, hasStoredAddress, step, userDataOf, wrongStep, type RegistrationDeps } from './steps.ts';

/** ANALOG registrations check the card holder's details before the customer details are stored. */
const detailsNext = (row: RegistrationRow): NextStep[] =>
  row.userType === 'ANALOG' ? ['DO_VERIFY_ANALOGUE_NECTAR'] : [];

/** Customer details come after the account choice (consumer) or the business details (business). */
function requireDetailsStep(row: RegistrationRow) {
  if (row.step === 'ACCOUNT_CHOSEN' && userDataOf(row).accountKind !== 'consumer') throw wrongStep();
}

/**
 * The analogue check (docs/product/calls-and-errors.md §R7, verify-analogue-nectar): the last name and date
 * of birth (YYYY-MM-DD) must be those held for the plastic card the registration started with.
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

/** The details steps: account kind, business, customer, address, phone and password. */
export function createDetails(deps: RegistrationDeps) {
  /**
   * POST /progressive/verify-analogue-nectar: checks an ANALOG card's holder before the details step, without
   * moving the registration on. The details step checks again, so it cannot be skipped.
   */
  async function verifyAnalogueNectar(
    input: { authToken: string; collectorId: string; lastName: string; dateOfBirth: string },
    client: string,
  ) {
    const dateOfBirth = parseDateOfBirth(input.dateOfBirth);
    if (!dateOfBirth) throw new AppError(400, 'VALIDATION', registrationMessages.dateOfBirthFormat);
    await countCardHolderCheck(
      deps.db,
      { authToken: input.authToken, client, cardNumber: input.collectorId },
      deps.clock.now(),
    );
    return step(deps, input.authToken, ['ACCOUNT_CHOSEN', 'BUSINESS_DETAILS'], async (tx, row) => {
      requireDetailsStep(row);
      if (row.userType !== 'ANALOG' || row.existingCardNumber !== input.collectorId) throw wrongStep();
      await checkAnalogueHolder(tx, row, input.lastName, dateOfBirth);
      return { result: answer(input.authToken, [], 'ANALOG') };
    });
  }

  async function chooseAccount(input: { authToken: string; accountKind: 'consumer' | 'business' }) {
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

  async function businessDetails(input: {
    authToken: string;
    name: string;
    category: string;
    employees: string;
  }) {
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

  async function customerDetails(
    input: { authToken: string; title: string; firstName: string; lastName: string; dateOfBirth: string },
    client: string,
  ) {
    const dateOfBirth = parseDateOfBirth(input.dateOfBirth);
    if (!dateOfBirth) throw new AppError(400, 'VALIDATION', registrationMessages.dateOfBirthFormat);
    await countCardHolderCheck(deps.db, { authToken: input.authToken, client }, deps.clock.now());
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

  async function findAddresses(input: { postcode: string; property: string }) {
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

  async function chooseAddress(input: { authToken: string; address: Address }) {
    if (!(await isKnownAddress(deps.addresses, input.address))) {
      throw new AppError(400, 'VALIDATION', registrationMessages.selectAddress);
    }
    return step(deps, input.authToken, ['DETAILS'], async (_tx, row) => ({
      to: 'ADDRESS',
      patch: { userData: { ...userDataOf(row), address: input.address } },
      result: answer(input.authToken, [], row.userType as UserType),
    }));
  }

  async function phoneCheck(input: {
    authToken: string;
    countryCode: string;
    phoneNumber: string;
    memorableName: string;
    nectarContactPreferences?: { contactBySMS?: boolean | undefined } | undefined;
  }): Promise<AuthTokenResponse> {
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

  /** POST /progressive/password-validation: VALID stores the argon2id hash and moves on; INVALID changes nothing. */
  async function passwordValidation(input: {
    authToken: string;
    firstName: string;
    lastName: string;
    password: string;
  }): Promise<{ validity: 'VALID' | 'INVALID'; description?: string }> {
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

  return {
    verifyAnalogueNectar,
    chooseAccount,
    businessDetails,
    customerDetails,
    findAddresses,
    chooseAddress,
    phoneCheck,
    passwordValidation,
  };
}
