import { wholeNumber } from '@app/contracts/numbers';

/** Pence as pounds, as a till prints them: "£4.35", "£1,250.00", "-£2.00". */
export const pounds = (pence: number) => {
  const sign = pence < 0 ? '-' : '';
  const whole = Math.abs(Math.round(pence));
  return `${sign}£${wholeNumber(Math.floor(whole / 100))}.${String(whole % 100).padStart(2, '0')}`;
};

/** Points with their commas: "2,450". */
export const points = (value: number) => wholeNumber(value);

/** The time of day on the device's clock, as a till shows it: "14:32". */
export const clockTime = (when: string | number | Date) => {
  const date = new Date(when);
  return `${String(date.getHours()).padStart(2, '0')}:${String(date.getMinutes()).padStart(2, '0')}`;
};

/** The time of a call in the log, to the second: "14:32:07". */
export const clockTimeWithSeconds = (when: Date) =>
  `${clockTime(when)}:${String(when.getSeconds()).padStart(2, '0')}`;
