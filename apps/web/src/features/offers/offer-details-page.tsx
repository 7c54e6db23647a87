import type { ReactNode } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import type { Offer } from '@app/contracts/offers';
import { SanitisedHtml } from '../../shared/ui/sanitised-html.tsx';
import { Spinner } from '../../shared/ui/spinner.tsx';
import { useOffer } from './api/get-offer.ts';
import { OfferActions, offerEndsOn } from './components/offer-card.tsx';
import { OfferImage } from './components/offer-image.tsx';
import { MemberPricesLink } from './components/offer-terms-popup.tsx';
import './offers.css';

/** The offer-details pages (food, member prices, brand, and their saved variants): one offer in full. */
export function OfferDetailsPage() {
  const { offerId = '' } = useParams();
  const { pathname } = useLocation();
  const offer = useOffer(offerId);
  const onBrandPage = pathname.includes('/brand/');

  if (offer.isPending) return <Spinner size="large" label="Loading the offer" />;
  if (offer.isError) {
    return (
      <main id="main" className="offers-page">
        <h1>This offer isn't available</h1>
        <p role="alert">{offer.error.message}</p>
        <Link to="/homepage">Back to your offers</Link>
      </main>
    );
  }
  return (
    <OfferDetailsView
      offer={offer.data}
      onBrandPage={onBrandPage}
      actions={<OfferActions offer={offer.data} />}
    />
  );
}

/** One offer in full; the details pages add its actions, the preview page shows it without them. */
export function OfferDetailsView({
  offer: data,
  onBrandPage,
  actions,
}: {
  offer: Offer;
  onBrandPage: boolean;
  actions?: ReactNode;
}) {
  return (
    <main id="main" className="offers-page offer-details">
      <p className="offer-card__sponsor">{data.sponsorDisplayName}</p>
      <h1>{data.title}</h1>
      <div className="offer-details__layout">
        <OfferImage offer={data} onBrandPage={onBrandPage} />
        <div>
          <p>{data.description}</p>
          <p className="offer-card__ends">Ends {offerEndsOn(data)}</p>
          {actions}
          <h2>How to get this offer</h2>
          <SanitisedHtml html={data.howTo} />
          <h2>Terms and conditions</h2>
          <p className="offer-details__terms">{data.terms}</p>
          {data.sourceType === 'NECTAR_PRICE' ? <MemberPricesLink /> : null}
        </div>
      </div>
    </main>
  );
}
