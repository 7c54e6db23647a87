/**
 * A date-time input's value (`2026-12-01T09:00`, no zone) read as London time, and back: the offers' start
 * and end are typed as the marketer's clock says, in summer time or not, and sent with their offset.
 */
const offsetFormat = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/London',
  timeZoneName: 'longOffset',
});
const partsFormat = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/London',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** London's offset from UTC at `instant`, in minutes (0 in winter, 60 in summer). */
function londonOffsetMinutes(instant: number): number {
  const name = offsetFormat.formatToParts(instant).find((part) => part.type === 'timeZoneName')?.value;
  const match = /GMT([+-])(\d{2}):(\d{2})/.exec(name ?? '');
  if (!match) return 0;
  const minutes = Number(match[2]) * 60 + Number(match[3]);
  return match[1] === '-' ? -minutes : minutes;
}

const LOCAL = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;

/**
 * `2026-07-01T09:00` in London as an ISO date-time with its offset (`2026-07-01T09:00:00+01:00`); undefined
 * when the text is no date-time. A time the clocks skip in spring is read an hour later, as a clock would.
 */
export function londonToIso(local: string): string | undefined {
  const match = LOCAL.exec(local);
  if (!match) return undefined;
  const [year, month, day, hour, minute] = match.slice(1).map(Number) as [
    number,
    number,
    number,
    number,
    number,
  ];
  const asUtc = Date.UTC(year, month - 1, day, hour, minute);
  if (Number.isNaN(asUtc)) return undefined;
  // The offset at the instant the wall time names: guessed from UTC, then checked at the guess.
  let offset = londonOffsetMinutes(asUtc);
  offset = londonOffsetMinutes(asUtc - offset * 60_000);
  const instant = asUtc - offset * 60_000;
  const wall = new Date(instant + offset * 60_000).toISOString().slice(0, 16);
  const sign = offset < 0 ? '-' : '+';
  const hours = String(Math.floor(Math.abs(offset) / 60)).padStart(2, '0');
  const minutes = String(Math.abs(offset) % 60).padStart(2, '0');
  return `${wall}:00${sign}${hours}:${minutes}`;
}

/** An ISO date-time as a date-time input's value in London time (`2026-07-01T09:00`). */
export function isoToLondon(iso: string): string {
  const parts = Object.fromEntries(
    partsFormat.formatToParts(new Date(iso)).map((part) => [part.type, part.value]),
  );
  return `${parts['year']}-${parts['month']}-${parts['day']}T${parts['hour']}:${parts['minute']}`;
}
