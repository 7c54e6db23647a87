import { brand } from './brand.ts';
import type { Offer } from './offers.ts';
import { compareText } from './text-order.ts';

/*
 * No zod here: the homepage lists saved offers without loading it. The screen's choice from the URL is read
 * with savedOffersChoiceSchema (saved-offers-choice.ts).
 */

/**
 * The saved offers screen's choices (docs/product/signed-in-pages.md §S2.6): sort recentlySaved or
 * endingSoon, filter allOffers, the retailer's offers (`sainsburysOffers` in the contract) or partnersOffers.
 */
/** The saved offers screen: the `saved` value of the route table's /offers/:offerType. */
export const SAVED_OFFERS_PATH = '/offers/saved';

export const SAVED_OFFERS_SORTS = ['recentlySaved', 'endingSoon'] as const;
export const SAVED_OFFERS_FILTERS = ['allOffers', 'sainsburysOffers', 'partnersOffers'] as const;
export type SavedOffersSort = (typeof SAVED_OFFERS_SORTS)[number];
export type SavedOffersFilter = (typeof SAVED_OFFERS_FILTERS)[number];

export interface SavedOffersChoice {
  sort: SavedOffersSort;
  filter: SavedOffersFilter;
}

export const SAVED_OFFERS_DEFAULTS: SavedOffersChoice = { sort: 'recentlySaved', filter: 'allOffers' };

export const savedOffersSortLabels: Record<SavedOffersSort, string> = {
  recentlySaved: 'Recently saved',
  endingSoon: 'Ending soon',
};

export const savedOffersFilterLabels: Record<SavedOffersFilter, string> = {
  allOffers: 'All offers',
  sainsburysOffers: `${brand.retailer} offers`,
  partnersOffers: 'Partner offers',
};

/** The choice carried in the address (`?sort=&filter=`); an unknown value falls back to the default. */
/** An offer counts as saved if bookmarked or loaded (docs/product/signed-in-pages.md §S3). */
export const isSavedOffer = (offer: Pick<Offer, 'isBookmarked' | 'state'>) =>
  offer.isBookmarked || offer.state === 'LOADED' || offer.state === 'PINNED';

export const isDefaultSavedOffersChoice = (choice: SavedOffersChoice) =>
  choice.sort === SAVED_OFFERS_DEFAULTS.sort && choice.filter === SAVED_OFFERS_DEFAULTS.filter;

const time = (iso: string | null) => (iso ? Date.parse(iso) : 0);

/**
 * The saved offers as the screen lists them: only saved offers (loaded, pinned or bookmarked), narrowed by the
 * filter, pinned offers first, then by the sort (most recently saved first, or soonest ending first; ties
 * by title so the order is stable).
 */
type SortableOffer = Pick<Offer, 'isBookmarked' | 'state' | 'sourceType' | 'validTo' | 'savedAt' | 'title'>;

export function savedOffersView<T extends SortableOffer>(
  offers: readonly T[],
  choice: SavedOffersChoice,
): T[] {
  const endingSoon = choice.sort === 'endingSoon';
  // Each offer's keys read once, not in every comparison: a page of offers sorts on every render.
  const keyed = offers
    .filter(
      (offer) =>
        isSavedOffer(offer) &&
        (choice.filter === 'allOffers' ||
          (choice.filter === 'partnersOffers') === (offer.sourceType === 'COALITION')),
    )
    .map((offer) => ({
      offer,
      pinned: offer.state === 'PINNED' ? 1 : 0,
      at: time(endingSoon ? offer.validTo : offer.savedAt),
    }));
  keyed.sort(
    (a, b) =>
      b.pinned - a.pinned ||
      (endingSoon ? a.at - b.at : b.at - a.at) ||
      compareText(a.offer.title, b.offer.title),
  );
  return keyed.map(({ offer }) => offer);
}
