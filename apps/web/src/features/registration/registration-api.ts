import { queryOptions } from '@tanstack/react-query';
import { brandsPaths } from '@app/contracts/brands-paths';
import { brandLookupResponseSchema } from '@app/contracts/brands';
import { progressivePaths } from '@app/contracts/progressive-paths';
import {
  addressFindResponseSchema,
  authTokenResponseSchema,
  autoLoginResponseSchema,
  emailConfirmedResponseSchema,
  readyResponseSchema,
  signUpStatusResponseSchema,
  type Address,
} from '@app/contracts/registration';
import { READY_MAX_ATTEMPTS } from '@app/contracts/registration-constants';
import { request, type ResponseSchema } from '../../shared/http/client.ts';
// The card check (card-check-api.ts), the password check (password-validation-api.ts) and the business offers
// step (business-offers-api.ts) live apart: their pages draw without zod (ADR 048).
import { botChecked } from './card-check-api.ts';

/**
 * The /progressive identity calls of registration (docs/product/calls-and-errors.md §R7), each answer parsed
 * with its contract schema; an answer no caller reads is not. A 401 here means an expired registration, not a
 * missing session, so the client's sign-in redirect is off.
 */
const post = <T = void>(
  path: string,
  body: unknown,
  { schema, headers = {} }: { schema?: ResponseSchema<T>; headers?: Record<string, string> } = {},
) => request<T>(path, { method: 'POST', body, headers, schema, redirectOnUnauthorized: false });

export const emailCheck = async (body: {
  email: string;
  contactByEmail: boolean;
  authToken: string;
  registrationDone?: string;
}) =>
  post(progressivePaths.emailCheck, body, { schema: authTokenResponseSchema, headers: await botChecked() });

/** Its answer ({status: 'EMAIL_SENT'}) is not read: the page says the email went. */
export const resendEmail = (authToken: string) => post(progressivePaths.emailCheckResend, { authToken });

/**
 * The emailed link: in the registration's own tab (email-check answered DO_IDENTITY_EMAIL_CONFIRM) it is
 * confirmed with the authToken as identity-email-check-confirm; in a new tab, with the link's token alone.
 */
export const emailCheckConfirm = (verificationToken: string, authToken?: string) =>
  authToken
    ? post(
        progressivePaths.identityEmailCheckConfirm,
        { authToken, identitySessionToken: verificationToken },
        { schema: emailConfirmedResponseSchema },
      )
    : post(
        progressivePaths.emailCheckConfirm,
        { verificationToken },
        { schema: emailConfirmedResponseSchema },
      );

export const chooseAccount = (authToken: string, accountKind: 'consumer' | 'business') =>
  post(progressivePaths.accountChoice, { authToken, accountKind }, { schema: authTokenResponseSchema });

export const verifyAnalogueNectar = (body: {
  authToken: string;
  collectorId: string;
  lastName: string;
  dateOfBirth: string;
}) => post(progressivePaths.verifyAnalogueNectar, body, { schema: authTokenResponseSchema });

export const submitCustomerDetails = (body: {
  authToken: string;
  title: string;
  firstName: string;
  lastName: string;
  dateOfBirth: string;
}) => post(progressivePaths.customerDetails, body, { schema: authTokenResponseSchema });

export const findAddresses = async (postcode: string, property: string) =>
  post(
    progressivePaths.addressFind,
    { postcode, property },
    { schema: addressFindResponseSchema, headers: await botChecked() },
  );

export const chooseAddress = (authToken: string, address: Address) =>
  post(progressivePaths.address, { authToken, address }, { schema: authTokenResponseSchema });

export const phoneCheck = (body: {
  authToken: string;
  countryCode: string;
  phoneNumber: string;
  memorableName: string;
  nectarContactPreferences: { contactBySMS: boolean };
}) => post(progressivePaths.phoneCheck, body, { schema: authTokenResponseSchema });

export const confirmRegistration = (authToken: string, onlineAdvertisingConsent: boolean) =>
  post(
    progressivePaths.confirmRegistration,
    { authToken, onlineAdvertisingConsent, termsAccepted: true },
    { schema: authTokenResponseSchema },
  );

export const getSignUpStatus = (authToken: string) =>
  post(progressivePaths.signUpStatus, { authToken }, { schema: signUpStatusResponseSchema });

export const checkReady = (authToken: string) =>
  post(progressivePaths.ready, { authToken }, { schema: readyResponseSchema });

/**
 * The readiness check of docs/product/registration-and-sign-in.md §R4: asks up to READY_MAX_ATTEMPTS times, a
 * second apart, whether the new account can sign in. A failed call counts as not ready.
 */
export async function waitUntilReady(authToken: string, pauseMs = 1000): Promise<boolean> {
  for (let attempt = 1; attempt <= READY_MAX_ATTEMPTS; attempt += 1) {
    const { ready } = await checkReady(authToken).catch(() => ({ ready: false }));
    if (ready) return true;
    if (attempt < READY_MAX_ATTEMPTS) await new Promise((resolve) => setTimeout(resolve, pauseMs));
  }
  return false;
}

export const autoLogin = (registrationCompletedToken: string) =>
  post(progressivePaths.autoLogin, { registrationCompletedToken }, { schema: autoLoginResponseSchema });

export const submitBusinessDetails = (body: {
  authToken: string;
  name: string;
  employees: string;
  category: string;
}) => post(progressivePaths.businessDetails, body, { schema: authTokenResponseSchema });

/**
 * The success page's brand logos (docs/product/registration-and-sign-in.md §R2) from the anonymous brands
 * lookup (docs/product/calls-and-errors.md §R7): where a new card collects first, the scheme's own partners,
 * as keys of the brand catalogue.
 */
export const FIRST_BRAND_KEYS = [
  'sainsburys',
  'argos',
  'esso',
  'british-airways-avios',
  'hotels-com',
] as const;

export const firstBrandsQuery = queryOptions({
  queryKey: ['anonymous-brands', ...FIRST_BRAND_KEYS],
  queryFn: () =>
    request(brandsPaths.anonymousBrands(FIRST_BRAND_KEYS), {
      schema: brandLookupResponseSchema,
      redirectOnUnauthorized: false,
    }),
  staleTime: 10 * 60_000,
});
