/** How the console writes numbers and times: en-GB, London time, points with thousands separators. */
const points = new Intl.NumberFormat('en-GB');
const signedPoints = new Intl.NumberFormat('en-GB', { signDisplay: 'exceptZero' });
const dateTime = new Intl.DateTimeFormat('en-GB', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'Europe/London',
});
const date = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeZone: 'Europe/London' });

export const formatPoints = (value: number) => points.format(value);
export const formatChange = (value: number) => signedPoints.format(value);
export const formatDateTime = (iso: string) => dateTime.format(new Date(iso));
export const formatDate = (iso: string) => date.format(new Date(iso));

/** A phrase as the first words of a cell or an option: its first letter in capitals. */
export const capitalised = (phrase: string) => phrase.replace(/^./, (first) => first.toUpperCase());

/** A card number in the groups a careline reads it out in: 9826 3000 1234 5678 901. */
export const formatCardNumber = (number: string) => number.replace(/(\d{4})(?=\d)/g, '$1 ');
