import { useQuery } from '@tanstack/react-query';
import { useLocation, useParams } from 'react-router';
import { offersPaths } from '@app/contracts/offers-paths';
import type { Offer } from '@app/contracts/offers';
import { request } from '../../shared/http/client.ts';
import { Spinner } from '../../shared/ui/spinner.tsx';
import { OfferCard, OfferEnds } from './components/offer-card.tsx';
import { OfferImage, OfferSponsor } from './components/offer-image.tsx';
import { OfferDetailsView } from './offer-details-page.tsx';
import './offers.css';
import { Alert } from '../../shared/ui/alert.tsx';

/** The large card an offer gets at the top of a page. */
function HeroCard({ offer }: { offer: Offer }) {
  return (
    <article className="offer-hero" aria-label={offer.title}>
      <OfferImage offer={offer} sizes="(min-width: 40rem) 560px, 100vw" />
      <div className="offer-hero__body">
        <OfferSponsor offer={offer} />
        <h2 className="offer-hero__title">{offer.title}</h2>
        <p>{offer.description}</p>
        <OfferEnds offer={offer} />
      </div>
    </article>
  );
}

/**
 * The preview pages (docs/product/signed-in-pages.md §S2.1): /offercard-preview, /herocard-preview and
 * /offerdetails-preview with a signed token. Anyone holding the link sees that offer as a member would,
 * without signing in and without actions; an expired or altered link says so.
 */
export function OfferPreviewPage() {
  const { jwtToken = '' } = useParams();
  const { pathname } = useLocation();
  const offer = useQuery({
    queryKey: ['offer-preview', jwtToken],
    // Unparsed: the offer preview page draws without zod (ADR 048); typed from the contract.
    queryFn: () => request<Offer>(offersPaths.preview(jwtToken)),
    retry: false,
  });

  if (offer.isPending) return <Spinner size="large" label="Loading the preview" />;
  if (offer.isError) {
    return (
      <main id="main" className="offers-page">
        <h1>This preview isn't available</h1>
        <Alert>{offer.error.message}</Alert>
      </main>
    );
  }
  if (pathname.startsWith('/offerdetails-preview/')) {
    return <OfferDetailsView offer={offer.data} onBrandPage={false} />;
  }
  const hero = pathname.startsWith('/herocard-preview/');
  return (
    <main id="main" className="offers-page offer-preview">
      <h1>{hero ? 'Hero card preview' : 'Offer card preview'}</h1>
      <p className="offer-preview__note">
        This is how the offer looks to members. Its buttons are not shown.
      </p>
      <div className={hero ? 'offer-preview__hero' : 'offer-preview__card'}>
        {hero ? <HeroCard offer={offer.data} /> : <OfferCard offer={offer.data} preview headingLevel={2} />}
      </div>
    </main>
  );
}

// The route's component (React Router's name for it): app/pages.ts loads this module lazily.
export { OfferPreviewPage as Component };
