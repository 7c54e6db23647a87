import { useState } from 'react';
import type { OfferSummary } from '@app/contracts/offers';
import { Popup } from '../../../shared/ui/popup.tsx';

/**
 * Offer-image rules (signed-in spec 9): a personalised (PIANO) offer shows a clickable image that opens a zoom
 * view of the largest image with background scroll locked; other offers use responsive versions (288 to 1360
 * pixels); partner offers show the sponsor's logo except on the brand detail page.
 */
export function OfferImage({ offer, onBrandPage = false }: { offer: OfferSummary; onBrandPage?: boolean }) {
  const [zoomed, setZoomed] = useState(false);
  const versions = offer.imgUrls.imageUrl.versions;
  const smallest = versions[0]?.url ?? offer.imgUrls.imageUrl.url;
  const largest = [...versions].sort((a, b) => b.width - a.width)[0]?.url ?? offer.imgUrls.imageUrl.url;
  const srcSet = versions.map((version) => `${version.url} ${version.width}w`).join(', ');
  const sizes = '(min-width: 768px) 320px, 100vw';

  if (offer.sourceType === 'PIANO') {
    return (
      <>
        <button type="button" className="offer-image offer-image--zoomable" onClick={() => setZoomed(true)}>
          <img src={smallest} srcSet={srcSet} sizes={sizes} alt="" width={288} height={161} />
          <span className="visually-hidden">Zoom in on the image of {offer.title}</span>
        </button>
        <Popup open={zoomed} onClose={() => setZoomed(false)} title={offer.title}>
          <img className="offer-image__zoomed" src={largest} alt={offer.title} />
        </Popup>
      </>
    );
  }
  return (
    <div className="offer-image">
      <img src={smallest} srcSet={srcSet} sizes={sizes} alt="" width={288} height={161} loading="lazy" />
      {offer.sourceType === 'COALITION' && !onBrandPage && offer.imgUrls.sponsorImageUrl ? (
        <img
          className="offer-image__sponsor"
          src={offer.imgUrls.sponsorImageUrl}
          alt={offer.sponsorDisplayName}
        />
      ) : null}
    </div>
  );
}
