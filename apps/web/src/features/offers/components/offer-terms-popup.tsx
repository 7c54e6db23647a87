import { useState } from 'react';
import { Link } from 'react-router';
import { brand } from '@app/contracts/brand';
import type { Offer } from '@app/contracts/offers';
import { Button } from '../../../shared/ui/button.tsx';
import { Popup } from '../../../shared/ui/popup.tsx';

/** The popup manager's terms content type of each source (signed-in spec 2.6). */
export const termsPopupType = (offer: Pick<Offer, 'sourceType'>) =>
  offer.sourceType === 'COALITION'
    ? 'BRAND_TNC'
    : offer.sourceType === 'NECTAR_PRICE'
      ? 'NECTAR_PRICES_TNC'
      : 'FOOD_TNC';

/** Member-price offers point to the page that explains member prices. */
export function MemberPricesLink() {
  return (
    <p>
      <Link to={`/how-to-get-${brand.slug}-prices`}>How do {brand.name} Prices work?</Link>
    </p>
  );
}

/** 'Terms and conditions' on an offer card: the offer's terms in a popup, without leaving the list. */
export function OfferTermsButton({ offer }: { offer: Offer }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        variant="link"
        className="offer-card__terms"
        aria-haspopup="dialog"
        aria-label={`Terms and conditions: ${offer.title}`}
        onClick={() => setOpen(true)}
      >
        Terms and conditions
      </Button>
      <Popup open={open} onClose={() => setOpen(false)} title="Terms and conditions">
        <div data-popup-type={termsPopupType(offer)}>
          <p className="offer-card__sponsor">{offer.sponsorDisplayName}</p>
          <p>
            <strong>{offer.title}</strong>
          </p>
          <p className="offer-details__terms">{offer.terms}</p>
          {offer.sourceType === 'NECTAR_PRICE' ? <MemberPricesLink /> : null}
        </div>
      </Popup>
    </>
  );
}
