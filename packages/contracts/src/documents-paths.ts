/** documents-api calls (docs/product/calls-and-errors.md §S7.7, §R7); no zod in this file. */
export const documentsPaths = {
  /** A document by name: an HTML document, a FAQ list ('faqs', 'reg-help'). */
  document: (name: string) => `/documents-api/${name}.json`,
  /**
   * The registration terms page's privacy summary (docs/product/registration-and-sign-in.md §R2), as HTML.
   */
  privacySummary: '/documents-api/registration/privacy-policy-short.html',
  /** The business offers step's page (docs/product/calls-and-errors.md §R7): its description is read. */
  businessOffersPage: '/documents-api/registration/businessOffersPage.json',
  /**
   * The spend page's header name (docs/product/calls-and-errors.md §S7.1), from the `spend-document`
   * document.
   */
  spendDocumentName: '/c/api/spend-document/name',
} as const;

/** The documents call's answer for a name it has no document of. */
export const documentsMessages = {
  notFound: 'There is no such document.',
} as const;

/** The spend page's header until (or unless) the spend document names another. */
export const DEFAULT_SPEND_PAGE_NAME = 'Ways to spend';

/**
 * The maintenance page's outage window (docs/product/signed-in-pages.md §S2.6: 'no access from 11pm Wed 2 Feb
 * to 6am Thu 3 Feb'): a document the operator adds while planning one, `{from, to}` as ISO times; none, no
 * window shown.
 */
export const MAINTENANCE_NOTICE_DOCUMENT = 'maintenance-notice';
