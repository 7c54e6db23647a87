import { z } from 'zod';

/**
 * Passkeys (docs/decisions/029-passkeys.md): a member adds them on the security page after a step-up code,
 * and signs in with one on the card-number page, inside the identity provider's login interaction. The shapes
 * are WebAuthn's JSON forms (the W3C's PublicKeyCredential JSON, as @simplewebauthn reads and writes them);
 * the wording is ours, in the voice of the sign-in and account pages.
 */

// The plain values live apart, so the sign-in page loads no zod for them (ADR 040).
export * from './passkeys-constants.ts';
import { PASSKEY_NAME_MAX_LENGTH, passkeyMessages } from './passkeys-constants.ts';

const base64url = (max: number) =>
  z
    .string()
    .max(max)
    .regex(/^[A-Za-z0-9_-]*$/);

const TRANSPORTS = ['ble', 'cable', 'hybrid', 'internal', 'nfc', 'smart-card', 'usb'] as const;
const transportsSchema = /* @__PURE__ */ (() => z.array(z.enum(TRANSPORTS)).max(TRANSPORTS.length))();

/** What the browser's ceremony answers, sent on as it came. Sizes leave room for any real authenticator. */
const credentialBase = {
  id: base64url(1400).min(16),
  rawId: base64url(1400).min(16),
  type: z.literal('public-key'),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
  clientExtensionResults: z.record(z.string(), z.unknown()),
};

/** navigator.credentials.create()'s answer (RegistrationResponseJSON). */
export const registrationResponseSchema = /* @__PURE__ */ (() =>
  z.object({
    ...credentialBase,
    response: z.object({
      clientDataJSON: base64url(4096).min(1),
      attestationObject: base64url(32_768).min(1),
      authenticatorData: base64url(8192).optional(),
      transports: transportsSchema.optional(),
      publicKeyAlgorithm: z.number().int().optional(),
      publicKey: base64url(4096).optional(),
    }),
  }))();
export type RegistrationResponse = z.infer<typeof registrationResponseSchema>;

/** navigator.credentials.get()'s answer (AuthenticationResponseJSON). */
export const authenticationResponseSchema = /* @__PURE__ */ (() =>
  z.object({
    ...credentialBase,
    response: z.object({
      clientDataJSON: base64url(4096).min(1),
      authenticatorData: base64url(8192).min(1),
      signature: base64url(2048).min(1),
      userHandle: base64url(128).optional(),
    }),
  }))();
export type AuthenticationResponse = z.infer<typeof authenticationResponseSchema>;

const descriptorSchema = /* @__PURE__ */ (() =>
  z.object({
    id: z.string(),
    type: z.literal('public-key'),
    transports: z.array(z.string()).optional(),
  }))();

/** POST registration-options: PublicKeyCredentialCreationOptionsJSON. */
export const creationOptionsSchema = /* @__PURE__ */ (() =>
  z.object({
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
  }))();
export type CreationOptions = z.infer<typeof creationOptionsSchema>;

/** POST sign-in options: PublicKeyCredentialRequestOptionsJSON (no allow list: the passkey names the member). */
export const requestOptionsSchema = /* @__PURE__ */ (() =>
  z.object({
    challenge: z.string(),
    timeout: z.number().optional(),
    rpId: z.string().optional(),
    allowCredentials: z.array(descriptorSchema).optional(),
    userVerification: z.enum(['discouraged', 'preferred', 'required']).optional(),
  }))();
export type RequestOptions = z.infer<typeof requestOptionsSchema>;

/** The identity provider's login interaction the passkey sign-in finishes (the card-number page's `uid`). */
const interactionSchema = /* @__PURE__ */ (() => z.string().regex(/^[\w-]{10,64}$/))();

export const passkeySignInOptionsRequestSchema = /* @__PURE__ */ (() =>
  z.object({ interaction: interactionSchema }))();
export const passkeySignInRequestSchema = /* @__PURE__ */ (() =>
  z.object({
    interaction: interactionSchema,
    response: authenticationResponseSchema,
  }))();

export const passkeyNameSchema = /* @__PURE__ */ (() =>
  z
    .string({ error: passkeyMessages.nameEmpty })
    .trim()
    .min(1, passkeyMessages.nameEmpty)
    .max(PASSKEY_NAME_MAX_LENGTH, passkeyMessages.nameTooLong))();

export const addPasskeyRequestSchema = /* @__PURE__ */ (() =>
  z.object({ response: registrationResponseSchema }))();
export const renamePasskeyRequestSchema = /* @__PURE__ */ (() => z.object({ name: passkeyNameSchema }))();

/** One passkey as the security page lists it. */
export const passkeySchema = /* @__PURE__ */ (() =>
  z.object({
    id: z.uuid(),
    name: z.string(),
    /** The device it was added on, in words ("Chrome on Android"). */
    device: z.string(),
    /** Whether it is synced to the member's other devices by their password manager. */
    synced: z.boolean(),
    createdAt: z.string(),
    lastUsedAt: z.string().nullable(),
  }))();
export type Passkey = z.infer<typeof passkeySchema>;
export const passkeysSchema = /* @__PURE__ */ (() => z.object({ passkeys: z.array(passkeySchema) }))();
export const passkeyAddedSchema = /* @__PURE__ */ (() =>
  z.object({ passkey: passkeySchema, description: z.string() }))();
export const passkeyChangedSchema = /* @__PURE__ */ (() => z.object({ description: z.string() }))();
