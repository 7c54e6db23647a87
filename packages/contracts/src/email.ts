import { z } from 'zod';

/**
 * docs/product/registration-and-sign-in.md §R5, 'Email': the same rule for the registration email step and
 * the temporary card.
 */
export const emailMessages = {
  empty: 'Please enter your email address',
  invalid: 'Please enter valid email',
} as const;

/** RFC 5321 caps a forward path at 256 octets, so an address longer than 254 characters cannot be delivered. */
export const EMAIL_MAX_LENGTH = 254;

/** An email address, trimmed, with the spec's two messages: empty first, then bad format. */
export const emailSchema = /* @__PURE__ */ (() =>
  z
    .string({ error: emailMessages.empty })
    .trim()
    .min(1, emailMessages.empty)
    .max(EMAIL_MAX_LENGTH, emailMessages.invalid)
    .pipe(z.email({ error: emailMessages.invalid })))();
