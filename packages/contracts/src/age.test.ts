import { describe, expect, it } from 'vitest';
import { isAtLeastAge } from './age.ts';

describe('isAtLeastAge', () => {
  it('turns 18 on the 18th birthday, not the day before', () => {
    expect(isAtLeastAge('2008-11-22', 18, new Date('2026-11-22T00:00:00Z'))).toBe(true);
    expect(isAtLeastAge('2008-11-23', 18, new Date('2026-11-22T23:59:59Z'))).toBe(false);
  });
  it('counts a 29 February birthday from 1 March in a common year', () => {
    expect(isAtLeastAge('2008-02-29', 18, new Date('2026-02-28T12:00:00Z'))).toBe(false);
    expect(isAtLeastAge('2008-02-29', 18, new Date('2026-03-01T00:00:00Z'))).toBe(true);
    expect(isAtLeastAge('2004-02-29', 20, new Date('2024-02-29T00:00:00Z'))).toBe(true);
  });
  it('refuses what is not a date', () => {
    expect(isAtLeastAge('22/11/2008', 18, new Date())).toBe(false);
  });
});
