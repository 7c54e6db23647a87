import type { OfferSummary } from '@app/contracts/offers';
import { OfferCard } from './offer-card.tsx';

const PICKS_SHOWN = 3;

const isSaved = (offer: OfferSummary) =>
  offer.state === 'LOADED' || offer.state === 'PINNED' || offer.isBookmarked;

/**
 * Picks for the member from their own offers (ADR 038): offers not yet saved, first those in the categories the
 * member saves from, then those worth the most points; at most three.
 */
export function picksFrom(offers: readonly OfferSummary[]): OfferSummary[] {
  const liked = new Set(offers.filter(isSaved).map((offer) => offer.category.key));
  const open = offers.filter((offer) => offer.state === 'UNLOADED' && offer.status !== 'LOCKED');
  const score = (offer: OfferSummary) => (liked.has(offer.category.key) ? 1 : 0);
  return [...open]
    .sort((a, b) => score(b) - score(a) || (b.points ?? 0) - (a.points ?? 0))
    .slice(0, PICKS_SHOWN);
}

/**
 * The homepage's picks section (docs/product/switches-and-constants.md §S9 'picks section' switch): nothing
 * when there is nothing to pick.
 */
export function PicksSection({ offers }: { offers: readonly OfferSummary[] }) {
  const picks = picksFrom(offers);
  if (picks.length === 0) return null;
  return (
    <section className="offers-home__section offers-home__picks" aria-labelledby="picks-for-you">
      <h2 id="picks-for-you">Picks for you</h2>
      <p className="offers-home__hint">
        Chosen from the offers you save most. Save one to your card to use it.
      </p>
      <ul className="offers__grid">
        {picks.map((offer) => (
          <li key={offer.id}>
            <OfferCard offer={offer} />
          </li>
        ))}
      </ul>
    </section>
  );
}
