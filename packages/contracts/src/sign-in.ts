import { z } from 'zod';
import { fullCardNumberSchema } from './card-number.ts';

// Paths, the web client and `safeNext` have no zod: pages that only need them do not load it.
export * from './sign-in-paths.ts';
import { DEVICE_2FA_ERROR_CODE } from './sign-in-paths.ts';

export const signInMessages = {
  passwordEmpty: 'Enter your password',
  /** One answer for an unknown card and a wrong password (docs/security.md "Baseline"). */
  invalidCredentials:
    "Those details don't match our records. Check your card number and password and try again.",
  lockedOut: (minutes: number) =>
    `For your security, your account is locked for ${minutes} minute${minutes === 1 ? '' : 's'} after too many wrong passwords. Try again later, or reset your password to get back in now.`,
  signInExpired: 'Your log in took too long. Please start again.',
  signInFailed: "We couldn't log you in. Please try again.",
  /** A call that needs a session, made without one (or with one that has ended). */
  logInToContinue: 'Please log in to continue.',
  /** A session without the identity provider, for a call that spends, moves points or changes credentials. */
  logInAgain: 'Please log in again to continue.',
  /** The same answer for any address, so it tells nobody which addresses have an account. */
  emailCodeSent: 'If that email address belongs to an account, we have sent it a 6-digit code.',
} as const;

/** Longest password accepted anywhere (docs/security.md "Baseline": up to 64 characters). */
export const PASSWORD_MAX_LENGTH = 64;

export const passwordInputSchema = /* @__PURE__ */ (() =>
  z
    .string({ error: signInMessages.passwordEmpty })
    .min(1, signInMessages.passwordEmpty)
    .max(PASSWORD_MAX_LENGTH, `Your password must not be over ${PASSWORD_MAX_LENGTH} characters`))();

/**
 * POST /recaptcha/collector/sessions (docs/product/calls-and-errors.md §S7.3), plus the identity interaction
 * it completes.
 */
export const collectorSessionRequestSchema = /* @__PURE__ */ (() =>
  z.object({
    collectorId: fullCardNumberSchema,
    password: passwordInputSchema,
    /** The identity provider's interaction id from the sign-in page's address; absent for a plain session. */
    interaction: z
      .string()
      .regex(/^[\w-]{10,64}$/)
      .optional(),
    /** Remember-me: keep the card number in a cookie (spec 'Make it easier to log in'). */
    rememberMe: z.boolean().optional(),
  }))();
export type CollectorSessionRequest = z.infer<typeof collectorSessionRequestSchema>;

/** POST /recaptcha/collector/sessions/remember: the card number comes from the remember-me cookie. */
export const rememberedSessionRequestSchema = collectorSessionRequestSchema
  .omit({ collectorId: true })
  .extend({ rememberMe: z.boolean().optional() });

/** Answer of a collector session call: where the browser continues (also in the Location header). */
export const collectorSessionResponseSchema = /* @__PURE__ */ (() => z.object({ location: z.string() }))();

/** GET /nectar-session-api/remember. */
export const rememberedCardSchema = /* @__PURE__ */ (() => z.object({ cardNumber: z.string().nullable() }))();

/** POST /session-api/session/sessions/oauth (docs/product/calls-and-errors.md §S7.3). */
export const oauthSessionRequestSchema = /* @__PURE__ */ (() =>
  z.object({
    code: z.string().min(1).max(512),
    verificationCode: z
      .string()
      .min(43)
      .max(128)
      .regex(/^[A-Za-z0-9._~-]+$/),
    redirectUri: z.string().url(),
  }))();
export type OauthSessionRequest = z.infer<typeof oauthSessionRequestSchema>;

export const oauthSessionResponseSchema = /* @__PURE__ */ (() =>
  z.object({
    /** The session-created date the browser stores (docs/product/signed-in-pages.md §S4). */
    sessionCreatedAt: z.string(),
    firstName: z.string().nullable(),
  }))();
export type OauthSessionResponse = z.infer<typeof oauthSessionResponseSchema>;

/**
 * Server logout answers the id token for the identity logout (docs/product/registration-and-sign-in.md §R3:
 * logout {oidcToken}).
 */
export const logoutResponseSchema = /* @__PURE__ */ (() => z.object({ oidcToken: z.string().nullable() }))();
export type LogoutResponse = z.infer<typeof logoutResponseSchema>;

/**
 * One-time code messages (device 2FA, password-reset 2FA); docs/product/calls-and-errors.md §S8 names them
 * without wording.
 */
export const twoFactorMessages = {
  codeSent: (destination: string) => `We've sent a 6-digit code to ${destination}. It lasts 10 minutes.`,
  empty: 'Enter the code we sent you',
  format: 'Enter the 6-digit code we sent you',
  incorrect: "That code isn't right. Check it and try again.",
  expired: 'That code has expired. Ask for a new one.',
  maxAttempts: 'Too many wrong codes. Ask for a new one.',
  resendLimit: "You've asked for too many codes. Please try again later.",
  /** The code page of a sign-in that finished, expired or never was. */
  linkInvalid: 'This link has expired or has already been used. Log in again to get a new code.',
  /** An account with neither an email address nor a mobile number to send a code to. */
  noContact: 'We have no email address or mobile number to send a code to.',
} as const;

export const DELIVERY_METHODS = ['email', 'sms'] as const;
export type DeliveryMethod = (typeof DELIVERY_METHODS)[number];

export const twoFaCodeSchema = /* @__PURE__ */ (() =>
  z
    .string({ error: twoFactorMessages.empty })
    .trim()
    .min(1, twoFactorMessages.empty)
    .regex(/^\d{6}$/, twoFactorMessages.format))();

/**
 * The pending sign-in handle of device 2FA (docs/product/calls-and-errors.md §S7.3 calls it
 * encryptedSessionJwt); opaque to the browser.
 */
export const encryptedSessionJwtSchema = /* @__PURE__ */ (() =>
  z
    .string({ error: twoFactorMessages.linkInvalid })
    .regex(/^[\w-]{20,100}$/, twoFactorMessages.linkInvalid))();

/**
 * The 403 answer of the code exchange when device 2FA is needed (error code 141,
 * docs/product/calls-and-errors.md §R8, §S8).
 */
export const device2faChallengeSchema = /* @__PURE__ */ (() =>
  z.object({
    code: z.literal(DEVICE_2FA_ERROR_CODE),
    description: z.string(),
    encryptedSessionJwt: z.string(),
    deliveryMethod: z.enum(DELIVERY_METHODS),
    maskedDestination: z.string(),
  }))();
export type Device2faChallenge = z.infer<typeof device2faChallengeSchema>;

export const twoFaValidateRequestSchema = /* @__PURE__ */ (() =>
  z.object({
    twoFaCode: twoFaCodeSchema,
    encryptedSessionJwt: encryptedSessionJwtSchema,
  }))();

/** Answer of POST /session-api/session/sessions/oauth/2fa-check: where the code of a pending sign-in went. */
export const device2faCheckResponseSchema = /* @__PURE__ */ (() =>
  z.object({
    deliveryMethod: z.enum(DELIVERY_METHODS),
    maskedDestination: z.string(),
  }))();

/**
 * Answer of POST /session-api/session/sessions/oauth/2fa-validate: where the identity provider's login goes
 * on (asked at the password step), or the started session (asked at the code exchange).
 */
export const device2faValidateResponseSchema = /* @__PURE__ */ (() =>
  z.union([collectorSessionResponseSchema, oauthSessionResponseSchema]))();

/** Answer of POST /session-api/session/sessions/oauth/2fa-resend: the 'code sent' line. */
export const device2faResentSchema = /* @__PURE__ */ (() => z.object({ description: z.string() }))();
