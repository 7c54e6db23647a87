import { z } from 'zod';

/**
 * docs/product/switches-and-constants.md §S9: transactions page size 20; activity starts 2025-01-01; up to 48
 * hours to appear.
 */
export const TRANSACTIONS_PAGE_SIZE = 20;
export const ACTIVITY_START_DATE = '2025-01-01';
export const TRANSACTIONS_DELAY_HOURS = 48;
/** The feature state an operator turns off while the till feed runs late (transactionFeedStatus DELAYED). */
export const TRANSACTIONS_FEED_FEATURE = 'TRANSACTIONS_FEED';

export const activityMessages = {
  delayNote: 'Transactions can take up to 48 hours to appear.',
  delayed:
    "Some of your recent transactions are taking longer than usual to reach us. They'll appear here soon, with your points.",
  empty: 'No activity yet. Shop with your card and your points will appear here.',
  loadFailed: "We couldn't load your activity. Please try again.",
  receiptNotFound: "We couldn't find that receipt.",
  /** A page token the transactions call did not give out. */
  nextTokenInvalid: 'nextToken: not a token this service gave out',
  /** A points ledger entry of no points, or of part of a point. */
  amountNotWhole: 'amount: must be a whole number other than zero',
} as const;

export const PARTNER_KINDS = ['RETAILER', 'FUEL', 'BRAND', 'REDEMPTION', 'ADJUSTMENT'] as const;

/** One item of the activity feed (docs/product/signed-in-pages.md §S3 'Transactions feed'). */
export const transactionSchema = /* @__PURE__ */ (() =>
  z.object({
    id: z.string(),
    date: z.string(),
    points: z.number().int(),
    description: z.string(),
    partnerKind: z.enum(PARTNER_KINDS),
    partnerName: z.string(),
    storeName: z.string().nullable(),
    /** What the member paid, as pounds text ('£23.40'), when known. */
    spend: z.string().nullable(),
    /** Member-price savings on this shop, as pounds text, when any. */
    saving: z.string().nullable(),
    receiptId: z.string().nullable(),
    voucherId: z.string().nullable(),
  }))();
export type Transaction = z.infer<typeof transactionSchema>;

export const transactionsQuerySchema = /* @__PURE__ */ (() =>
  z.object({
    pageSize: z.coerce.number().int().min(1).max(50).default(TRANSACTIONS_PAGE_SIZE),
    nextToken: z.string().max(200).optional(),
  }))();

export const transactionsResponseSchema = /* @__PURE__ */ (() =>
  z.object({
    items: z.array(transactionSchema),
    nextToken: z.string().nullable(),
    transactionFeedStatus: z.enum(['OK', 'DELAYED']),
    hasMore: z.boolean(),
  }))();
export type TransactionsResponse = z.infer<typeof transactionsResponseSchema>;

/** GET /ledger-api/transaction-history?limit&offset. */
export const historyQuerySchema = /* @__PURE__ */ (() =>
  z.object({
    limit: z.coerce.number().int().min(1).max(100).default(20),
    offset: z.coerce.number().int().min(0).max(100_000).default(0),
  }))();
export const historyResponseSchema = /* @__PURE__ */ (() =>
  z.object({
    transactions: z.array(transactionSchema),
    total: z.number().int(),
    limit: z.number().int(),
    offset: z.number().int(),
  }))();
export type HistoryResponse = z.infer<typeof historyResponseSchema>;

/** A calendar date as YYYY-MM-DD: 2026-02-30 is refused, not moved to March. */
const isoDate = /* @__PURE__ */ (() => z.iso.date({ error: 'Use a date as YYYY-MM-DD' }))();

/** GET /customer/savings?fromDate&toDate&pageOffset (docs/product/calls-and-errors.md §S7.6). */
export const savingsQuerySchema = /* @__PURE__ */ (() =>
  z.object({
    fromDate: isoDate.default(ACTIVITY_START_DATE),
    toDate: isoDate.optional(),
    pageOffset: z.coerce.number().int().min(0).max(100_000).default(0),
  }))();
export const SAVINGS_PAGE_SIZE = 20;
export const savingSchema = /* @__PURE__ */ (() =>
  z.object({
    id: z.string(),
    date: z.string(),
    storeName: z.string().nullable(),
    partnerName: z.string(),
    saving: z.string(),
    savingPence: z.number().int(),
  }))();
export const savingsResponseSchema = /* @__PURE__ */ (() =>
  z.object({
    savings: z.array(savingSchema),
    /** The offset of the next page, or null when there is none. */
    pageOffset: z.number().int().nullable(),
  }))();
export type SavingsResponse = z.infer<typeof savingsResponseSchema>;
/**
 * The savings transactions variant (GET /nectar-prices/transactions) names the offset nextPageOffset
 * (docs/product/signed-in-pages.md §S3).
 */
export const savingsTransactionsResponseSchema = /* @__PURE__ */ (() =>
  z.object({
    savings: z.array(savingSchema),
    /**
     * The offset of the next page, or null when there is none: paging stops
     * (docs/product/signed-in-pages.md §S4).
     */
    nextPageOffset: z.number().int().nullable(),
  }))();
export const cumulativeSavingsSchema = /* @__PURE__ */ (() =>
  z.object({
    fromDate: z.string(),
    toDate: z.string(),
    totalSaving: z.string(),
    totalSavingPence: z.number().int(),
    shops: z.number().int(),
  }))();
export type CumulativeSavings = z.infer<typeof cumulativeSavingsSchema>;

/** Member-price transactions and totals (GET /nectar-prices/transactions and /totals). */
export const memberPriceTotalsSchema = /* @__PURE__ */ (() =>
  z.object({
    totalSaving: z.string(),
    totalSavingPence: z.number().int(),
    transactions: z.number().int(),
    byMonth: z.array(z.object({ month: z.string(), saving: z.string(), savingPence: z.number().int() })),
  }))();

/**
 * The activity breakdown (/activity/breakdown): points collected and spent, in all and per partner. One row
 * per partner, whatever the kinds of its entries (shopping, spending, an adjustment), so a partner is listed
 * once.
 */
export const breakdownSchema = /* @__PURE__ */ (() =>
  z.object({
    fromDate: z.string(),
    collected: z.number().int(),
    spent: z.number().int(),
    byPartner: z.array(
      z.object({
        partnerName: z.string(),
        collected: z.number().int().nonnegative(),
        spent: z.number().int().nonnegative(),
      }),
    ),
  }))();
export type Breakdown = z.infer<typeof breakdownSchema>;

export const receiptSchema = /* @__PURE__ */ (() =>
  z.object({
    id: z.string(),
    date: z.string(),
    storeName: z.string().nullable(),
    partnerName: z.string(),
    points: z.number().int(),
    total: z.string(),
    saving: z.string(),
    lines: z.array(
      z.object({
        description: z.string(),
        quantity: z.number().int(),
        price: z.string(),
        saving: z.string(),
      }),
    ),
  }))();
export type Receipt = z.infer<typeof receiptSchema>;

/** Pence as pounds text: 2340 → '£23.40'. */
export const pounds = (pence: number) => `£${(pence / 100).toFixed(2)}`;
