import { queryOptions } from '@tanstack/react-query';
import { BOT_CHECK_HEADER } from '@app/contracts/bot-check';
import { documentsPaths } from '@app/contracts/documents-paths';
import { brandsPaths } from '@app/contracts/brands-paths';
import type { BrandLookupItem } from '@app/contracts/brands';
import { progressivePaths } from '@app/contracts/progressive-paths';
import type {
  Address,
  AuthTokenResponse,
  addressFindResponseSchema,
  businessOffersRequestSchema,
  emailConfirmedResponseSchema,
  passwordValidationResponseSchema,
  readyResponseSchema,
  signUpStatusResponseSchema,
  autoLoginResponseSchema,
} from '@app/contracts/registration';
import { READY_MAX_ATTEMPTS } from '@app/contracts/registration-constants';
import { getBotCheckToken } from '../../shared/bot-check/get-bot-check-token.ts';
import { request, type AnswerOf } from '../../shared/http/client.ts';

/**
 * The /progressive identity calls of registration (docs/product/calls-and-errors.md §R7). A 401 here means an
 * expired registration, not a missing session, so the client's sign-in redirect is off.
 */
const post = <T>(path: string, body: unknown, headers: Record<string, string> = {}) =>
  request<T>(path, { method: 'POST', body, headers, redirectOnUnauthorized: false });

const botChecked = async (): Promise<Record<string, string>> => {
  const token = await getBotCheckToken();
  return token ? { [BOT_CHECK_HEADER]: `Bearer ${token}` } : {};
};

/**
 * The card check (docs/product/calls-and-errors.md §R7): with a bot-check token, through the bot-check API
 * with its bearer header; `pianoCheck` asks which login a registered card takes (DO_LOGIN_IDENTITY or
 * DO_LOGIN_NECTAR).
 */
export const cardCheck = async (cardNumber?: string) => {
  const botCheck = await botChecked();
  const path =
    BOT_CHECK_HEADER in botCheck ? progressivePaths.cardCheckBotChecked : progressivePaths.cardCheck;
  return post<AuthTokenResponse>(path, cardNumber ? { cardNumber } : {}, { ...botCheck, pianoCheck: 'true' });
};

export const emailCheck = async (body: {
  email: string;
  contactByEmail: boolean;
  authToken: string;
  registrationDone?: string;
}) => post<AuthTokenResponse>(progressivePaths.emailCheck, body, await botChecked());

export const resendEmail = (authToken: string) => post(progressivePaths.emailCheckResend, { authToken });

/**
 * The emailed link: in the registration's own tab (email-check answered DO_IDENTITY_EMAIL_CONFIRM) it is
 * confirmed with the authToken as identity-email-check-confirm; in a new tab, with the link's token alone.
 */
export const emailCheckConfirm = (verificationToken: string, authToken?: string) =>
  authToken
    ? post<AnswerOf<typeof emailConfirmedResponseSchema>>(progressivePaths.identityEmailCheckConfirm, {
        authToken,
        identitySessionToken: verificationToken,
      })
    : post<AnswerOf<typeof emailConfirmedResponseSchema>>(progressivePaths.emailCheckConfirm, {
        verificationToken,
      });

export const chooseAccount = (authToken: string, accountKind: 'consumer' | 'business') =>
  post<AuthTokenResponse>(progressivePaths.accountChoice, { authToken, accountKind });

export const verifyAnalogueNectar = (body: {
  authToken: string;
  collectorId: string;
  lastName: string;
  dateOfBirth: string;
}) => post<AuthTokenResponse>(progressivePaths.verifyAnalogueNectar, body);

export const submitCustomerDetails = (body: {
  authToken: string;
  title: string;
  firstName: string;
  lastName: string;
  dateOfBirth: string;
}) => post<AuthTokenResponse>(progressivePaths.customerDetails, body);

export const findAddresses = async (postcode: string, property: string) =>
  post<AnswerOf<typeof addressFindResponseSchema>>(
    progressivePaths.addressFind,
    { postcode, property },
    await botChecked(),
  );

export const chooseAddress = (authToken: string, address: Address) =>
  post<AuthTokenResponse>(progressivePaths.address, { authToken, address });

export const phoneCheck = (body: {
  authToken: string;
  countryCode: string;
  phoneNumber: string;
  memorableName: string;
  nectarContactPreferences: { contactBySMS: boolean };
}) => post<AuthTokenResponse>(progressivePaths.phoneCheck, body);

export const passwordValidation = (body: {
  authToken: string;
  firstName: string;
  lastName: string;
  password: string;
}) => post<AnswerOf<typeof passwordValidationResponseSchema>>(progressivePaths.passwordValidation, body);

export const confirmRegistration = (authToken: string, onlineAdvertisingConsent: boolean) =>
  post<AuthTokenResponse>(progressivePaths.confirmRegistration, {
    authToken,
    onlineAdvertisingConsent,
    termsAccepted: true,
  });

export const getSignUpStatus = (authToken: string) =>
  post<AnswerOf<typeof signUpStatusResponseSchema>>(progressivePaths.signUpStatus, { authToken });

export const checkReady = (authToken: string) =>
  post<AnswerOf<typeof readyResponseSchema>>(progressivePaths.ready, { authToken });

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
  post<AnswerOf<typeof autoLoginResponseSchema>>(progressivePaths.autoLogin, { registrationCompletedToken });

export const submitBusinessDetails = (body: {
  authToken: string;
  name: string;
  employees: string;
  category: string;
}) => post<AuthTokenResponse>(progressivePaths.businessDetails, body);

/** Needs the session the auto-login started. */
export const setBusinessOffers = (businessOffersOptIn: boolean) =>
  request<AnswerOf<typeof businessOffersRequestSchema>>(progressivePaths.businessOffers, {
    method: 'POST',
    body: { businessOffersOptIn },
  });

/**
 * GET /documents-api/registration/businessOffersPage.json (docs/product/calls-and-errors.md §R7): the
 * business offers step reads its description.
 */
export const businessOffersPageQuery = queryOptions({
  queryKey: ['documents', 'registration/businessOffersPage'],
  queryFn: () => request<{ description: string }>(documentsPaths.businessOffersPage),
  staleTime: 10 * 60_000,
  retry: false,
});

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
    request<{ brands: BrandLookupItem[] }>(brandsPaths.anonymousBrands(FIRST_BRAND_KEYS), {
      redirectOnUnauthorized: false,
    }),
  staleTime: 10 * 60_000,
});
