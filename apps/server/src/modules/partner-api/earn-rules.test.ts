// @databases none: pure rules of how a basket's points are counted; it opens no database.
import { describe, expect, it } from 'vitest';
import type { PartnerSaleLine } from '../../db/schema/partner-api.ts';
import {
  applyReturn,
  basePointsByLine,
  basePointsLeft,
  bonusFor,
  bonusesToTakeBack,
  remainingOf,
} from './earn-rules.ts';

const line = (sku: string, amount: number, points: number, quantity = 1): PartnerSaleLine => ({
  sku,
  category: 'bakery',
  quantity,
  amount,
  points,
  returned: 0,
  returnedAmount: 0,
});

describe('base points', () => {
  it('are the rate on the whole basket, shared over the lines by what each cost', () => {
    // £9.99 at 1 point a pound is 9 points, not the 7 that rounding each line down would give.
    const shares = basePointsByLine([{ amount: 333 }, { amount: 333 }, { amount: 333 }], 1);
    expect(shares.reduce((a, b) => a + b, 0)).toBe(9);
    expect(shares).toEqual([3, 3, 3]);
    expect(basePointsByLine([{ amount: 150 }, { amount: 850 }], 2)).toEqual([3, 17]);
    expect(basePointsByLine([{ amount: 99 }], 1)).toEqual([0]);
  });
});

describe('offer rules', () => {
  const basket = [
    { sku: 'sourdough-loaves', category: 'bakery', quantity: 2, amount: 800, points: 8 },
    { sku: 'milk', category: 'dairy', quantity: 1, amount: 120, points: 1 },
  ];
  it('pays a product bonus once when enough of it is in the basket', () => {
    expect(bonusFor({ kind: 'product', sku: 'sourdough-loaves', points: 75 }, basket)).toBe(75);
    expect(bonusFor({ kind: 'product', sku: 'sourdough-loaves', minQuantity: 3, points: 75 }, basket)).toBe(
      0,
    );
    expect(bonusFor({ kind: 'product', category: 'frozen', points: 75 }, basket)).toBe(0);
  });
  it('pays a multiplier as the extra on its lines only', () => {
    expect(bonusFor({ kind: 'multiplier', sku: 'sourdough-loaves', multiplier: 3 }, basket)).toBe(16);
  });
  it('pays a threshold when the spend in its category reaches it', () => {
    expect(bonusFor({ kind: 'threshold', category: 'bakery', minSpendPence: 800, points: 100 }, basket)).toBe(
      100,
    );
    expect(bonusFor({ kind: 'threshold', minSpendPence: 1000, points: 100 }, basket)).toBe(0);
  });
});

describe('returns', () => {
  it('take back a line by quantity, exactly what it earned in the end, and refuse more than is left', () => {
    const sold = [line('a', 1000, 7, 3), line('b', 500, 5)];
    const once = applyReturn(sold, [{ sku: 'a', quantity: 1, amount: 333 }]);
    if (!('lines' in once)) throw new Error('refused');
    expect(basePointsLeft(sold) - basePointsLeft(once.lines)).toBe(2);
    const rest = applyReturn(once.lines, [{ sku: 'a', quantity: 2, amount: 667 }]);
    if (!('lines' in rest)) throw new Error('refused');
    expect(basePointsLeft(sold) - basePointsLeft(rest.lines)).toBe(7);
    expect(remainingOf(rest.lines[0] as PartnerSaleLine)).toMatchObject({
      quantity: 0,
      amount: 0,
      points: 0,
    });
    expect(applyReturn(rest.lines, [{ sku: 'a', quantity: 1, amount: 1 }])).toEqual({ refused: 'a' });
    expect(applyReturn(sold, [{ sku: 'z', quantity: 1, amount: 1 }])).toEqual({ refused: 'z' });
  });

  it('take back a threshold bonus the return breaks, and only what is left of it', () => {
    const sold = [line('a', 2000, 20), line('b', 2500, 25)];
    const rules = new Map([['o', { kind: 'threshold', minSpendPence: 4000, points: 100 } as const]]);
    const bonuses = [{ offerId: 'o', title: 'Spend £40', points: 100, takenBack: 0 }];
    const returned = applyReturn(sold, [{ sku: 'a', quantity: 1, amount: 2000 }]);
    if (!('lines' in returned)) throw new Error('refused');
    expect(bonusesToTakeBack(bonuses, rules, returned.lines)).toEqual([
      { offerId: 'o', title: 'Spend £40', points: 100 },
    ]);
    expect(bonusesToTakeBack([{ ...bonuses[0]!, takenBack: 100 }], rules, returned.lines)).toEqual([]);
  });
});
