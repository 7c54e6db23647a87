// @databases none: pure rules and helpers; it opens no database.
import { describe, expect, it } from 'vitest';
import { offerCatalogue } from './catalogue.ts';

describe('seeded offer catalogue', () => {
  const catalogue = offerCatalogue();
  it('has at least 60 offers of the three source types', () => {
    expect(catalogue.length).toBeGreaterThanOrEqual(60);
    expect(new Set(catalogue.map((offer) => offer.sourceType))).toEqual(
      new Set(['PIANO', 'COALITION', 'NECTAR_PRICE']),
    );
  });
  it('never shows a member two offers with the same id or title', () => {
    expect(new Set(catalogue.map((offer) => offer.id)).size).toBe(catalogue.length);
    expect(new Set(catalogue.map((offer) => offer.title)).size).toBe(catalogue.length);
  });
});
