/**
 * The visitor's cookie choice (docs/product/signed-in-pages.md §S4) is kept in the browser's storage and, so
 * that the server can send a page without the banner once the choice is made, in this first-party cookie too.
 */
export const CONSENT_COOKIE = 'cookieConsent';
/** The class the server puts on `<html>` of a page for a visitor who has chosen: the drawn banner stays hidden. */
export const CONSENT_CHOSEN_CLASS = 'consent-chosen';
export const CONSENT_CHOICES = ['all', 'essential'] as const;
export type ConsentChoice = (typeof CONSENT_CHOICES)[number];
export const isConsentChoice = (value: unknown): value is ConsentChoice =>
  CONSENT_CHOICES.includes(value as ConsentChoice);
