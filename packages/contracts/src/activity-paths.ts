/**
 * Points, activity, savings and receipts (docs/product/calls-and-errors.md §S7.6).
 * Each path is written once here; no zod in this file, so a page that imports it loads no schema.
 */
export const activityPaths = {
  breakdown: '/ledger-api/breakdown',
  history: (limit: number, offset: number) =>
    `/ledger-api/transaction-history?limit=${limit}&offset=${offset}`,
  savings: (query: URLSearchParams) => `/customer-management-api/customer/savings?${query.toString()}`,
  cumulativeSavings: (fromDate: string) =>
    `/customer-management-api/customer/savings/cumulative?fromDate=${fromDate}`,
  memberPriceTotals: '/nectar-shared-transactions-api/nectar-prices/totals',
  receipt: (id: string) => `/nectar-shared-transactions-api/digital-receipts/${encodeURIComponent(id)}`,
  receiptDownload: (id: string) =>
    `/nectar-shared-transactions-api/digital-receipts/${encodeURIComponent(id)}/download`,
} as const;
