import { z } from 'zod';
import { brand } from './brand.ts';
import { CARD_TYPES, REPLACEMENT_TYPES } from './card.ts';

/**
 * The careline's actions on a member (docs/staff-console.md "Putting things right"): each one takes the
 * reason the member of staff gives, which the audit trail keeps; the least role for each is in STAFF_ACTIONS.
 * Every action a member would notice also tells them (an email) and shows in their security log.
 */

/** Why the member of staff is acting: recorded in the audit trail, never shown to the member. */
const reasonSchema = /* @__PURE__ */ (() => z.string().trim().min(3).max(200))();

/**
 * POST /staff-api/members/{id}/cards/{number}/block and …/unblock, and …/sign-in-lockout/clear,
 * …/sessions/end, …/spending-lock/off, …/close.
 */
export const careActionSchema = /* @__PURE__ */ (() => z.object({ reason: reasonSchema }))();
export type CareAction = z.infer<typeof careActionSchema>;

/** POST /staff-api/members/{id}/cards/{number}/replace: a new card of the same account; the balance stays. */
export const replaceCardRequestSchema = /* @__PURE__ */ (() =>
  z.object({
    reason: reasonSchema,
    replacementType: z.enum(REPLACEMENT_TYPES),
    cardType: z.enum(CARD_TYPES).default('CARD'),
  }))();

/** Links the careline can send again. */
export const RESENDABLE_LINKS = ['email-verification', 'password-reset'] as const;
export type ResendableLink = (typeof RESENDABLE_LINKS)[number];

/** POST /staff-api/members/{id}/links: sends a verification or reset link to the member's own address. */
export const resendLinkRequestSchema = /* @__PURE__ */ (() =>
  z.object({ link: z.enum(RESENDABLE_LINKS), reason: reasonSchema }))();

/** POST /staff-api/members/{id}/email: the new address must verify before the member signs in with it. */
export const changeEmailRequestSchema = /* @__PURE__ */ (() =>
  z.object({ email: z.email().trim().toLowerCase().max(254), reason: reasonSchema }))();

/** What every careline action answers: what was done, in words for the console's notice. */
export const careActionAnswerSchema = /* @__PURE__ */ (() => z.object({ message: z.string() }))();

/** A missing-points claim in the queue (GET /staff-api/claims), oldest first. */
export const queuedClaimSchema = /* @__PURE__ */ (() =>
  z.object({
    id: z.string(),
    memberId: z.string(),
    memberName: z.string(),
    partner: z.string(),
    reference: z.string(),
    transactionDate: z.string(),
    amount: z.string().nullable(),
    status: z.string(),
    createdAt: z.string(),
  }))();
export type QueuedClaim = z.infer<typeof queuedClaimSchema>;

/**
 * POST /staff-api/claims/{id}/decision: grant with the points, or refuse with the reason the member reads.
 */
export const claimDecisionSchema = /* @__PURE__ */ (() =>
  z.discriminatedUnion('grant', [
    z.object({
      grant: z.literal(true),
      points: z.number().int().min(1).max(100_000),
      note: z.string().trim().max(200).optional(),
    }),
    z.object({ grant: z.literal(false), reason: z.string().trim().min(3).max(200) }),
  ]))();

/**
 * What the member's security log reads for each careline action they would notice (the security page shows
 * the label). The account's own event types (ACCOUNT_EVENT_TYPES) take these in.
 */
export const CARELINE_EVENT_TYPES = [
  'card-blocked-by-staff',
  'card-unblocked-by-staff',
  'card-replaced-by-staff',
  'sign-in-lockout-cleared-by-staff',
  'signed-out-by-staff',
  'redemption-lock-off-by-staff',
  'email-change-requested-by-staff',
  'account-closed-by-staff',
] as const;
export type CarelineEventType = (typeof CARELINE_EVENT_TYPES)[number];

export const carelineEventLabels: Record<CarelineEventType, string> = {
  'card-blocked-by-staff': 'Card blocked by our team',
  'card-unblocked-by-staff': 'Card unblocked by our team',
  'card-replaced-by-staff': 'Card replaced by our team',
  'sign-in-lockout-cleared-by-staff': 'Log in lockout cleared by our team',
  'signed-out-by-staff': 'Logged out of every device by our team',
  'redemption-lock-off-by-staff': 'Redemption lock turned off by our team',
  'email-change-requested-by-staff': 'Email change requested by our team',
  'account-closed-by-staff': 'Account closed by our team',
};

/** A card as the member's email and the console's answer name it: its last 4 digits. */
const ending = (cardNumber: string) => `ending ${cardNumber.slice(-4)}`;
const notYou = () => `If you did not ask us for this, call us now on ${brand.careline.phone}.`;

/**
 * The email that tells the member of each careline action they would notice: its subject, and its text after
 * the greeting. Never the reason staff gave.
 */
export const carelineEmails = {
  cardBlocked: (cardNumber: string) => ({
    subject: `We have blocked your ${brand.name} card`,
    text: `Our team has blocked your card ${ending(cardNumber)}: it can no longer collect or spend points, or log in. Your points are safe. ${notYou()}`,
  }),
  cardUnblocked: (cardNumber: string) => ({
    subject: `Your ${brand.name} card works again`,
    text: `Our team has unblocked your card ${ending(cardNumber)}: it collects, spends and logs in again. ${notYou()}`,
  }),
  cardReplaced: (newNumber: string) => ({
    subject: `We have replaced your ${brand.name} card`,
    text: `Our team has replaced your card. Your new card number ends ${newNumber.slice(-4)}, your points stay with you, and the old card no longer works. ${notYou()}`,
  }),
  lockoutCleared: () => ({
    subject: `You can log in to ${brand.name} again`,
    text: `Our team has lifted the lock on your account after too many wrong passwords: you can log in again now. ${notYou()}`,
  }),
  signedOut: () => ({
    subject: `We have logged you out of ${brand.name} everywhere`,
    text: `Our team has logged your account out of every device and app. Log in again with your password. ${notYou()}`,
  }),
  redemptionLockOff: () => ({
    subject: `Your ${brand.name} redemption lock is off`,
    text: `Our team has turned off your redemption lock: your points can be spent again. You can turn it back on in your account at any time. ${notYou()}`,
  }),
  emailChangeRequested: (maskedNewEmail: string) => ({
    subject: `We have asked to change your ${brand.name} email address`,
    text: `Our team has asked to change the email address of your account to ${maskedNewEmail}. Nothing changes until the link we sent to that address is opened. ${notYou()}`,
  }),
  accountClosed: () => ({
    subject: `Your ${brand.name} account is closed`,
    text: `Our team has closed your account, and your personal details have been removed. Thank you for being a member. ${notYou()}`,
  }),
} as const;

/** What the console is told: each action's answer (careActionAnswerSchema) and each refusal's description. */
export const carelineMessages = {
  cardBlocked: (cardNumber: string) => `Card ${ending(cardNumber)} is blocked. The member has been told.`,
  cardUnblocked: (cardNumber: string) => `Card ${ending(cardNumber)} works again. The member has been told.`,
  cardReplaced: (newNumber: string) =>
    `A new card ${ending(newNumber)} replaces it; the balance stays. The member has been told.`,
  lockoutCleared: 'The member can log in again. They have been told.',
  signedOut: 'The member is logged out of every device and app. They have been told.',
  linkSent: (link: ResendableLink, maskedEmail: string) =>
    `${link === 'password-reset' ? 'A password reset link' : 'The link to confirm the new email address'} went to ${maskedEmail}.`,
  redemptionLockOff: 'The redemption lock is off. The member has been told.',
  emailChangeRequested: (maskedEmail: string) =>
    `A link went to ${maskedEmail}: the address changes when it is opened. The member has been told.`,
  accountClosed: 'The account is closed and its personal details removed. The member has been told.',
  claimGranted: (points: number) =>
    `Claim granted: ${points.toLocaleString('en-GB')} points added. The member has been told.`,
  claimRefused: 'Claim refused. The member has been told why.',
  cardNotFound: 'This member has no card with that number.',
  cardNotActive: 'Only a card in use can be blocked.',
  cardNotBlocked: 'This card is not blocked.',
  otherCardActive: 'The member has another card in use now, so this one stays blocked.',
  cardNotReplaceable: "Only a member's card or key tag that is in use or blocked can be replaced.",
  notLockedOut: 'This member has no wrong passwords to clear.',
  spendingNotLocked: "This member's redemption lock is not on.",
  noEmail: 'This member has no email address to send it to.',
  noEmailChange: 'This member has no new email address waiting to be confirmed.',
  alreadyClosed: 'This account is closed: nothing more can change on it.',
} as const;
