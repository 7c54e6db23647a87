import CalendarClock from 'lucide-react/icons/calendar-clock';
import ChevronLeft from 'lucide-react/icons/chevron-left';
import Tag from 'lucide-react/icons/tag';
import type { ReactNode } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import { brand } from '@app/contracts/brand';
import type { Offer } from '@app/contracts/offers';
import { SUPERMARKET_OFFERS_PATH } from '@app/contracts/routes';
import { SAVED_OFFERS_PATH } from '@app/contracts/saved-offers';
import { SanitisedHtml } from '../../shared/ui/sanitised-html.tsx';
import { Spinner } from '../../shared/ui/spinner.tsx';
import { useOffer } from './api/get-offer.ts';
import { OfferActions, offerEndsOn } from './components/offer-card.tsx';
import { OfferImage, OfferSponsor } from './components/offer-image.tsx';
import { MemberPricesLink } from './components/offer-terms-popup.tsx';
import './offers.css';
import { Alert } from '../../shared/ui/alert.tsx';

/**
 * The list each details route belongs to (docs/product/signed-in-pages.md §S2.3), for the page's back link.
 */
export function offerListOf(pathname: string): { to: string; label: string } {
  if (pathname.startsWith('/saved/')) return { to: SAVED_OFFERS_PATH, label: 'Back to your saved offers' };
  if (pathname.startsWith('/offer-details/brand/'))
    return { to: '/partners', label: 'Back to partner offers' };
  if (pathname.startsWith(`/offer-details/your-${brand.slug}-prices/`))
    return {
      to: `${SUPERMARKET_OFFERS_PATH}?filter=your-${brand.slug}-prices`,
      label: `Back to Your ${brand.name} Prices`,
    };
  return { to: SUPERMARKET_OFFERS_PATH, label: `Back to ${brand.retailer} offers` };
}

function BackLink({ to, label }: { to: string; label: string }) {
  return (
    <p className="offer-details__back">
      <Link to={to}>
        <ChevronLeft aria-hidden="true" size={18} strokeWidth={2.5} />
        {label}
      </Link>
    </p>
  );
}

/** The offer-details pages (food, member prices, brand, and their saved variants): one offer in full. */
export function OfferDetailsPage() {
  const { offerId = '' } = useParams();
  const { pathname } = useLocation();
  const offer = useOffer(offerId);
  const onBrandPage = pathname.includes('/brand/');
  const back = offerListOf(pathname);

  if (offer.isPending) return <Spinner size="large" label="Loading the offer" />;
  if (offer.isError) {
    return (
      <main id="main" className="offers-page">
        <BackLink {...back} />
        <h1>This offer isn't available</h1>
        <Alert>{offer.error.message}</Alert>
        <Link to="/homepage">Back to your offers</Link>
      </main>
    );
  }
  return (
    <OfferDetailsView
      offer={offer.data}
      onBrandPage={onBrandPage}
      back={<BackLink {...back} />}
      actions={<OfferActions offer={offer.data} />}
    />
  );
}

/** One offer in full; the details pages add a back link and its actions, the preview page shows it without. */
export function OfferDetailsView({
  offer: data,
  onBrandPage,
  back,
  actions,
}: {
  offer: Offer;
  onBrandPage: boolean;
  back?: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <main id="main" className="offers-page offer-details">
      {back}
      <div className="offer-details__layout">
        <div className="offer-details__picture">
          <OfferImage offer={data} sizes="(min-width: 768px) 420px, 100vw" />
        </div>
        <div className="offer-details__main">
          <OfferSponsor offer={data} showLogo={!onBrandPage} />
          <h1 className="offer-details__title">{data.title}</h1>
          <p className="offer-details__description">{data.description}</p>
          <dl className="offer-details__facts">
            <div className="offer-details__fact">
              <dt>
                <CalendarClock aria-hidden="true" size={18} strokeWidth={2.25} />
                Ends
              </dt>
              <dd>{offerEndsOn(data)}</dd>
            </div>
            <div className="offer-details__fact">
              <dt>
                <Tag aria-hidden="true" size={18} strokeWidth={2.25} />
                Category
              </dt>
              <dd>{data.category.name}</dd>
            </div>
          </dl>
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

// The route's component (React Router's name for it): app/pages.ts loads this module lazily.
export { OfferDetailsPage as Component };
