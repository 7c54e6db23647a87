import { describe, expect, it } from 'vitest';
import {
  formatPounds,
  memberPrice,
  priceCatalogue,
  priceCategories,
  priceCategoriesOf,
  priceCategoryKey,
} from './price-catalogue.ts';

describe('the member price', () => {
  it('is the base price minus the discount', () => {
    expect(memberPrice({ basePrice: 140, discount: 50 })).toBe(90);
    expect(memberPrice({ basePrice: 1800, discount: 900 })).toBe(900);
  });
  it('is lower than the normal price, and above nothing, for every row', () => {
    for (const row of priceCatalogue) {
      expect(row.discount, row.description).toBeGreaterThan(0);
      expect(row.discount, row.description).toBeLessThan(row.basePrice);
    }
  });
});

describe('pound strings', () => {
  it('look like £0.90', () => {
    expect(formatPounds(90)).toBe('£0.90');
    expect(formatPounds(1400)).toBe('£14.00');
    expect(formatPounds(1)).toBe('£0.01');
  });
});

describe('price category keys', () => {
  it('are the lowercased name with whitespace removed', () => {
    expect(priceCategoryKey('Fruit & vegetables')).toBe('fruit&vegetables');
    expect(priceCategoryKey('Toiletries & health')).toBe('toiletries&health');
    expect(priceCategoryKey('Bakery')).toBe('bakery');
  });
  it('list each distinct category once, in the catalogue order', () => {
    const rows = [{ category: 'Frozen' }, { category: 'Bakery' }, { category: 'Frozen' }] as const;
    expect(priceCategoriesOf(rows)).toEqual([
      { key: 'bakery', name: 'Bakery' },
      { key: 'frozen', name: 'Frozen' },
    ]);
  });
});

describe('the bundled catalogue', () => {
  it('has 3 to 5 products in each of the ten categories', () => {
    for (const name of priceCategories) {
      const count = priceCatalogue.filter((row) => row.category === name).length;
      expect(count, name).toBeGreaterThanOrEqual(3);
      expect(count, name).toBeLessThanOrEqual(5);
    }
  });
  it('has one row per SKU', () => {
    expect(new Set(priceCatalogue.map((row) => row.sku)).size).toBe(priceCatalogue.length);
  });
});
