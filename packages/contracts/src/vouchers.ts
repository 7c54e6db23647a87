import { z } from 'zod';

/** 200 points are worth £1 at the till. */
export const POINTS_PER_POUND = 200;

/**
 * docs/product/calls-and-errors.md §S8 (hotel partner redemption lock) and 'You've redeemed your points!'.
 */
export const redemptionMessages = {
  locked: "you can't spend points with this account right now",
  /** The spend page, before anything is chosen, when the redemption lock is on. */
  lockedTitle: 'Your points are locked.',
  lockedNotice:
    "While the redemption lock is on, nobody can spend this account's points. You can turn it off in your account settings.",
  lockedLink: 'Turn off the redemption lock',
  redeemed: "You've redeemed your points!",
  notEnough: "You don't have enough points for this.",
  unknownReward: "We couldn't find that reward.",
  voucherNotFound: "We couldn't find that voucher.",
  /** A redemption's idempotency key sent again for another reward. */
  requestReused: 'This request was already used for another reward.',
  usedQuestion: 'Did you use this voucher?',
} as const;

/** Something points can be spent on (docs/decisions/011: the spec leaves redemption payloads open). */
export const rewardSchema = /* @__PURE__ */ (() =>
  z.object({
    id: z.string(),
    partnerName: z.string(),
    itemDescription: z.string(),
    points: z.number().int().min(0),
    /** Worth at the partner, as pounds text. */
    value: z.string(),
    logoImageLocation: z.string(),
  }))();
export type Reward = z.infer<typeof rewardSchema>;
export const rewardsResponseSchema = /* @__PURE__ */ (() => z.object({ rewards: z.array(rewardSchema) }))();

/** POST /offers-api/redemptions: the reward and the client's idempotency key (one per press of Confirm). */
export const redemptionRequestSchema = /* @__PURE__ */ (() =>
  z.object({
    rewardId: z.string().min(1).max(64),
    idempotencyKey: z.uuid('must be a UUID'),
  }))();
export type RedemptionRequest = z.infer<typeof redemptionRequestSchema>;

/** docs/product/signed-in-pages.md §S3 'Voucher', plus what the member needs to find it again. */
export const voucherSchema = /* @__PURE__ */ (() =>
  z.object({
    id: z.string(),
    logoImageLocation: z.string(),
    itemDescription: z.string(),
    base64BarCode: z.string(),
    url: z.string(),
    voucherCode: z.string(),
    partnerName: z.string(),
    points: z.number().int(),
    createdAt: z.string(),
    expiresAt: z.string(),
    used: z.boolean().nullable(),
    transactionId: z.string().nullable(),
  }))();
export type Voucher = z.infer<typeof voucherSchema>;
export const vouchersResponseSchema = /* @__PURE__ */ (() =>
  z.object({ vouchers: z.array(voucherSchema) }))();

export const redemptionResponseSchema = /* @__PURE__ */ (() =>
  z.object({
    voucher: voucherSchema,
    balance: z.number().int(),
    /** False when this idempotency key had already been applied: nothing was spent again. */
    created: z.boolean(),
  }))();
export type RedemptionResponse = z.infer<typeof redemptionResponseSchema>;

export const voucherUsedSchema = /* @__PURE__ */ (() => z.object({ used: z.boolean() }))();
