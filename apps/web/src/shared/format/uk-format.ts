/**
 * Dates and numbers as a UK member reads them ("26 November 2026", "12,450"), written out here rather than
 * through `Intl`: the first `Intl` formatter a page makes loads the browser's locale data, about 70 ms of a
 * throttled phone's main thread on the homepage, in the middle of hydrating it (ADR 049). These
 * shapes need no locale data: English month names and a comma every three digits.
 */
/** The months' English names, January first. */
export const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** The short names en-GB uses ("Sept", not "Sep"). */
const SHORT_MONTHS = MONTHS.map((name) => (name === 'September' ? 'Sept' : name.slice(0, 3)));

/** "3 Sept 2026", in the device's time zone, for an ISO date-time (or a Date). */
export const shortDate = (when: string | Date) => {
  const date = new Date(when);
  return `${date.getDate()} ${SHORT_MONTHS[date.getMonth()]} ${date.getFullYear()}`;
};

/** "26 November 2026", in the device's time zone, for an ISO date-time (or a Date). */
export const longDate = (when: string | Date) => {
  const date = new Date(when);
  return `${date.getDate()} ${MONTHS[date.getMonth()]} ${date.getFullYear()}`;
};

/** A whole number with a comma between each three digits: one definition, the contracts' (messages use it too). */
export { wholeNumber } from '@app/contracts/numbers';
