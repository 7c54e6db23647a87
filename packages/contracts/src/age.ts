/**
 * True when a person born on `dateOfBirth` (YYYY-MM-DD) is at least `years` old on `today`
 * (docs/product/registration-and-sign-in.md §R5: on or before today minus 18 years). Someone born on 29
 * February turns a year older on 1 March in common years.
 */
export function isAtLeastAge(dateOfBirth: string, years: number, today: Date): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(dateOfBirth);
  if (!match) return false;
  const [, y, m, d] = match.map(Number) as [number, number, number, number];
  const birthdayYear = y + years;
  const todayKey = today.getUTCFullYear() * 10_000 + (today.getUTCMonth() + 1) * 100 + today.getUTCDate();
  const leapDayInCommonYear =
    m === 2 && d === 29 && new Date(Date.UTC(birthdayYear, 1, 29)).getUTCMonth() !== 1;
  const birthdayKey = leapDayInCommonYear ? birthdayYear * 10_000 + 301 : birthdayYear * 10_000 + m * 100 + d;
  return todayKey >= birthdayKey;
}
