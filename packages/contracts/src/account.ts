import { z } from 'zod';
import { emailSchema } from './email.ts';
import { passwordInputSchema, twoFaCodeSchema, DELIVERY_METHODS } from './sign-in.ts';
import { profileSchema } from './profile.ts';
import { CARELINE_EVENT_TYPES, carelineEventLabels } from './staff-careline.ts';
import {
  addressSchema,
  firstNameSchema,
  lastNameSchema,
  mobileSchema,
  postcodeSchema,
  propertySchema,
  titleSchema,
  dateOfBirthSchema,
  type Address,
} from './registration.ts';

/**
 * Account management (docs/product/signed-in-pages.md §S2.3, §S5, §S6;
 * docs/product/calls-and-errors.md §S7.4, §S8): the payloads of the management API and the wording of the
 * account pages. The product pages give the calls and the password rules; the page wording they do not show
 * is ours (docs/decisions/012-account-management.md).
 */

/**
 * Header carrying the step-up code on a change of email, mobile or redemption lock
 * (docs/product/calls-and-errors.md §S7.4).
 */
export const TWO_FA_HEADER = 'x-2fa-code';
/** Header the redemption-status change carries (docs/product/calls-and-errors.md §S7.4). */
export const REQUESTOR_CHANNEL_HEADER = 'RequestorChannel';

export const accountMessages = {
  saved: 'Your changes have been saved.',
  nameSaved: 'Your name has been updated.',
  addressSaved: 'Your address has been updated.',
  mobileSaved: 'Your mobile number has been updated.',
  passwordChanged: 'Your password has been changed. You have been logged out everywhere else.',
  currentPasswordEmpty: 'Enter your current password',
  currentPasswordWrong: "That password isn't right. Check it and try again.",
  samePassword: 'Your new password must be different from your current one.',
  codeNeeded: 'For your security, confirm it is you with the code we send you first.',
  emailSame: 'That is already your email address.',
  emailTaken: 'That email address is already used by another account.',
  emailLinkSent: (email: string) =>
    `We've sent a link to ${email}. Open it within 24 hours to confirm your new email address.`,
  emailLinkInvalid: 'This link has expired or has already been used. Please ask for a new one.',
  /** A confirmation link opened again after it did its work: nothing is left to do. */
  emailAlreadyConfirmed: (maskedEmail: string) =>
    `This link has already been used: your email address is ${maskedEmail}. There's nothing more to do.`,
  emailConfirmed: 'Your email address has been updated.',
  mobileInvalid: 'Enter a valid mobile number',
  mobileCountry: 'We cannot use mobile numbers from that country.',
  addressNotFound: 'Select your address from the list',
  unsubscribeInvalid: 'This unsubscribe link is not valid. You can change your preferences in your account.',
  unsubscribed: "You've been unsubscribed. We won't send you marketing emails any more.",
  /** An unsubscribe link opened again, or after marketing email was turned off. */
  alreadyUnsubscribed: (maskedEmail: string) =>
    `You're already unsubscribed. We don't send marketing emails to ${maskedEmail}.`,
  closePasswordEmpty: 'Enter your password to close your account',
  closeConfirm: 'Tick the box to confirm you want to close your account',
  redemptionLocked: "You can't spend points with this account right now",
  missingNothing: 'We have everything we need. Thank you.',
  sessionSignedOut: 'That device has been logged out. It needs your password to log in again.',
  sessionNotFound: 'That device is no longer logged in.',
  sessionCurrent: 'This is the device you are using. To log out here, use Log out.',
  othersSignedOut: 'You have been logged out of every other device.',
  /** A member the server cannot find (closed, or never there) for a change to their points or claims. */
  accountNotFound: 'We could not find that account.',
  noContactForChoice: 'We have no contact details for that choice. Choose another.',
  unsubscribeEmailMismatch: 'That is not the email address this link was sent to.',
  dateOfBirthHeld: 'We already have your date of birth.',
  closed: 'Your account is closed.',
  stepUpCodeRight: 'Thanks, that code is right.',
  /** The developer tools' sample marketing email, for a member without an email address. */
  noEmail: 'This member has no email address.',
} as const;

/* ---------- customer (GET /customer/v2, GET /customer/refresh, PUT /customer) ---------- */

export const mobileSchemaOut = /* @__PURE__ */ (() =>
  z.object({
    countryCode: z.string(),
    phoneNumber: z.string(),
    /** The number with all but its last 3 digits hidden. */
    masked: z.string(),
  }))();

/** GET /customer-management-api/customer/v2: the profile plus what the account pages show. */
/**
 * GET /customer-management-api/customer/address/masked (docs/product/calls-and-errors.md §S7.4 "GET masked
 * address"; the path is not shown, ADR 037): the member's address as the account pages show it, enough to
 * recognise, like the masked mobile: each word keeps its first character, the postcode its outward code. null
 * when no address is held.
 */
export const maskedAddressSchema = /* @__PURE__ */ (() =>
  z.object({ maskedAddress: addressSchema.nullable() }))();

const maskWord = (word: string) => `${word.slice(0, 1)}${'*'.repeat(Math.max(0, word.length - 1))}`;

export const maskAddress = (address: Address): Address => ({
  lines: address.lines.map((line) => line.split(/\s+/).filter(Boolean).map(maskWord).join(' ')),
  postcode: `${address.postcode.trim().split(/\s+/)[0] ?? ''} ***`,
});

/** One line of an address as the account pages write it: its lines and its postcode, comma-separated. */
export const addressText = (address: Address) => [...address.lines, address.postcode].join(', ');

export const customerSchema = /* @__PURE__ */ (() =>
  profileSchema.extend({
    dateOfBirth: z.string().nullable(),
    mobile: mobileSchemaOut.nullable(),
    address: addressSchema.nullable(),
    /** A new email address waiting for its confirmation link, if any. */
    pendingEmail: z.string().nullable(),
  }))();
export type Customer = z.infer<typeof customerSchema>;

/** PUT /customer: the name (the fields of docs/product/signed-in-pages.md §S5 'Name'). */
export const updateNameSchema = /* @__PURE__ */ (() =>
  z.object({
    title: titleSchema,
    firstName: firstNameSchema,
    lastName: lastNameSchema,
  }))();
export type UpdateName = z.infer<typeof updateNameSchema>;

/** POST address lookup {building, postcode} (docs/product/calls-and-errors.md §S7.4 'Address'). */
export const addressLookupSchema = /* @__PURE__ */ (() =>
  z.object({ building: propertySchema, postcode: postcodeSchema }))();
export const addressLookupResponseSchema = /* @__PURE__ */ (() =>
  z.object({ addresses: z.array(addressSchema) }))();
/** PUT customer-address: an address the lookup gave. */
export const updateAddressSchema = /* @__PURE__ */ (() => z.object({ address: addressSchema }))();

/* ---------- step-up codes (POST /2fa/send, POST /2fa/verify) ---------- */

export const twoFaSendSchema = /* @__PURE__ */ (() =>
  z.object({ deliveryMethod: z.enum(DELIVERY_METHODS) }))();
export const twoFaSendResponseSchema = /* @__PURE__ */ (() =>
  z.object({
    deliveryMethod: z.enum(DELIVERY_METHODS),
    maskedDestination: z.string(),
    description: z.string(),
  }))();
export const twoFaVerifySchema = /* @__PURE__ */ (() => z.object({ code: twoFaCodeSchema }))();
export const twoFaOptionsSchema = /* @__PURE__ */ (() =>
  z.object({
    options: z.array(z.object({ deliveryMethod: z.enum(DELIVERY_METHODS), maskedDestination: z.string() })),
  }))();

/* ---------- email and mobile ---------- */

export const updateEmailSchema = /* @__PURE__ */ (() => z.object({ email: emailSchema }))();
/** An emailed link's token: a broken one gets the link's own message, never the generic one. */
export const emailTokenSchema = /* @__PURE__ */ (() =>
  z.object({
    token: z
      .string({ error: accountMessages.emailLinkInvalid })
      .min(20, accountMessages.emailLinkInvalid)
      .max(200, accountMessages.emailLinkInvalid),
  }))();
/**
 * PUT /customer/v3/email {token[, newPassword]} (docs/product/calls-and-errors.md §S7.4): the link, and a new
 * password with it.
 */
export const emailTokenWithPasswordSchema = /* @__PURE__ */ (() =>
  emailTokenSchema.extend({
    newPassword: z.string().min(1).max(200).optional(),
  }))();
/**
 * An answer that only says what was done: { description } (the account's changes,
 * docs/product/calls-and-errors.md §S7.4).
 */
export const descriptionResponseSchema = /* @__PURE__ */ (() => z.object({ description: z.string() }))();
export const emailConfirmedSchema = /* @__PURE__ */ (() =>
  z.object({ email: z.string(), description: z.string() }))();
export const updateMobileSchema = /* @__PURE__ */ (() =>
  z.object({
    phone: z.object({ phoneNumber: mobileSchema, countryCode: z.string().regex(/^[A-Z]{2}$/) }),
  }))();

/* ---------- password ---------- */

export const changePasswordSchema = /* @__PURE__ */ (() =>
  z.object({
    currentPassword: passwordInputSchema,
    newPassword: z.string().min(1).max(200),
  }))();

/* ---------- contact preferences ---------- */

/**
 * GET/PUT /contact-preferences/nectar (docs/product/registration-and-sign-in.md §R3
 * nectarContactPreferences).
 */
export const nectarPreferencesSchema = /* @__PURE__ */ (() =>
  z.object({
    contactByEmail: z.boolean(),
    contactBySMS: z.boolean(),
    contactByPost: z.boolean(),
    contactByPhone: z.boolean(),
  }))();
export type NectarPreferences = z.infer<typeof nectarPreferencesSchema>;

/**
 * The online-advertising channel of GET /contact-preferences/cpm?channel=ONLINEAD
 * (docs/product/calls-and-errors.md §S7.4).
 */
export const CPM_CHANNELS = ['ONLINEAD'] as const;
export const cpmPreferencesSchema = /* @__PURE__ */ (() =>
  z.object({
    contactPreferences: z.array(z.object({ channel: z.enum(CPM_CHANNELS), consent: z.boolean() })).max(5),
  }))();
export type CpmPreferences = z.infer<typeof cpmPreferencesSchema>;

const unsubscribeTokenSchema = /* @__PURE__ */ (() =>
  z
    .string({ error: accountMessages.unsubscribeInvalid })
    .min(20, accountMessages.unsubscribeInvalid)
    .max(300, accountMessages.unsubscribeInvalid))();
export const unsubscribeRequestSchema = /* @__PURE__ */ (() => z.object({ token: unsubscribeTokenSchema }))();
/**
 * The link was sent to this address, so its holder may see it: the page unsubscribes it in one click, or says
 * marketing email is already off (`subscribed: false`).
 */
export const unsubscribeRequestResponseSchema = /* @__PURE__ */ (() =>
  z.object({
    email: z.string(),
    maskedEmail: z.string(),
    subscribed: z.boolean(),
  }))();
export const unsubscribeUpdateSchema = /* @__PURE__ */ (() =>
  z.object({ email: emailSchema, token: unsubscribeTokenSchema }))();

/* ---------- redemption lock ---------- */

export const REDEMPTION_STATUSES = ['LOCKED', 'UNLOCKED'] as const;
export const redemptionStatusSchema = /* @__PURE__ */ (() =>
  z.object({ status: z.enum(REDEMPTION_STATUSES) }))();
export type RedemptionStatus = z.infer<typeof redemptionStatusSchema>;

/* ---------- close account ---------- */

export const closeAccountSchema = /* @__PURE__ */ (() =>
  z.object({
    password: z
      .string({ error: accountMessages.closePasswordEmpty })
      .min(1, accountMessages.closePasswordEmpty)
      .max(200),
    confirm: z.literal(true, { error: accountMessages.closeConfirm }),
  }))();

/* ---------- additional details, collector hash ---------- */

export const MISSING_FIELDS = ['dateOfBirth', 'mobile', 'address'] as const;
export const missingInformationSchema = /* @__PURE__ */ (() =>
  z.object({ missing: z.array(z.enum(MISSING_FIELDS)) }))();
export const missingInformationUpdateSchema = (today?: () => Date) =>
  z.object({ dateOfBirth: dateOfBirthSchema(today) });
export const collectorHashQuerySchema = /* @__PURE__ */ (() =>
  z.object({
    org: z
      .string()
      .regex(/^[a-z0-9-]{1,40}$/i)
      .optional(),
  }))();
export const collectorHashSchema = /* @__PURE__ */ (() => z.object({ hashID: z.string() }))();

/* ---------- security page ---------- */

export const accountSessionSchema = /* @__PURE__ */ (() =>
  z.object({
    id: z.string(),
    current: z.boolean(),
    createdAt: z.string(),
    lastSeenAt: z.string(),
    device: z.string(),
  }))();
export const accountSessionsSchema = /* @__PURE__ */ (() =>
  z.object({ sessions: z.array(accountSessionSchema) }))();
export type AccountSession = z.infer<typeof accountSessionSchema>;

export const ACCOUNT_EVENT_TYPES = [
  'sign-in',
  'name-changed',
  'address-changed',
  'email-change-requested',
  'email-changed',
  'mobile-changed',
  'password-changed',
  'contact-preferences-changed',
  'advertising-preference-changed',
  'unsubscribed',
  'redemption-lock-changed',
  'signed-out-elsewhere',
  'signed-out-device',
  'details-added',
  'account-closed',
  'passkey-added',
  'passkey-renamed',
  'passkey-removed',
  'passkey-used',
  'passkey-refused',
  ...CARELINE_EVENT_TYPES,
] as const;
export type AccountEventType = (typeof ACCOUNT_EVENT_TYPES)[number];

/** How the security page names each event. */
export const accountEventLabels: Record<AccountEventType, string> = {
  'sign-in': 'Logged in',
  'name-changed': 'Name changed',
  'address-changed': 'Address changed',
  'email-change-requested': 'Email change requested',
  'email-changed': 'Email address changed',
  'mobile-changed': 'Mobile number changed',
  'password-changed': 'Password changed',
  'contact-preferences-changed': 'Contact preferences changed',
  'advertising-preference-changed': 'Advertising preference changed',
  unsubscribed: 'Unsubscribed from marketing emails',
  'redemption-lock-changed': 'Redemption lock changed',
  'signed-out-elsewhere': 'Logged out of other devices',
  'signed-out-device': 'Logged out a device',
  'details-added': 'Details added',
  'account-closed': 'Account closed',
  'passkey-added': 'Passkey added',
  'passkey-renamed': 'Passkey renamed',
  'passkey-removed': 'Passkey removed',
  'passkey-used': 'Passkey used to log in',
  'passkey-refused': 'Passkey log in refused',
  ...carelineEventLabels,
};

export const accountEventSchema = /* @__PURE__ */ (() =>
  z.object({
    id: z.string(),
    type: z.enum(ACCOUNT_EVENT_TYPES),
    createdAt: z.string(),
    device: z.string().nullable(),
    detail: z.string().nullable(),
  }))();
export const accountEventsSchema = /* @__PURE__ */ (() =>
  z.object({ events: z.array(accountEventSchema) }))();
export type AccountEvent = z.infer<typeof accountEventSchema>;

/**
 * A short, readable device name from a user-agent string ("Chrome on Android"): the one name of a device on
 * the security page, for its sessions and its activity alike.
 */
export function describeDevice(userAgent: string | null | undefined): string {
  if (!userAgent) return 'Unknown device';
  // iOS browsers name themselves CriOS, FxiOS and EdgiOS beside Safari's own token.
  const browser = /Edg(A|iOS)?\//.test(userAgent)
    ? 'Edge'
    : /(Firefox|FxiOS)\//.test(userAgent)
      ? 'Firefox'
      : /(Chrome|CriOS)\//.test(userAgent)
        ? 'Chrome'
        : /Safari\//.test(userAgent)
          ? 'Safari'
          : 'A browser';
  const os = /Android/.test(userAgent)
    ? 'Android'
    : /iPhone|iPad/.test(userAgent)
      ? 'iOS'
      : /Windows/.test(userAgent)
        ? 'Windows'
        : /Mac OS X/.test(userAgent)
          ? 'macOS'
          : /Linux/.test(userAgent)
            ? 'Linux'
            : undefined;
  return os ? `${browser} on ${os}` : browser;
}
