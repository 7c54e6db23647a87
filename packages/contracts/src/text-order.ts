/**
 * Alphabetical order ignoring case, then lower case first (as `localeCompare` puts them), so that the order is
 * stable. Without `Intl`:
 * `localeCompare` loads the browser's collation data on its first call, about 30 ms of a throttled phone's main
 * thread in the middle of a page's first render; the lists it orders (offer titles, category names) are plain
 * English.
 */
export const compareText = (a: string, b: string) => {
  const left = a.toLowerCase();
  const right = b.toLowerCase();
  if (left !== right) return left < right ? -1 : 1;
  return a === b ? 0 : a > b ? -1 : 1;
};
