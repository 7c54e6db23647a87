import { z } from 'zod';
import type { ErrorCode } from './error-codes.ts';
import { cardNumberDigitsSchema, fullCardNumberSchema } from './card-number.ts';
import { emailSchema } from './email.ts';
import { passwordProblem } from './password.ts';
import { dateOfBirthSchema, firstNameSchema, lastNameSchema, postcodeSchema } from './personal-details.ts';
import {
  BUSINESS_NAME_MAX,
  EMPLOYEE_BANDS,
  MEMORABLE_NAME_MAX,
  NEXT_STEPS,
  TITLES,
  USER_TYPES,
  registrationMessages,
  type EmployeeBand,
} from './registration-constants.ts';

/**
 * Registration (docs/product/registration-and-sign-in.md §R2-§R5; docs/product/calls-and-errors.md §R8;
 * docs/product/switches-and-constants.md §R9): every rule and message of §R5 as zod schemas, used by the
 * forms and the /progressive identity API alike; the titles, progress values, next steps, bands and messages
 * live in ./registration-constants.ts (re-exported here).
 */
export * from './registration-constants.ts';
export * from './personal-details.ts';

/** Registration failure mapping (docs/product/calls-and-errors.md §R8). */
export const registrationFailures = {
  DUPLICATE_EMAIL: 'Please log in.',
  INACTIVATED_ACCOUNT: 'Card not applicable for registration',
  PROBLEM_WITH_OLD_ACCOUNT: 'System error',
  SOMETHING_WENT_WRONG: 'Try again',
} as const;
export type RegistrationFailure = keyof typeof registrationFailures;

/** Error codes the identity API answers (beyond the failure mapping above). */
export const registrationErrorCodes = {
  cardNotRecognised: 'DN11',
  invalidToken: 'REGISTRATION_TOKEN_INVALID',
  wrongStep: 'REGISTRATION_STEP_OUT_OF_ORDER',
  linkInvalid: 'EMAIL_LINK_INVALID',
  resendLimit: 'EMAIL_RESEND_LIMIT',
  analogueMismatch: 'ANALOGUE_MISMATCH',
  noAddresses: 'NO_ADDRESSES',
  completionTokenInvalid: 'COMPLETION_TOKEN_INVALID',
  invalidPhone: 'INVALID_PHONE',
} as const satisfies Record<string, ErrorCode>;

export const titleSchema = /* @__PURE__ */ (() => z.enum(TITLES, { error: registrationMessages.title }))();

export const businessNameSchema = /* @__PURE__ */ (() =>
  z
    .string({ error: registrationMessages.businessName })
    .trim()
    .min(1, { error: registrationMessages.businessName, abort: true })
    .max(BUSINESS_NAME_MAX, registrationMessages.businessNameTooLong))();

export const employeesSchema = /* @__PURE__ */ (() =>
  z.enum(EMPLOYEE_BANDS, { error: registrationMessages.employees }))();

export const categorySchema = /* @__PURE__ */ (() =>
  z
    .string({ error: registrationMessages.category })
    .trim()
    .min(1, { error: registrationMessages.category, abort: true })
    .max(100))();

export const memorableNameSchema = /* @__PURE__ */ (() =>
  z
    .string({ error: registrationMessages.memorableName })
    .trim()
    .min(1, { error: registrationMessages.memorableName, abort: true })
    .max(MEMORABLE_NAME_MAX, registrationMessages.memorableNameTooLong))();

/**
 * Mobile countries (docs/product/switches-and-constants.md §R9: primary gb; pre-production allows more; the
 * lists are our choice).
 */
export const MOBILE_PRIMARY_COUNTRY = 'GB';
export const MOBILE_COUNTRIES_PRODUCTION = ['GB', 'JE', 'GG', 'IM'] as const;
export const MOBILE_COUNTRIES_PRE_PRODUCTION = [
  ...MOBILE_COUNTRIES_PRODUCTION,
  'IE',
  'FR',
  'DE',
  'ES',
  'US',
] as const;
export const mobileCountries = (production: boolean): readonly string[] =>
  production ? MOBILE_COUNTRIES_PRODUCTION : MOBILE_COUNTRIES_PRE_PRODUCTION;

export const mobileSchema = /* @__PURE__ */ (() =>
  z
    .string({ error: registrationMessages.mobile })
    .trim()
    .min(1, { error: registrationMessages.mobile, abort: true })
    .max(20, registrationMessages.mobileInvalid))();

export const propertySchema = /* @__PURE__ */ (() =>
  z
    .string({ error: registrationMessages.property })
    .trim()
    .min(1, { error: registrationMessages.property, abort: true })
    .max(60))();

export const cardCheckChoiceSchema = /* @__PURE__ */ (() =>
  z.enum(['yes', 'no'], { error: registrationMessages.selectOption }))();

export const contactPreferencesSchema = /* @__PURE__ */ (() =>
  z.object({
    contactByPhone: z.boolean().default(false),
    contactByEmail: z.boolean().default(false),
    contactBySMS: z.boolean().default(false),
    contactByPost: z.boolean().default(false),
  }))();

/**
 * Registration password: the shared rules plus the person's own name and email
 * (docs/product/registration-and-sign-in.md §R5).
 */
export const registrationPasswordSchema = (context: {
  firstName?: string;
  lastName?: string;
  email?: string;
}) =>
  z.string().superRefine((password, ctx) => {
    const problem = passwordProblem(password, context);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

export const createPasswordFormSchema = /* @__PURE__ */ (() =>
  z
    .object({ password: z.string(), confirmPassword: z.string() })
    .refine((value) => value.password === value.confirmPassword, {
      message: registrationMessages.passwordsDoNotMatch,
      path: ['confirmPassword'],
    }))();

/* ---------- identity API payloads ---------- */
/* Fields: docs/product/registration-and-sign-in.md §R3; calls: docs/product/calls-and-errors.md §R7. */

export const authTokenSchema = /* @__PURE__ */ (() => z.string().min(20).max(200))();

export const authTokenResponseSchema = /* @__PURE__ */ (() =>
  z.object({
    authToken: z.string(),
    next: z.array(z.enum(NEXT_STEPS)),
    userType: z.enum(USER_TYPES).optional(),
  }))();
export type AuthTokenResponse = z.infer<typeof authTokenResponseSchema>;
/** Answer of the email link's confirmation (email-check-confirm and identity-email-check-confirm). */
export const emailConfirmedResponseSchema = /* @__PURE__ */ (() =>
  authTokenResponseSchema.extend({ email: z.string() }))();

export const cardCheckRequestSchema = /* @__PURE__ */ (() =>
  z.object({
    /** Absent or empty for the No answer: existing card type NONE. */
    cardNumber: cardNumberDigitsSchema.optional(),
    authToken: authTokenSchema.optional(),
  }))();

export const emailCheckRequestSchema = /* @__PURE__ */ (() =>
  z.object({
    email: emailSchema,
    contactByEmail: z.boolean().default(true),
    authToken: authTokenSchema,
    registrationDone: z.string().max(200).optional(),
  }))();

/** What a broken, used or expired emailed link says (the server's EMAIL_LINK_INVALID answer). */
export const EMAIL_LINK_INVALID_MESSAGE =
  'This link has expired or has already been used. Please start again to get a new one.';
/** An emailed link's token: a malformed one gets the link message, not the schema's words. */
const emailLinkTokenSchema = /* @__PURE__ */ (() =>
  z
    .string({ error: EMAIL_LINK_INVALID_MESSAGE })
    .min(20, EMAIL_LINK_INVALID_MESSAGE)
    .max(200, EMAIL_LINK_INVALID_MESSAGE))();

export const emailCheckConfirmRequestSchema = /* @__PURE__ */ (() =>
  z.object({
    authToken: authTokenSchema,
    /** The token of the emailed link. */
    verificationToken: emailLinkTokenSchema,
  }))();

/**
 * The same tab's confirmation (docs/product/calls-and-errors.md §R7): the registration's authToken and the
 * emailed link's token.
 */
export const identityEmailCheckConfirmRequestSchema = /* @__PURE__ */ (() =>
  z.object({
    authToken: authTokenSchema,
    identitySessionToken: emailLinkTokenSchema,
  }))();

export const resendEmailRequestSchema = /* @__PURE__ */ (() => z.object({ authToken: authTokenSchema }))();

export const accountKindSchema = /* @__PURE__ */ (() => z.enum(['consumer', 'business']))();

export const accountChoiceRequestSchema = /* @__PURE__ */ (() =>
  z.object({
    authToken: authTokenSchema,
    accountKind: accountKindSchema,
  }))();

export const businessDetailsSchema = /* @__PURE__ */ (() =>
  z.object({
    name: businessNameSchema,
    employees: employeesSchema,
    category: categorySchema,
  }))();

export const businessDetailsRequestSchema = /* @__PURE__ */ (() =>
  businessDetailsSchema.extend({ authToken: authTokenSchema }))();

export const customerDetailsRequestSchema = (today?: () => Date) =>
  z.object({
    authToken: authTokenSchema,
    title: titleSchema,
    firstName: firstNameSchema,
    lastName: lastNameSchema,
    dateOfBirth: dateOfBirthSchema(today),
  });

/**
 * POST /progressive/verify-analogue-nectar (docs/product/calls-and-errors.md §R7): the plastic card holder's
 * last name and date of birth.
 */
export const verifyAnalogueRequestSchema = (today?: () => Date) =>
  z.object({
    authToken: authTokenSchema,
    collectorId: fullCardNumberSchema,
    lastName: lastNameSchema,
    dateOfBirth: dateOfBirthSchema(today),
  });

export const customerDetailsFormSchema = (today?: () => Date) =>
  z.object({
    title: z.union([titleSchema, z.literal('')]).refine((v) => v !== '', registrationMessages.title),
    firstName: firstNameSchema,
    lastName: lastNameSchema,
    dateOfBirth: dateOfBirthSchema(today),
  });

export const addressSchema = /* @__PURE__ */ (() =>
  z.object({ lines: z.array(z.string()).min(1).max(6), postcode: z.string() }))();
export type Address = z.infer<typeof addressSchema>;

export const addressFindRequestSchema = /* @__PURE__ */ (() =>
  z.object({
    property: propertySchema,
    postcode: postcodeSchema,
    authToken: authTokenSchema.optional(),
    botCheckToken: z.string().optional(),
  }))();
export const addressFindResponseSchema = /* @__PURE__ */ (() =>
  z.object({ addresses: z.array(addressSchema) }))();

export const addressSearchFormSchema = /* @__PURE__ */ (() =>
  z.object({ property: propertySchema, postcode: postcodeSchema }))();

export const addressConfirmRequestSchema = /* @__PURE__ */ (() =>
  z.object({ authToken: authTokenSchema, address: addressSchema }))();

export const phoneCheckRequestSchema = /* @__PURE__ */ (() =>
  z.object({
    authToken: authTokenSchema,
    countryCode: z.string().regex(/^[A-Z]{2}$/),
    phoneNumber: mobileSchema,
    memorableName: memorableNameSchema,
    nectarContactPreferences: contactPreferencesSchema.partial().optional(),
  }))();

export const phoneFormSchema = /* @__PURE__ */ (() =>
  z.object({
    memorableName: memorableNameSchema,
    countryCode: z.string(),
    phoneNumber: mobileSchema,
  }))();

export const passwordValidationRequestSchema = /* @__PURE__ */ (() =>
  z.object({
    authToken: authTokenSchema,
    firstName: z.string().max(100),
    lastName: z.string().max(100),
    password: z.string().max(200),
  }))();
export const passwordValidationResponseSchema = /* @__PURE__ */ (() =>
  z.object({
    validity: z.enum(['VALID', 'INVALID']),
    description: z.string().optional(),
  }))();

export const termsRequestSchema = /* @__PURE__ */ (() =>
  z.object({
    authToken: authTokenSchema,
    onlineAdvertisingConsent: z.boolean(),
    termsAccepted: z.literal(true, { error: registrationMessages.terms }),
  }))();

export const confirmRegistrationRequestSchema = /* @__PURE__ */ (() =>
  z.object({
    authToken: authTokenSchema,
    accessToken: z.string().optional(),
  }))();

export const signUpStatusResponseSchema = /* @__PURE__ */ (() =>
  z.object({
    signUpStatus: z.enum(['PENDING', 'COMPLETE']),
    registrationCompletedToken: z.string().optional(),
    cardNumber: z.string().optional(),
  }))();

/**
 * Answer of POST /progressive/ready (the readiness check of docs/product/registration-and-sign-in.md §R4).
 */
export const readyResponseSchema = /* @__PURE__ */ (() => z.object({ ready: z.boolean() }))();

export const autoLoginRequestSchema = /* @__PURE__ */ (() =>
  z.object({ registrationCompletedToken: z.string().min(20).max(200) }))();
export const autoLoginResponseSchema = /* @__PURE__ */ (() =>
  z.object({
    identityLoginToken: z.string(),
    _links: z.object({ 'login-identity': z.object({ href: z.string() }) }),
    registrationDone: z.string().optional(),
  }))();

export const businessOffersRequestSchema = /* @__PURE__ */ (() =>
  z.object({ businessOffersOptIn: z.boolean() }))();

/** The wording version of the registration terms stored with each consent. */
export const REGISTRATION_WORDING_VERSION = 'registration-2026-11';

/* ---------- business lookup (GET /business-lookup) ---------- */
/* Fields: docs/product/registration-and-sign-in.md §R3; call: docs/product/calls-and-errors.md §R7. */

/** Employee bands as offered (index 1-9 in the form, sent as A-I). */
export const BUSINESS_EMPLOYEES: Record<EmployeeBand, string> = {
  A: 'Just me',
  B: '2 to 5',
  C: '6 to 10',
  D: '11 to 25',
  E: '26 to 50',
  F: '51 to 100',
  G: '101 to 250',
  H: '251 to 500',
  I: 'More than 500',
};

/** Business categories, grouped (our list; the spec gives only the shape). */
export const BUSINESS_CATEGORIES: { group: string; categories: string[] }[] = [
  { group: 'Food and drink', categories: ['Cafe or restaurant', 'Pub or bar', 'Catering', 'Food shop'] },
  { group: 'Retail', categories: ['Clothing', 'Convenience store', 'Online shop', 'Other retail'] },
  {
    group: 'Services',
    categories: ['Hair and beauty', 'Cleaning', 'Childcare', 'Consulting', 'Other services'],
  },
  { group: 'Trades', categories: ['Building', 'Electrical', 'Plumbing', 'Gardening', 'Other trades'] },
  { group: 'Other', categories: ['Charity', 'Office-based business', 'Something else'] },
];

export const businessLookupResponseSchema = /* @__PURE__ */ (() =>
  z.object({
    businessEmployees: z.record(z.string(), z.string()),
    businessCategories: z.array(z.object({ group: z.string(), categories: z.array(z.string()) })),
  }))();

/** The business details form: band index 1-9 as chosen in the picker. */
export const businessDetailsFormSchema = /* @__PURE__ */ (() =>
  z.object({
    name: businessNameSchema,
    employeesIndex: z.coerce
      .number({ error: registrationMessages.employees })
      .int()
      .min(1, registrationMessages.employees)
      .max(9, registrationMessages.employees),
    category: categorySchema,
  }))();
