// @databases none: pure rules and helpers; it opens no database.
import { describe, expect, it } from 'vitest';
import { offerCatalogue } from '../../start-data/catalogue/offers.ts';
import { offerPictureSvg } from './offer-picture-svg.ts';
import { OFFER_PICTURES, offerPictureKey } from './offer-pictures.ts';

describe('offer pictures', () => {
  it("gives an offer its own picture, or its category's, or shopping bags for a category it does not know", () => {
    expect(offerPictureKey({ picture: 'croissant', categoryKey: 'bakery' })).toBe('croissant');
    expect(offerPictureKey({ picture: null, categoryKey: 'bakery' })).toBe('bread');
    expect(offerPictureKey({ picture: 'no-such-picture', categoryKey: 'pets' })).toBe('pets');
    expect(offerPictureKey({ picture: null, categoryKey: 'garden' })).toBe('bags');
  });

  it('names a known picture for every offer of the catalogue', () => {
    for (const offer of offerCatalogue()) {
      expect(Object.keys(OFFER_PICTURES), offer.id).toContain(offer.picture);
    }
  });

  it('draws every picture small, in its tint, with no text', () => {
    for (const picture of Object.values(OFFER_PICTURES)) {
      const svg = offerPictureSvg(picture, 288);
      expect(svg).toContain('width="288" height="162"');
      expect(svg).toContain(`fill="${picture.tint}"`);
      expect(svg).not.toContain('<text');
      expect(svg.length).toBeLessThan(5000);
    }
  });
});
