import { useState } from 'react';
import { Link } from 'react-router';
import { brand } from '@app/contracts/brand';
import { GENERIC_ERROR_MESSAGE } from '@app/contracts/error-messages';
import type { OfferSummary } from '@app/contracts/offers';
import { Spinner } from '../../../shared/ui/spinner.tsx';
import { useOffer } from '../api/get-offer.ts';
import { Button } from '../../../shared/ui/button.tsx';
import { Popup } from '../../../shared/ui/popup.tsx';
import { Alert } from '../../../shared/ui/alert.tsx';

/** The popup manager's terms content type of each source (docs/product/signed-in-pages.md §S2.6). */
export const termsPopupType = (offer: Pick<OfferSummary, 'sourceType'>) =>
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

/** The terms come with the details call, not with the list (ADR 016): read when the popup opens. */
function OfferTerms({ offerId }: { offerId: string }) {
  const { data, isPending, isError } = useOffer(offerId);
  if (isPending) return <Spinner label="Loading the terms" />;
  if (isError) return <Alert>{GENERIC_ERROR_MESSAGE}</Alert>;
  return <p className="offer-details__terms">{data.terms}</p>;
}

/** 'Terms and conditions' on an offer card: the offer's terms in a popup, without leaving the list. */
export function OfferTermsButton({ offer }: { offer: OfferSummary }) {
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
          {open ? <OfferTerms offerId={offer.id} /> : null}
          {offer.sourceType === 'NECTAR_PRICE' ? <MemberPricesLink /> : null}
        </div>
      </Popup>
    </>
  );
}
