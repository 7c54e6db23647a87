import { CHANNEL_HEADER, CHANNEL_VALUE } from './http.ts';

/** Shown when a failed response carries no description or message (docs/product/calls-and-errors.md §S8). */
export const GENERIC_ERROR_MESSAGE = 'Something went wrong. Try again';
/** Default error toast (docs/product/calls-and-errors.md §S8). */
export const DEFAULT_TOAST_ERROR_MESSAGE = 'Looks like something went wrong. Please try again later.';

/**
 * The server's answers to a request it cannot take as sent, whatever the call: a body it cannot read, a
 * missing channel header, another site's origin, too many attempts, an address with nothing at it.
 */
export const requestMessages = {
  invalidJson: 'The request body is not valid JSON.',
  emptyJson: 'The request body is empty.',
  bodyTooLarge: 'The request body is too large.',
  jsonOnly: 'Send the request body as application/json.',
  contentLengthWrong: 'The Content-Length header does not match the body.',
  tooManyRequests: 'Too many attempts. Please wait a moment and try again.',
  controlCharacters: 'The request contains characters that are not allowed.',
  channelRequired: `The ${CHANNEL_HEADER} header must be ${CHANNEL_VALUE}.`,
  otherSite: 'This request came from another site.',
  nothingAt: (method: string, path: string) => `There is nothing at ${method} ${path}.`,
  metricsToken: 'Send the metrics token: Authorization: Bearer <METRICS_TOKEN>.',
} as const;
