import { describe, expect, it } from 'vitest';
import { isoToLondon, londonToIso } from './london-time.ts';

describe('London time in date-time inputs', () => {
  it('reads a winter time as UTC and a summer time an hour ahead of it', () => {
    expect(londonToIso('2026-12-01T09:00')).toBe('2026-12-01T09:00:00+00:00');
    expect(londonToIso('2026-07-01T09:00')).toBe('2026-07-01T09:00:00+01:00');
    expect(new Date(londonToIso('2026-07-01T09:00') ?? '').toISOString()).toBe('2026-07-01T08:00:00.000Z');
  });

  it('reads the hour the clocks skip in spring as the same instant an hour later', () => {
    const skipped = londonToIso('2026-03-29T01:30') ?? '';
    expect(isoToLondon(skipped)).toBe('2026-03-29T02:30');
  });

  it('refuses what is no date-time', () => {
    expect(londonToIso('')).toBeUndefined();
    expect(londonToIso('1 December')).toBeUndefined();
  });

  it('writes an instant as London shows it, either side of the change of the clocks', () => {
    expect(isoToLondon('2026-10-25T00:30:00Z')).toBe('2026-10-25T01:30');
    expect(isoToLondon('2026-10-25T01:30:00Z')).toBe('2026-10-25T01:30');
    expect(isoToLondon('2026-12-31T23:59:00Z')).toBe('2026-12-31T23:59');
    expect(isoToLondon(londonToIso('2026-06-15T18:45') ?? '')).toBe('2026-06-15T18:45');
  });
});
