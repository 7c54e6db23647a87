import { z } from 'zod';
import { emailSchema } from './email.ts';
import { fullCardNumberSchema } from './card-number.ts';
import { PASSWORD_RULES_MAX_LENGTH } from './password.ts';
import { DELIVERY_METHODS, twoFaCodeSchema } from './sign-in.ts';

/**
 * Messages of the anonymous password reset (docs/product/calls-and-errors.md §S7.4, which shows no wording of
 * its own).
 */
export const passwordResetMessages = {
  requestSent:
    "If that email address belongs to an account, we've sent it a link to reset your password. The link lasts 1 hour.",
  /** resetWithId: the member gave a card number, and the link goes to the account's email address. */
  requestSentForCard:
    "If that card belongs to an account with an email address, we've sent a link to reset your password to it. The link lasts 1 hour.",
  linkInvalid: 'This link has expired or has already been used. Ask for a new one.',
  changed: 'Your password has been changed',
  /** A reset code asked for by a way (email or mobile) the account has no contact details of. */
  noContact: 'We have no contact details of that kind for this account.',
} as const;

/** How long a reset link works. */
export const RESET_LINK_LIFETIME_MS = 60 * 60_000;

/** POST /customer-management-api/credentials/password/reset. */
export const passwordResetRequestSchema = /* @__PURE__ */ (() => z.object({ email: emailSchema }))();

/** A reset link's token: a broken one gets the link's message. */
const resetLinkTokenSchema = /* @__PURE__ */ (() =>
  z
    .string({ error: passwordResetMessages.linkInvalid })
    .regex(/^[\w-]{20,100}$/, passwordResetMessages.linkInvalid))();

/** POST /customer-management-api/credentials/password (confirm reset). */
export const confirmPasswordResetSchema = /* @__PURE__ */ (() =>
  z.object({
    token: resetLinkTokenSchema,
    password: z.string().min(1).max(PASSWORD_RULES_MAX_LENGTH),
  }))();

/**
 * POST /customer-management-api/credentials/password/check-link: whether a reset link still works, asked when
 * its page opens so a used or expired link says so before the form. Reads only.
 */
export const resetLinkCheckSchema = /* @__PURE__ */ (() => z.object({ token: resetLinkTokenSchema }))();
export const resetLinkStatusSchema = /* @__PURE__ */ (() => z.object({ status: z.literal('VALID') }))();

export const descriptionSchema = /* @__PURE__ */ (() => z.object({ description: z.string() }))();

/** POST /customer-management-api/credentials/password/resetWithId and /2fa/get-delivery-options. */
export const collectorIdRequestSchema = /* @__PURE__ */ (() =>
  z.object({ collectorId: fullCardNumberSchema }))();

export const deliveryOptionsSchema = /* @__PURE__ */ (() =>
  z.object({
    id: z.string(),
    deliveryOptions: z.array(z.object({ deliveryMethod: z.enum(DELIVERY_METHODS), destination: z.string() })),
  }))();

/** POST /customer-management-api/2fa/send/{id}. */
export const sendCodeRequestSchema = /* @__PURE__ */ (() =>
  z.object({ deliveryMethod: z.enum(DELIVERY_METHODS) }))();

/** POST /customer-management-api/credentials/password/verify-2fa: a right code answers a reset token. */
export const verifyResetCodeSchema = /* @__PURE__ */ (() =>
  z.object({ collectorId: fullCardNumberSchema, code: twoFaCodeSchema }))();
export const resetTokenSchema = /* @__PURE__ */ (() => z.object({ token: z.string() }))();
