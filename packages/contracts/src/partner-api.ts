import { z } from 'zod';
import { fullCardNumberSchema } from './card-number.ts';
import { wholeNumber } from './numbers.ts';

/**
 * The partner API (docs/partner-api.md): what a till, a fuel pump or an eShop sends when a member shops, returns
 * or spends. Money is in whole pence, times are ISO 8601, points are whole numbers. One definition for the
 * server's routes, its OpenAPI document at /partner-api/v1/openapi.json and the sandbox till.
 */
export const PARTNER_API_PREFIX = '/partner-api/v1';

/** The scopes a partner client may hold; each call names the one it needs. */
export const PARTNER_SCOPES = ['points:earn', 'points:spend', 'members:read'] as const;
export type PartnerScope = (typeof PARTNER_SCOPES)[number];

/** How long an `Idempotency-Key` is kept: a repeat within it answers the first answer again. */
export const IDEMPOTENCY_KEY_HOURS = 24;
/** The longest a till may hold points before it captures or cancels them. */
export const HOLD_MAX_MINUTES = 15;
/** Points an eShop posts become spendable this many days after the sale unless it says otherwise. */
export const ESHOP_PENDING_DAYS = 45;
/** The most points a member may spend at tills in 24 hours (£500): a stolen card cannot empty a large balance at once. */
export const TILL_DAILY_SPEND_POINTS = 100_000;
/** The most lines one receipt may carry. */
export const MAX_SALE_LINES = 200;

/**
 * The partner API's error descriptions: for partner developers, the operator's partner-client commands and
 * the sandbox till.
 */
export const partnerApiMessages = {
  invalidToken: 'Send a live access token from the token endpoint as "Authorization: Bearer".',
  scopeNeeded: (scope: string) => `This call needs the scope ${scope}; ask for it with the token.`,
  idempotencyKeyRequired:
    'Send an Idempotency-Key header, unique per request, so that a retry never counts twice.',
  idempotencyKeyReused: 'This Idempotency-Key was used for another request. Use a new key for a new request.',
  clickOnlyCollects: 'A click id only collects points: spend with the card.',
  clickUnknown: (days: number) =>
    "We don't know that click: it must come from a signed-in member's visit to your eShop in the last " +
    `${days} days.`,
  clickWithoutCard: 'The member who clicked has no card that collects now.',
  spendCodeNotAccepted: 'This API does not take a spend code yet: send the card number the till scanned.',
  partnerNotFound: (partnerId: string) => `There is no partner ${partnerId}.`,
  /** `saleId` is the sale the receipt was posted as, when it is found. */
  saleAlreadyPosted: (receiptId: string, saleId: string | undefined) =>
    `Receipt ${receiptId} was posted already as sale ${saleId ?? 'earlier'}.`,
  saleNotFound: 'There is no such sale of yours.',
  nothingLeftToReturn: (sku: string) => `Nothing more of ${sku} is left to return on this sale.`,
  spendLimitReached:
    `A member can spend up to ${wholeNumber(TILL_DAILY_SPEND_POINTS)} points at tills ` + 'in 24 hours.',
  holdExpired: `This hold ran out after ${HOLD_MAX_MINUTES} minutes and its points were given back.`,
  holdNotOpen: (state: string) => `This hold is ${state.toLowerCase()}: hold the points again.`,
  holdCaptured: 'This hold was captured: give the points back with a return.',
  holdNotFound: 'There is no such hold of yours.',
  webhookNotHttps: 'url: a webhook address must be https (http only for localhost)',
  clientNotFound: (clientId: string) => `There is no live partner client ${clientId}.`,
  keyClientNotFound: (clientId: string) => `There is no live partner client ${clientId} with keys.`,
  jwksEmpty: 'jwks: a key set {"keys": [...]} with one key or more',
  jwksKeyType: (index: number) => `jwks.keys.${index}: an EC or RSA key`,
  jwksPrivateKey: (index: number) => `jwks.keys.${index}: a public key only (it has a private part)`,
  jwksKid: (index: number) => `jwks.keys.${index}: a kid, so that keys can be rotated`,
  jwksLastKey: 'jwks: a client keeps one key at least',
  sandboxNoShelf: 'The sandbox till has no shelf for that partner.',
  sandboxNoClient: 'The sandbox till has no client on this server: it needs the demo data (DEMO_DATA=on).',
} as const;

const pence = (what: string) =>
  z
    .number()
    .int()
    .min(0)
    .max(100_000_000)
    .meta({ description: `${what}, in whole pence` });

const reference = (what: string) =>
  z
    .string()
    .trim()
    .min(1)
    .max(64)
    .regex(/^[\w.:/-]+$/, 'letters, digits and . _ : / - only')
    .meta({ description: what });

/** How the member is identified at the till: the scanned card, the phone's spend code, or an eShop click id. */
export const partnerMemberSchema = /* @__PURE__ */ (() =>
  z.union([
    z.object({ cardNumber: fullCardNumberSchema }).strict(),
    z.object({ spendCode: z.string().min(1).max(512) }).strict(),
    z.object({ clickId: z.string().min(1).max(128) }).strict(),
  ]))();
export type PartnerMember = z.infer<typeof partnerMemberSchema>;

export const saleLineSchema = /* @__PURE__ */ (() =>
  z
    .object({
      sku: reference('The product code'),
      category: z
        .string()
        .trim()
        .min(1)
        .max(64)
        .meta({ description: "The product's category, e.g. bakery, fuel" }),
      quantity: z.number().int().min(1).max(10_000),
      amount: pence('What the member paid for the line'),
      memberPriceSaving: pence(
        "The member-price saving on the line, as the receipt prints it (the till's own price)",
      ).optional(),
      description: z
        .string()
        .trim()
        .min(1)
        .max(80)
        .optional()
        .meta({ description: "The product's name as the receipt prints it (the member's digital receipt)" }),
    })
    .strict())();

export const SALE_EXAMPLE = {
  member: { cardNumber: '9826300012345678901' },
  storeId: 'store-0001',
  tillId: 'till-1',
  receiptId: 'R-1001',
  occurredAt: '2026-11-29T12:00:00Z',
  lines: [
    { sku: 'sourdough-loaves', category: 'bakery', quantity: 2, amount: 800, description: 'Sourdough loaf' },
    {
      sku: 'milk',
      category: 'dairy',
      quantity: 1,
      amount: 400,
      memberPriceSaving: 50,
      description: 'Milk, 4 pints',
    },
  ],
  total: 1200,
};

export const saleRequestSchema = /* @__PURE__ */ (() =>
  z
    .object({
      member: partnerMemberSchema,
      storeId: reference('The store, pump or eShop'),
      tillId: reference('The till within the store'),
      receiptId: reference("The partner's receipt or order number, unique per partner"),
      occurredAt: z.iso.datetime({ offset: true }).meta({ description: 'When the member paid' }),
      lines: z.array(saleLineSchema).min(1).max(MAX_SALE_LINES),
      total: pence('The basket total: the sum of the lines'),
      tender: z.enum(['card', 'cash', 'points', 'other']).optional(),
      spendableOn: z.iso
        .date()
        .optional()
        .meta({
          description: `An eShop's sale: the day its points become spendable (they wait as points on their way until then; ${ESHOP_PENDING_DAYS} days when the partner always waits)`,
        }),
    })
    .strict()
    .refine((sale) => sale.lines.reduce((sum, line) => sum + line.amount, 0) === sale.total, {
      message: 'total: must be the sum of the lines',
      path: ['total'],
    })
    .meta({ examples: [SALE_EXAMPLE] }))();
export type SaleRequest = z.infer<typeof saleRequestSchema>;

export const awardSchema = /* @__PURE__ */ (() =>
  z.object({
    reason: z
      .string()
      .meta({ description: 'What earned the points, in words a member reads on the receipt' }),
    points: z.number().int(),
    offerId: z.string().optional(),
  }))();

export const saleResponseSchema = /* @__PURE__ */ (() =>
  z.object({
    saleId: z.uuid(),
    pointsAwarded: z.number().int(),
    breakdown: z.array(awardSchema),
    memberPriceSavings: z
      .number()
      .int()
      .meta({ description: 'Member-price savings on the receipt, in pence' }),
    balance: z.number().int(),
    /** Present when the points wait until a later day (an eShop's sale). */
    pendingUntil: z.iso.date().optional(),
  }))();
export type SaleResponse = z.infer<typeof saleResponseSchema>;

/** The examples of the OpenAPI document (each one parses with its schema: partner-api.test.ts). */
export const RETURN_EXAMPLE = { returnId: 'RET-1001', lines: [{ sku: 'milk', quantity: 1, amount: 400 }] };
export const HOLD_EXAMPLE = {
  member: { cardNumber: '9826300012345678901' },
  points: 500,
  storeId: 'store-0001',
  tillId: 'till-1',
};

export const returnRequestSchema = /* @__PURE__ */ (() =>
  z
    .object({
      returnId: reference("The partner's reference of this return, unique per sale"),
      lines: z
        .array(
          z
            .object({
              sku: reference('The product code as sold'),
              quantity: z.number().int().min(1).max(10_000),
              amount: pence('What the member gets back for the line'),
            })
            .strict(),
        )
        .min(1)
        .max(MAX_SALE_LINES),
    })
    .strict()
    .meta({ examples: [RETURN_EXAMPLE] }))();
export type ReturnRequest = z.infer<typeof returnRequestSchema>;

export const returnResponseSchema = /* @__PURE__ */ (() =>
  z.object({
    returnId: z.string(),
    saleId: z.uuid(),
    pointsTaken: z.number().int().meta({ description: 'Points taken back from the balance' }),
    pointsNotRecovered: z
      .number()
      .int()
      .meta({ description: 'Points the return should have taken that the balance no longer held' }),
    breakdown: z.array(awardSchema),
    balance: z.number().int(),
  }))();
export type ReturnResponse = z.infer<typeof returnResponseSchema>;

export const holdRequestSchema = /* @__PURE__ */ (() =>
  z
    .object({
      member: partnerMemberSchema,
      points: z.number().int().min(1).max(1_000_000).optional(),
      valuePence: z
        .number()
        .int()
        .min(1)
        .max(5_000_00)
        .optional()
        .meta({ description: 'The value to hold instead of points: 200 points are £1' }),
      storeId: reference('The store'),
      tillId: reference('The till'),
    })
    .strict()
    .refine((hold) => (hold.points === undefined) !== (hold.valuePence === undefined), {
      message: 'points: give points or valuePence, not both',
      path: ['points'],
    })
    .meta({ examples: [HOLD_EXAMPLE] }))();
export type HoldRequest = z.infer<typeof holdRequestSchema>;

export const holdStates = ['HELD', 'CAPTURED', 'CANCELLED', 'EXPIRED'] as const;

export const holdResponseSchema = /* @__PURE__ */ (() =>
  z.object({
    holdId: z.uuid(),
    state: z.enum(holdStates),
    points: z.number().int(),
    valuePence: z.number().int(),
    expiresAt: z.iso.datetime(),
    balance: z.number().int(),
  }))();
export type HoldResponse = z.infer<typeof holdResponseSchema>;

export const memberBalanceSchema = /* @__PURE__ */ (() =>
  z.object({
    cardNumber: z.string(),
    balance: z.number().int(),
    valuePence: z.number().int(),
    canSpend: z
      .boolean()
      .meta({ description: 'False when the card cannot spend (a temporary card, the lock on)' }),
  }))();

/** The words the member reads for a partner's points (the activity feed, the live notice). */
export const partnerAwardReasons = {
  base: 'Points for your shop',
  offer: (title: string) => `Bonus offer: ${title}`,
  returned: 'Points taken back for a return',
  held: 'Points spent at the till',
  released: 'Points given back: the spend was cancelled',
} as const;

/** The sandbox till's partners and shelves (GET /dev/till/shelves, DEV_TOOLS or TILL_SANDBOX). */
export const tillSandboxSchema = /* @__PURE__ */ (() =>
  z.object({
    partners: z.array(
      z.object({
        id: z.string(),
        name: z.string(),
        pointsPerPound: z.number().int(),
        clientId: z.string(),
        products: z.array(
          z.object({ sku: z.string(), name: z.string(), category: z.string(), pricePence: z.number().int() }),
        ),
      }),
    ),
  }))();
export type TillSandbox = z.infer<typeof tillSandboxSchema>;

/** A sandbox till's token (POST /dev/till/token). */
export const tillTokenSchema = /* @__PURE__ */ (() =>
  z.object({ accessToken: z.string(), expiresIn: z.number().int(), clientId: z.string() }))();

/** A client's webhook delivery log (GET /partner-api/v1/webhook-deliveries), newest first. */
export const webhookDeliveriesSchema = /* @__PURE__ */ (() =>
  z.object({
    deliveries: z.array(
      z.object({
        id: z.string().meta({ description: 'The webhook-id header: the same on every retry' }),
        type: z.enum(['points.awarded', 'points.reversed', 'points.captured', 'points.released']),
        attempts: z.number().int(),
        lastStatus: z.number().int().nullable(),
        lastError: z.string().nullable(),
        deliveredAt: z.iso.datetime().nullable(),
        createdAt: z.iso.datetime(),
      }),
    ),
  }))();
