import { z } from 'zod';
import { MAX_POINTS_PER_TRANSFER } from './linked-partners.ts';
import { wholeNumber } from './numbers.ts';

/**
 * A points goal (ADR 042): the one reward a member is saving towards, a voucher from the
 * rewards catalogue or a conversion of points to a partner's, with their progress and an estimate of when they
 * will get there at their own pace.
 */

/** The pace is the member's net points (collected less spent) over this many days, per day. */
export const GOAL_PACE_DAYS = 90;

/** What the member picks: a voucher by its reward id, or a number of points to convert with a partner. */
export const goalChoiceSchema = /* @__PURE__ */ (() =>
  z.discriminatedUnion('kind', [
    z.object({ kind: z.literal('voucher'), rewardId: z.string().min(1).max(64) }),
    z.object({
      kind: z.literal('conversion'),
      partnerId: z.string().min(1).max(32),
      points: z
        .number()
        .int('Enter a whole number of points.')
        .positive('Enter a number of points more than 0.')
        .max(
          MAX_POINTS_PER_TRANSFER,
          `Enter at most ${wholeNumber(MAX_POINTS_PER_TRANSFER)} points: the most one conversion can move.`,
        ),
    }),
  ]))();
export type GoalChoice = z.infer<typeof goalChoiceSchema>;

/** One reward a goal can be, as the member sees it. */
export const goalOptionSchema = /* @__PURE__ */ (() =>
  z.object({
    /** 'voucher:retailer-10' or 'conversion:AVIOS:400': one per option, for the form's radio values. */
    id: z.string(),
    choice: goalChoiceSchema,
    /** '£10 off your shopping at Sainsbury's', '250 Avios'. */
    title: z.string(),
    partnerName: z.string(),
    /** Points the reward costs. */
    points: z.number().int().positive(),
    logoImageLocation: z.string(),
    /** Where the member spends or converts the points once they have them. */
    spendPath: z.string(),
    /** The link's words: 'Spend your points', 'Convert to Avios'. */
    spendLabel: z.string(),
  }))();
export type GoalOption = z.infer<typeof goalOptionSchema>;
export const goalOptionsResponseSchema = /* @__PURE__ */ (() =>
  z.object({ options: z.array(goalOptionSchema) }))();

/** GET /ledger-api/points-goal: the goal and where the member stands, or null when they have none. */
export const pointsGoalSchema = /* @__PURE__ */ (() =>
  z.object({
    option: goalOptionSchema,
    /** Points in the balance now (posted to the ledger). */
    balance: z.number().int(),
    /** Points still to collect: 0 once reached. */
    pointsToGo: z.number().int().min(0),
    reached: z.boolean(),
    /** Points on their way (delayed entries not yet in the balance), shown apart and not counted above. */
    pendingPoints: z.number().int().min(0),
    /** Net points over the last GOAL_PACE_DAYS days. */
    paceNetPoints: z.number().int(),
    /** When the goal is reached at that pace: null once reached, or when the pace is nothing or less. */
    estimate: z.object({ days: z.number().int().positive(), date: z.iso.date() }).nullable(),
    setAt: z.iso.datetime(),
  }))();
export type PointsGoal = z.infer<typeof pointsGoalSchema>;
export const pointsGoalResponseSchema = /* @__PURE__ */ (() =>
  z.object({ goal: pointsGoalSchema.nullable() }))();
export type PointsGoalResponse = z.infer<typeof pointsGoalResponseSchema>;

export const pointsGoalMessages = {
  unknownReward:
    "We couldn't find that reward. Choose one of the vouchers or partner conversions on the list.",
  unknownPartner: "We couldn't find that partner. Choose one of the partner conversions on the list.",
} as const;
