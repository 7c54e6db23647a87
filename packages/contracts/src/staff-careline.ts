import { z } from 'zod';
import { REPLACEMENT_TYPES } from './card.ts';

/**
 * The careline's actions on a member (docs/staff-console.md "Putting things right"): each one takes the
 * reason the member of staff gives, which the audit trail keeps; the least role for each is in STAFF_ACTIONS.
 * Every action a member would notice also tells them (an email) and shows in their security log.
 */

/** Why the member of staff is acting: recorded in the audit trail, never shown to the member. */
const reasonSchema = /* @__PURE__ */ (() => z.string().trim().min(3).max(200))();

/** POST /staff-api/members/{id}/cards/{number}/block, …/unblock, /sign-in-lockout/clear, /sessions/end, /spending-lock/off, /close. */
export const careActionSchema = /* @__PURE__ */ (() => z.object({ reason: reasonSchema }))();
export type CareAction = z.infer<typeof careActionSchema>;

/** POST /staff-api/members/{id}/cards/{number}/replace: a new card of the same account; the balance stays. */
export const replaceCardRequestSchema = /* @__PURE__ */ (() =>
  z.object({
    reason: reasonSchema,
    replacementType: z.enum(REPLACEMENT_TYPES),
    cardType: z.enum(['CARD', 'KEYTAG']).default('CARD'),
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

/** POST /staff-api/claims/{id}/decision: grant with the points, or refuse with the reason the member reads. */
export const claimDecisionSchema = /* @__PURE__ */ (() =>
  z.discriminatedUnion('grant', [
    z.object({
      grant: z.literal(true),
      points: z.number().int().min(1).max(100_000),
      note: z.string().trim().max(200).optional(),
    }),
    z.object({ grant: z.literal(false), reason: z.string().trim().min(3).max(200) }),
  ]))();
