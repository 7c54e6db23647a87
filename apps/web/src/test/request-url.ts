/** The address a fetch spy was called with, whichever form the call gave it in (a string, a URL or a Request). */
export const requestUrl = (input: RequestInfo | URL | undefined): string =>
  input instanceof Request ? input.url : input instanceof URL ? input.href : (input ?? '');
