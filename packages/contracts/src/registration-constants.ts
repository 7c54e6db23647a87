import { passwordMessages } from './password.ts';

/*
 * The plain values of registration (paths, steps, limits, messages), apart from its zod schemas, so that a
 * page that only shows them does not load zod and the phone-number metadata. `./registration.ts` re-exports
 * all of them.
 */

/**
 * Registration (docs/product/registration-and-sign-in.md §R2-§R5; docs/product/calls-and-errors.md §R8;
 * docs/product/switches-and-constants.md §R9): every rule and message of §R5 as zod schemas, used by the
 * forms and the /progressive identity API alike, plus the titles, progress values, next steps and bands.
 */

export const REGISTRATION_PREFIX = '/id/start';

/** Progress bar value of each step (docs/product/registration-and-sign-in.md §R2). */
export const registrationProgress = {
  'nectar-card-check': 10,
  'enter-card-number': 10,
  'enter-email-address': 20,
  'check-email': 30,
  'choose-an-account': 40,
  'business-details': 40,
  'customer-details': 50,
  address: 60,
  'phone-number': 70,
  'create-a-password': 80,
  terms: 90,
  'get-business-offers': 100,
} as const;
export type RegistrationStep = keyof typeof registrationProgress;

/** Titles offered (docs/product/registration-and-sign-in.md §R3), in that order. */
export const TITLES = [
  'Mr',
  'Mrs',
  'Miss',
  'Ms',
  'Mx',
  'Dr',
  'Revd',
  'Sir',
  'Dame',
  'Lord',
  'Lady',
  'Earl',
  'Countess',
  'Capt.',
  'Sis.',
] as const;

/** Next steps the server answers (docs/product/registration-and-sign-in.md §R4). */
export const NEXT_STEPS = [
  'DO_EMAIL_CHECK',
  'DO_VERIFY_ANALOGUE_NECTAR',
  'DO_CONFIRM_SIGN_UP_SKIP_ADDRESS',
  'DO_LOGIN_IDENTITY',
  'DO_LOGIN_NECTAR',
  'DO_LOGIN',
  'DO_IDENTITY_EMAIL_CONFIRM',
] as const;
export type NextStep = (typeof NEXT_STEPS)[number];

export const USER_TYPES = ['GHOST', 'ANALOG', 'STANDARD'] as const;
export type UserType = (typeof USER_TYPES)[number];

/** The readiness check is tried at most this many times (docs/product/registration-and-sign-in.md §R4). */
export const READY_MAX_ATTEMPTS = 10;
/**
 * Sign-up status polling (docs/product/registration-and-sign-in.md §R4,
 * docs/product/switches-and-constants.md §R9); the maximum is 'a named constant whose value is not shown'.
 */
export const SIGN_UP_POLL_INTERVAL_MS = 2000;
export const SIGN_UP_POLL_MAX = 15;
export const ADDRESS_SEARCH_DELAY_MS = 2000;
export const COPY_CONFIRMATION_MS = 3000;
export const BUSINESS_CATEGORIES_NOTICE_MS = 4000;

/**
 * Employee bands A to I; the form's band index 1-9 is sent as its letter
 * (docs/product/registration-and-sign-in.md §R3).
 */
export const EMPLOYEE_BANDS = ['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H', 'I'] as const;
export type EmployeeBand = (typeof EMPLOYEE_BANDS)[number];
export const employeeBandLetter = (index: number): EmployeeBand => {
  const letter = EMPLOYEE_BANDS[index - 1];
  if (!Number.isInteger(index) || !letter) throw new RangeError(`employee band index ${index} is not 1-9`);
  return letter;
};

export const NAME_MAX = 25;
export const BUSINESS_NAME_MAX = 30;
export const MEMORABLE_NAME_MAX = 15;
export const MINIMUM_AGE = 18;

/**
 * Every message of docs/product/registration-and-sign-in.md §R5 and docs/product/calls-and-errors.md §R8 used
 * by registration.
 */
export const registrationMessages = {
  selectOption: 'Please select an option',
  title: 'Enter your title',
  firstName: 'Enter your first name',
  lastName: 'Enter your last name',
  nameCharacters: 'Letters, dashes, apostrophes and spaces only',
  // The spec gives no wording for a first name over 25; this mirrors its last-name message.
  firstNameTooLong: `First name must not be over ${NAME_MAX} characters`,
  lastNameTooLong: `Last name must not be over ${NAME_MAX} characters`,
  dateOfBirth: 'Enter your date of birth',
  dateOfBirthFormat: 'Enter a date of birth in correct format',
  under18: 'You must be over 18 years old',
  // The spec's rules make a date after today 'under 18'; saying what is wrong with it helps a slip of the year.
  dateOfBirthFuture: 'Date of birth must be in the past',
  businessName: 'Enter the name of your business',
  businessNameTooLong: `Business name must not be over ${BUSINESS_NAME_MAX} characters`,
  employees: 'Select number of employees',
  category: 'Enter what your business does',
  mobile: 'Enter your mobile number',
  // Server phone-check error (docs/product/registration-and-sign-in.md §R5 says its errors are shown; wording
  // not shown).
  mobileInvalid: 'Enter a valid mobile number',
  memorableName: 'Enter a memorable name',
  memorableNameTooLong: `Memorable name must not be over ${MEMORABLE_NAME_MAX} characters`,
  postcode: 'Enter your postcode',
  postcodeFormat: 'Enter a postcode, like AA11AA',
  postcodeBlur: 'Invalid postcode',
  property: 'Enter your property number or name',
  selectAddress: 'Select your address',
  terms: 'Confirm you agree before accepting',
  passwordsDoNotMatch: passwordMessages.mismatch,
  noAddresses: 'No addresses were found - Please check your details and try again.',
  addressLookupFailed: 'Could not find address',
  serverError: 'Sorry, something went wrong. Please try again later',
  businessCategoriesFailed: 'Unable to fetch business categories.',
  analogueMismatch:
    "We couldn't set up your digital account because the details you've given us don't match the details we have for your associated card.",
  copied: 'Copied!',
  registrationExpired: 'Your registration has expired or could not be found. Please start again.',
  wrongStep: "This registration step can't be done now. Please continue from where you left off.",
  /** The sign-in link at the end of registration, spent or expired. */
  completionLinkInvalid: 'This sign-in link has expired or has already been used. Please log in.',
  notBusinessAccount: 'Business offers are for business accounts.',
  emailResendLimit: "We've sent you a few emails already. Please check your inbox or try again in an hour.",
  cardNotRecognised: "We don't recognise that card number.",
  /** The plastic card holder's details compared too many times. */
  cardHolderLimit:
    "You've tried too many times to confirm the details for this card. " +
    'For your security, please try again tomorrow.',
} as const;
