/**
 * The digital card and plastic cards (docs/product/calls-and-errors.md §S7.4).
 * Each path is written once here; no zod in this file, so a page that imports it loads no schema.
 */
export const cardPaths = {
  retrieveValidate: '/customer-management-api/retrieve-card/validate',
  replacementValidate: '/customer-management-api/replacement-card/validate',
  replacement: (query: URLSearchParams) => `/customer-management-api/replacement-card?${query.toString()}`,
  /** The one-time code of card lookup: for retrieving the card number, or for a replacement card. */
  codeRequest: (flow: 'retrieve' | 'replace') =>
    `/customer-management-api/${flow === 'retrieve' ? 'retrieve-card' : 'replacement-card'}/request`,
  request: (cardType: string) => `/customer-management-api/request-card?cardType=${cardType}`,
} as const;
