/**
 * A whole number as a UK reader writes it, a comma between each three digits ("12,450", "-1,200"), without
 * `Intl`: `toLocaleString` loads the browser's number data on its first call, about 30 ms of a throttled phone's
 * main thread, and messages built when a module loads paid it in the middle of a page's first render.
 */
export const wholeNumber = (value: number) => String(Math.trunc(value)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
