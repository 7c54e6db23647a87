import { useState } from 'react';
import type { OfferSummary } from '@app/contracts/offers';
import { Popup } from '../../../shared/ui/popup.tsx';

/** How wide the picture is drawn: a small square on a phone's card, a card's width on larger screens. */
const CARD_SIZES = '(max-width: 39.99rem) 112px, 320px';

/**
 * Offer-image rules (docs/product/switches-and-constants.md §S9): a personalised (PIANO) offer shows a
 * clickable image that opens a zoom view of the largest image with background scroll locked; other offers use
 * responsive versions (288 to 1360 pixels). The picture is the offer's product on a tinted panel: it holds no
 * text, so it is decorative (empty alt) and the title beside it is never covered. The sponsor's logo sits by
 * the sponsor's name (OfferSponsor), not on the picture.
 */
export function OfferImage({ offer, sizes = CARD_SIZES }: { offer: OfferSummary; sizes?: string }) {
  const [zoomed, setZoomed] = useState(false);
  const versions = offer.imgUrls.imageUrl.versions;
  const smallest = versions[0]?.url ?? offer.imgUrls.imageUrl.url;
  const largest = [...versions].sort((a, b) => b.width - a.width)[0]?.url ?? offer.imgUrls.imageUrl.url;
  const srcSet = versions.map((version) => `${version.url} ${version.width}w`).join(', ');
  const picture = (
    <img src={smallest} srcSet={srcSet} sizes={sizes} alt="" width={288} height={162} loading="lazy" />
  );

  if (offer.sourceType === 'PIANO') {
    return (
      <>
        <button type="button" className="offer-image offer-image--zoomable" onClick={() => setZoomed(true)}>
          {picture}
          <span className="visually-hidden">Zoom in on the image of {offer.title}</span>
        </button>
        <Popup open={zoomed} onClose={() => setZoomed(false)} title={offer.title}>
          <img className="offer-image__zoomed" src={largest} alt={offer.title} />
        </Popup>
      </>
    );
  }
  return <div className="offer-image">{picture}</div>;
}

/**
 * Who runs the offer, with the partner's logo beside the name for partner offers
 * (docs/product/switches-and-constants.md §S9: except on the brand detail page). The logo is decorative
 * there: the name is written next to it.
 */
export function OfferSponsor({ offer, showLogo = true }: { offer: OfferSummary; showLogo?: boolean }) {
  const logo = offer.sourceType === 'COALITION' && showLogo ? offer.imgUrls.sponsorImageUrl : null;
  return (
    <p className="offer-sponsor">
      {logo ? <img className="offer-sponsor__logo" src={logo} alt="" width={28} height={28} /> : null}
      <span>{offer.sponsorDisplayName}</span>
    </p>
  );
}
