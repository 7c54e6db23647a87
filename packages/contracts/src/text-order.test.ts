import { describe, expect, it } from 'vitest';
import { compareText } from './text-order.ts';

describe('compareText', () => {
  it('orders plain English as localeCompare does: ignoring case, then lower case first', () => {
    const words = ['banana', 'Apple', 'cherry', 'apple', 'Bakery', 'Fuel', 'Food', 'Zest', 'zest', 'Drinks'];
    expect([...words].sort(compareText)).toEqual([...words].sort((a, b) => a.localeCompare(b, 'en-GB')));
    expect([...words].sort(compareText)).toEqual([
      'apple',
      'Apple',
      'Bakery',
      'banana',
      'cherry',
      'Drinks',
      'Food',
      'Fuel',
      'zest',
      'Zest',
    ]);
  });
});
