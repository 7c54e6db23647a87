/**
 * Vouchers, rewards and redemptions (docs/product/calls-and-errors.md §S7.5).
 * Each path is written once here; no zod in this file, so a page that imports it loads no schema.
 */
export const vouchersPaths = {
  vouchers: '/offers-api/vouchers',
  voucher: (id: string) => `/offers-api/vouchers/${encodeURIComponent(id)}`,
  used: (id: string) => `/offers-api/vouchers/${encodeURIComponent(id)}/used`,
  byTransaction: (transactionId: string) =>
    `/offers-api/vouchers/by-transaction/${encodeURIComponent(transactionId)}`,
  rewards: (zero: boolean) => `/offers-api/rewards${zero ? '?zero=true' : ''}`,
  redemptions: '/offers-api/redemptions',
} as const;
