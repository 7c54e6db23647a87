import { z } from 'zod';
import type { ErrorCode } from './error-codes.ts';

/**
 * Passkeys (issue 33, docs/decisions/029): a member adds them on the security page after a step-up code, and
 * signs in with one on the card-number page, inside the identity provider's login interaction. The shapes
 * are WebAuthn's JSON forms (the W3C's PublicKeyCredential JSON, as @simplewebauthn reads and writes them);
 * the wording is ours, in the voice of the sign-in and account pages.
 */

/** The calls. The sign-in pair belongs to sign-in (session-api); the rest to the account (customer management). */
export const PASSKEY_PATHS = {
  signInOptions: '/session-api/session/passkey/options',
  signIn: '/session-api/session/passkey',
  list: '/customer-management-api/passkeys',
  registrationOptions: '/customer-management-api/passkeys/registration-options',
  one: (id: string) => `/customer-management-api/passkeys/${encodeURIComponent(id)}`,
} as const;

/** Error codes of the passkey calls (`{code, description}`, DESIGN.md 4). */
export const PASSKEY_ERROR_CODES = {
  /** The browser answered a challenge that is unknown, used or past its 5 minutes. */
  expired: 'PASSKEY_CHALLENGE_EXPIRED',
  /** No passkey of an active account has that credential id (never added, removed, or the account closed). */
  notRecognised: 'PASSKEY_NOT_RECOGNISED',
  /** The passkey is known but its answer did not verify (signature, origin, counter, user verification). */
  refused: 'PASSKEY_REFUSED',
  /** The security page's passkey is not (or no longer) the member's. */
  notFound: 'PASSKEY_NOT_FOUND',
  /** The browser already holds a passkey of this account (the authenticator refused a second one). */
  alreadyAdded: 'PASSKEY_ALREADY_ADDED',
  /** At most MAX_PASSKEYS per member. */
  tooMany: 'PASSKEY_LIMIT',
} as const satisfies Record<string, ErrorCode>;

/** Passkeys one member can hold: enough for every phone, laptop and key they own. */
export const MAX_PASSKEYS = 10;
export const PASSKEY_NAME_MAX_LENGTH = 40;

export const passkeyMessages = {
  signInButton: 'Log in with a passkey',
  /** The member closed the browser's passkey sheet, or it timed out. */
  cancelled: "You didn't finish logging in with your passkey. Try again, or enter your card number.",
  expired: 'Your passkey log in took too long. Please try again.',
  notRecognised:
    "We don't recognise that passkey. It may have been removed from your account. Log in with your card number and password instead.",
  refused:
    "We couldn't log you in with that passkey. Try again, or log in with your card number and password.",
  unsupported: "This browser can't use passkeys. Log in with your card number and password.",
  added: "Passkey added. Next time, choose 'Log in with a passkey' on the log in page.",
  addCancelled: "The passkey wasn't added. You can try again when you're ready.",
  addFailed: "We couldn't add a passkey on this device. Please try again.",
  addUnsupported:
    "This browser can't make passkeys. To add one, open this page in Chrome, Safari or Edge on your phone or computer.",
  alreadyAdded: 'This device already has a passkey for your account.',
  tooMany: `You can have up to ${MAX_PASSKEYS} passkeys. Remove one you no longer use, then try again.`,
  renamed: 'Passkey renamed.',
  removed: "Passkey removed. It can't be used to log in any more.",
  notFound: 'That passkey has already been removed.',
  nameEmpty: 'Enter a name for this passkey',
  nameTooLong: `Use ${PASSKEY_NAME_MAX_LENGTH} characters or fewer`,
} as const;

const base64url = (max: number) =>
  z
    .string()
    .max(max)
    .regex(/^[A-Za-z0-9_-]*$/);

const TRANSPORTS = ['ble', 'cable', 'hybrid', 'internal', 'nfc', 'smart-card', 'usb'] as const;
const transportsSchema = z.array(z.enum(TRANSPORTS)).max(TRANSPORTS.length);

/** What the browser's ceremony answers, sent on as it came. Sizes leave room for any real authenticator. */
const credentialBase = {
  id: base64url(1400).min(16),
  rawId: base64url(1400).min(16),
  type: z.literal('public-key'),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
  clientExtensionResults: z.record(z.string(), z.unknown()),
};

/** navigator.credentials.create()'s answer (RegistrationResponseJSON). */
export const registrationResponseSchema = z.object({
  ...credentialBase,
  response: z.object({
    clientDataJSON: base64url(4096).min(1),
    attestationObject: base64url(32_768).min(1),
    authenticatorData: base64url(8192).optional(),
    transports: transportsSchema.optional(),
    publicKeyAlgorithm: z.number().int().optional(),
    publicKey: base64url(4096).optional(),
  }),
});
export type RegistrationResponse = z.infer<typeof registrationResponseSchema>;

/** navigator.credentials.get()'s answer (AuthenticationResponseJSON). */
export const authenticationResponseSchema = z.object({
  ...credentialBase,
  response: z.object({
    clientDataJSON: base64url(4096).min(1),
    authenticatorData: base64url(8192).min(1),
    signature: base64url(2048).min(1),
    userHandle: base64url(128).optional(),
  }),
});
export type AuthenticationResponse = z.infer<typeof authenticationResponseSchema>;

const descriptorSchema = z.object({
  id: z.string(),
  type: z.literal('public-key'),
  transports: z.array(z.string()).optional(),
});

/** POST registration-options: PublicKeyCredentialCreationOptionsJSON. */
export const creationOptionsSchema = z.object({
  rp: z.object({ id: z.string().optional(), name: z.string() }),
  user: z.object({ id: z.string(), name: z.string(), displayName: z.string() }),
  challenge: z.string(),
  pubKeyCredParams: z.array(z.object({ alg: z.number(), type: z.literal('public-key') })),
  timeout: z.number().optional(),
  excludeCredentials: z.array(descriptorSchema).optional(),
  authenticatorSelection: z
    .object({
      authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
      requireResidentKey: z.boolean().optional(),
      residentKey: z.enum(['discouraged', 'preferred', 'required']).optional(),
      userVerification: z.enum(['discouraged', 'preferred', 'required']).optional(),
    })
    .optional(),
  hints: z.array(z.enum(['hybrid', 'security-key', 'client-device'])).optional(),
  attestation: z.enum(['none', 'indirect', 'direct', 'enterprise']).optional(),
  extensions: z.object({ credProps: z.boolean().optional() }).optional(),
});
export type CreationOptions = z.infer<typeof creationOptionsSchema>;

/** POST sign-in options: PublicKeyCredentialRequestOptionsJSON (no allow list: the passkey names the member). */
export const requestOptionsSchema = z.object({
  challenge: z.string(),
  timeout: z.number().optional(),
  rpId: z.string().optional(),
  allowCredentials: z.array(descriptorSchema).optional(),
  userVerification: z.enum(['discouraged', 'preferred', 'required']).optional(),
});
export type RequestOptions = z.infer<typeof requestOptionsSchema>;

/** The identity provider's login interaction the passkey sign-in finishes (the card-number page's `uid`). */
const interactionSchema = z.string().regex(/^[\w-]{10,64}$/);

export const passkeySignInOptionsRequestSchema = z.object({ interaction: interactionSchema });
export const passkeySignInRequestSchema = z.object({
  interaction: interactionSchema,
  response: authenticationResponseSchema,
});

export const passkeyNameSchema = z
  .string({ error: passkeyMessages.nameEmpty })
  .trim()
  .min(1, passkeyMessages.nameEmpty)
  .max(PASSKEY_NAME_MAX_LENGTH, passkeyMessages.nameTooLong);

export const addPasskeyRequestSchema = z.object({ response: registrationResponseSchema });
export const renamePasskeyRequestSchema = z.object({ name: passkeyNameSchema });

/** One passkey as the security page lists it. */
export const passkeySchema = z.object({
  id: z.uuid(),
  name: z.string(),
  /** The device it was added on, in words ("Chrome on Android"). */
  device: z.string(),
  /** Whether it is synced to the member's other devices by their password manager. */
  synced: z.boolean(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
});
export type Passkey = z.infer<typeof passkeySchema>;
export const passkeysSchema = z.object({ passkeys: z.array(passkeySchema) });
export const passkeyAddedSchema = z.object({ passkey: passkeySchema, description: z.string() });
export const passkeyChangedSchema = z.object({ description: z.string() });
