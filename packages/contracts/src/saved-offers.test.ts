import { describe, expect, it } from 'vitest';
import type { Offer } from './offers.ts';
import { SAVED_OFFERS_DEFAULTS, isDefaultSavedOffersChoice, savedOffersView } from './saved-offers.ts';
import { savedOffersChoiceSchema } from './saved-offers-choice.ts';

const offer = (id: string, patch: Partial<Offer>): Offer => ({
  id,
  sourceType: 'PIANO',
  type: 'PRODUCT',
  state: 'LOADED',
  isBookmarked: false,
  title: id,
  description: '',
  sponsorDisplayName: '',
  howTo: '',
  category: { key: 'food', name: 'Food' },
  partnerId: null,
  points: 100,
  validFrom: '2026-11-01T00:00:00.000Z',
  validTo: '2026-12-31T00:00:00.000Z',
  terms: '',
  imgUrls: { imageUrl: { url: '', versions: [] }, sponsorImageUrl: null },
  imageUrls: { logoImageUrl: null, detailImageUrl: '' },
  savedAt: '2026-11-10T00:00:00.000Z',
  ...patch,
});

const offers = [
  offer('bread', { savedAt: '2026-11-12T00:00:00.000Z', validTo: '2026-12-01T00:00:00.000Z' }),
  offer('milk', { savedAt: '2026-11-15T00:00:00.000Z', validTo: '2026-12-20T00:00:00.000Z' }),
  offer('pinned-cheese', { state: 'PINNED', savedAt: '2026-11-01T00:00:00.000Z' }),
  offer('unloaded-eggs', { state: 'UNLOADED', savedAt: null }),
  offer('hidden-jam', { state: 'HIDDEN', savedAt: null }),
  offer('price-tea', { sourceType: 'NECTAR_PRICE', savedAt: '2026-11-11T00:00:00.000Z' }),
  offer('fuel', {
    sourceType: 'COALITION',
    state: 'OPTEDIN',
    isBookmarked: true,
    savedAt: '2026-11-14T00:00:00.000Z',
    validTo: '2026-11-30T00:00:00.000Z',
  }),
  offer('opted-in-only', { sourceType: 'COALITION', state: 'OPTEDIN', savedAt: null }),
];
const ids = (list: Offer[]) => list.map((o) => o.id);

describe('the saved offers view', () => {
  it('lists saved offers only, pinned first, most recently saved next', () => {
    expect(ids(savedOffersView(offers, SAVED_OFFERS_DEFAULTS))).toEqual([
      'pinned-cheese',
      'milk',
      'fuel',
      'bread',
      'price-tea',
    ]);
  });

  it('sorts by the soonest end with endingSoon', () => {
    expect(ids(savedOffersView(offers, { sort: 'endingSoon', filter: 'allOffers' }))).toEqual([
      'pinned-cheese',
      'fuel',
      'bread',
      'milk',
      'price-tea',
    ]);
  });

  it("filters to the retailer's offers or to partner offers", () => {
    expect(ids(savedOffersView(offers, { sort: 'recentlySaved', filter: 'sainsburysOffers' }))).toEqual([
      'pinned-cheese',
      'milk',
      'bread',
      'price-tea',
    ]);
    expect(ids(savedOffersView(offers, { sort: 'recentlySaved', filter: 'partnersOffers' }))).toEqual([
      'fuel',
    ]);
  });

  it('reads the choice from the address, falling back to the defaults', () => {
    expect(savedOffersChoiceSchema.parse({ sort: 'endingSoon', filter: 'partnersOffers' })).toEqual({
      sort: 'endingSoon',
      filter: 'partnersOffers',
    });
    expect(savedOffersChoiceSchema.parse({ sort: 'cheapest', filter: undefined })).toEqual(
      SAVED_OFFERS_DEFAULTS,
    );
    expect(isDefaultSavedOffersChoice(SAVED_OFFERS_DEFAULTS)).toBe(true);
    expect(isDefaultSavedOffersChoice({ sort: 'endingSoon', filter: 'allOffers' })).toBe(false);
  });
});
