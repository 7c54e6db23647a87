import { useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { offersPaths } from '@app/contracts/offers-paths';
import { brand } from '@app/contracts/brand';
import type { Offer } from '@app/contracts/offers';
import { request } from '../../shared/http/client.ts';
import { Spinner } from '../../shared/ui/spinner.tsx';
import './redirects.css';
import { Alert } from '../../shared/ui/alert.tsx';

/** The details route of each source type (docs/product/signed-in-pages.md §S2.3). */
const detailsPath = (offer: Pick<Offer, 'id' | 'sourceType'>) =>
  offer.sourceType === 'COALITION'
    ? `/offer-details/brand/${offer.id}`
    : offer.sourceType === 'NECTAR_PRICE'
      ? `/offer-details/your-${brand.slug}-prices/${offer.id}`
      : `/offer-details/food/${offer.id}`;

/**
 * /offer-redirect?offerId=… (an email or app link to one offer): finds the offer and goes to its details
 * page. Without a session the 401 sends the visitor to sign-in and back here; an unknown offer says so.
 */
export function OfferRedirectPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const offerId = params.get('offerId') ?? params.get('id');
  const [error, setError] = useState<string>();

  useEffect(() => {
    if (!offerId) {
      void navigate('/homepage', { replace: true });
      return;
    }
    let live = true;
    // Unparsed: the offer redirect page draws without zod (ADR 048); typed from the contract.
    request<Offer>(offersPaths.offer(offerId))
      .then((offer) => live && void navigate(detailsPath(offer), { replace: true }))
      .catch((failure: Error) => live && setError(failure.message));
    return () => {
      live = false;
    };
  }, [offerId, navigate]);

  return (
    <main id="main" className="page redirect-page">
      <h1>Taking you to your offer</h1>
      {error ? (
        <>
          <Alert>{error}</Alert>
          <Link to="/homepage">See all your offers</Link>
        </>
      ) : (
        <Spinner label="Finding your offer" size="large" />
      )}
    </main>
  );
}

// The route's component (React Router's name for it): app/pages.ts loads this module lazily.
export { OfferRedirectPage as Component };
