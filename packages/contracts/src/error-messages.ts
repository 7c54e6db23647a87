/** Shown when a failed response carries no description or message (docs/product/calls-and-errors.md §S8). */
export const GENERIC_ERROR_MESSAGE = 'Something went wrong. Try again';
/** Default error toast (docs/product/calls-and-errors.md §S8). */
export const DEFAULT_TOAST_ERROR_MESSAGE = 'Looks like something went wrong. Please try again later.';
