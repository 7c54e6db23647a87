import { describe, expect, it } from 'vitest';
import {
  claimFieldsSchema,
  claimFormSchema,
  missingPointsMessages as m,
  purchaseDateFromParts,
  purchaseDateProblem,
} from './missing-points.ts';

const today = '2026-11-26';
const parts = (day: string, month: string, year: string) => ({ day, month, year });

describe('purchaseDateFromParts', () => {
  it('makes the three boxes into the wire’s YYYY-MM-DD day, with or without leading zeros and spaces', () => {
    expect(purchaseDateFromParts(parts('3', '11', '2026'), today)).toEqual({ date: '2026-11-03' });
    expect(purchaseDateFromParts(parts(' 03 ', '09', '2026'), today)).toEqual({ date: '2026-09-03' });
    expect(purchaseDateFromParts(parts('26', '11', '2026'), today)).toEqual({ date: today });
  });

  it('says which boxes are empty', () => {
    expect(purchaseDateFromParts(parts('', '', ''), today)).toEqual({
      message: m.dateRequired,
      parts: ['day', 'month', 'year'],
    });
    expect(purchaseDateFromParts(parts('3', '', ''), today)).toEqual({
      message: 'The date of purchase must include a month and year.',
      parts: ['month', 'year'],
    });
    expect(purchaseDateFromParts(parts('', '11', '2026'), today)).toEqual({
      message: 'The date of purchase must include a day.',
      parts: ['day'],
    });
  });

  it('refuses a day or month that is not one, and a year not of 4 numbers', () => {
    expect(purchaseDateFromParts(parts('32', '11', '2026'), today)).toEqual({
      message: m.dateInvalid,
      parts: ['day'],
    });
    expect(purchaseDateFromParts(parts('3', '13', '2026'), today)).toEqual({
      message: m.dateInvalid,
      parts: ['month'],
    });
    expect(purchaseDateFromParts(parts('x', 'Nov', '2026'), today)).toEqual({
      message: m.dateInvalid,
      parts: ['day', 'month'],
    });
    expect(purchaseDateFromParts(parts('3', '11', '26'), today)).toEqual({
      message: m.dateYearDigits,
      parts: ['year'],
    });
  });

  it('refuses a day its month has not, leap years included', () => {
    expect(purchaseDateFromParts(parts('31', '2', '2026'), '2026-03-05')).toEqual({
      message: m.dateInvalid,
      parts: ['day'],
    });
    expect(purchaseDateFromParts(parts('31', '9', '2026'), today)).toEqual({
      message: m.dateInvalid,
      parts: ['day'],
    });
    expect(purchaseDateFromParts(parts('29', '2', '2028'), '2028-03-05')).toEqual({ date: '2028-02-29' });
  });

  it('checks the claim window on today: not in the future, not older than 90 days', () => {
    expect(purchaseDateFromParts(parts('27', '11', '2026'), today)).toEqual({
      message: m.dateInFuture,
      parts: ['day', 'month', 'year'],
    });
    // 26 November back 90 days is 28 August (day 0 is today).
    expect(purchaseDateFromParts(parts('28', '8', '2026'), today)).toEqual({ date: '2026-08-28' });
    expect(purchaseDateFromParts(parts('27', '8', '2026'), today)).toEqual({
      message: m.dateTooOld,
      parts: ['day', 'month', 'year'],
    });
  });
});

describe('purchaseDateProblem (the server’s check of the wire’s day)', () => {
  it('counts calendar days across the clocks going back', () => {
    expect(purchaseDateProblem('2026-10-25', '2026-10-26')).toBeUndefined();
    expect(purchaseDateProblem('2026-08-28', today)).toBeUndefined();
    expect(purchaseDateProblem('2026-08-27', today)).toBe('tooOld');
    expect(purchaseDateProblem('2026-11-27', today)).toBe('future');
  });
  it('refuses what is not a YYYY-MM-DD day of the calendar', () => {
    expect(purchaseDateProblem('2026-02-29', '2026-03-01')).toBe('invalid');
    expect(purchaseDateProblem('26/11/2026', today)).toBe('invalid');
    expect(purchaseDateProblem('2026-11-3', today)).toBe('invalid');
  });
});

describe('claimFormSchema', () => {
  const fields = { partner: 'argos', spend: '12.50', reference: 'ARG-1' };

  it('gives the fields the server checks, with the date as YYYY-MM-DD', () => {
    const parsed = claimFormSchema(today).parse({ ...fields, purchasedOn: parts('24', '11', '2026') });
    expect(parsed).toEqual({ ...fields, purchasedOn: '2026-11-24' });
    expect(claimFieldsSchema(today).safeParse(parsed).success).toBe(true);
  });

  it('puts the date’s message on each box at fault', () => {
    const result = claimFormSchema(today).safeParse({ ...fields, purchasedOn: parts('31', '2', '2026') });
    expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['purchasedOn.day', m.dateInvalid],
    ]);
    const future = claimFormSchema(today).safeParse({ ...fields, purchasedOn: parts('1', '12', '2026') });
    expect(future.error?.issues.map((issue) => issue.path.join('.'))).toEqual([
      'purchasedOn.day',
      'purchasedOn.month',
      'purchasedOn.year',
    ]);
  });
});
