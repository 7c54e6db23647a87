import { Link } from 'react-router';
import { Spinner } from '../../shared/ui/spinner.tsx';
import { useOffers } from './api/get-offers.ts';
import { OfferCard } from './components/offer-card.tsx';
import './offers.css';
import { Alert } from '../../shared/ui/alert.tsx';

/**
 * /my-offers (session; analytics name 'New Offers', docs/product/signed-in-pages.md §S2.5): the offers the
 * member has not saved, hidden or used yet, so they can load them. Where `next` points after sign-in from the
 * root (§S4).
 */
export function MyOffersPage() {
  const offers = useOffers();
  const fresh = (offers.data ?? []).filter(
    (offer) => offer.state === 'UNLOADED' && offer.status !== 'LOCKED',
  );
  return (
    <main id="main" className="page">
      <h1>New offers</h1>
      <p>Save the offers you like to your card before you shop. Saved offers are on your homepage.</p>
      {offers.isPending ? (
        <Spinner label="Loading your offers" size="large" />
      ) : offers.isError ? (
        <Alert>{offers.error.message}</Alert>
      ) : fresh.length === 0 ? (
        <p>
          You've seen all your offers. <Link to="/homepage">See your saved offers</Link>.
        </p>
      ) : (
        <ul className="offers__grid" aria-label="New offers">
          {fresh.map((offer) => (
            <li key={offer.id}>
              <OfferCard offer={offer} headingLevel={2} />
            </li>
          ))}
        </ul>
      )}
    </main>
  );
}

// The route's component (React Router's name for it): app/pages.ts loads this module lazily.
export { MyOffersPage as Component };
