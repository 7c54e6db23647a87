import BadgeCheck from 'lucide-react/icons/badge-check';
import CalendarClock from 'lucide-react/icons/calendar-clock';
import Lock from 'lucide-react/icons/lock';
import Pin from 'lucide-react/icons/pin';
import { useState } from 'react';
import { Link } from 'react-router';
import { brand } from '@app/contracts/brand';
import type { OfferSummary } from '@app/contracts/offers';
import { HttpError } from '../../../shared/http/client.ts';
import { Button } from '../../../shared/ui/button.tsx';
import { useToast } from '../../../shared/ui/toast.tsx';
import { useReportSeen } from '../api/report-seen-offers.ts';
import { useUpdateOfferState } from '../api/update-offer-state.ts';
import { useOptInToPartnerOffer, useSetPartnerOfferBookmark } from '../api/update-partner-offer.ts';
import { OfferImage, OfferSponsor } from './offer-image.tsx';
import { OfferTermsButton } from './offer-terms-popup.tsx';
import { longDate } from '../../../shared/format/uk-format.ts';

/** The details route of each source type (docs/product/signed-in-pages.md §S2.3). */
export const offerDetailsPath = (offer: Pick<OfferSummary, 'id' | 'sourceType'>) =>
  offer.sourceType === 'COALITION'
    ? `/offer-details/brand/${offer.id}`
    : offer.sourceType === 'NECTAR_PRICE'
      ? `/offer-details/your-${brand.slug}-prices/${offer.id}`
      : `/offer-details/food/${offer.id}`;

/**
 * From the saved offers screen, retailer and partner offers open their saved details routes
 * (docs/product/signed-in-pages.md §S2.3).
 */
const savedOfferDetailsPath = (offer: Pick<OfferSummary, 'id' | 'sourceType'>) =>
  offer.sourceType === 'COALITION'
    ? `/saved/offer-details/brand/${offer.id}`
    : offer.sourceType === 'PIANO'
      ? `/saved/offer-details/food/${offer.id}`
      : offerDetailsPath(offer);

export const offerEndsOn = (offer: Pick<OfferSummary, 'validTo'>) => longDate(offer.validTo);

/**
 * The actions an offer's state allows (docs/product/signed-in-pages.md §S4), shared by the card and the
 * details page.
 */
export function OfferActions({ offer }: { offer: OfferSummary }) {
  const toast = useToast();
  const updateState = useUpdateOfferState();
  const optIn = useOptInToPartnerOffer();
  const bookmark = useSetPartnerOfferBookmark();
  // A refusal the server explains (ended, locked, not allowed) is said; anything else is the default error.
  const showError = (error: unknown) =>
    toast.show({
      level: 'ERROR',
      ...(error instanceof HttpError && error.status < 500 ? { message: error.message } : {}),
    });
  const change = (state: 'LOADED' | 'UNLOADED' | 'HIDDEN' | 'PINNED') =>
    updateState.mutateAsync([{ id: offer.id, state }]).catch(showError);

  const hide = async () => {
    await change('HIDDEN');
    toast.show({
      level: 'INFO',
      message: `Offer hidden: ${offer.title}`,
      // Undo unhides the offer (docs/product/signed-in-pages.md §S2.6 Notifications); a failure shows the
      // default error. The Hide button has gone with the offer, so the keyboard focus goes to Undo.
      action: { label: 'Undo', onAction: () => void change('UNLOADED'), focus: true },
    });
  };

  const isPartner = offer.sourceType === 'COALITION';
  const saved = offer.state === 'LOADED' || offer.state === 'PINNED';
  return (
    <div className="offer-card__actions">
      {isPartner ? (
        <>
          {offer.state === 'OPTEDIN' ? (
            <p className="offer-card__done">Opted in</p>
          ) : (
            <Button loading={optIn.isPending} onClick={() => void optIn.mutateAsync(offer).catch(showError)}>
              Opt in
            </Button>
          )}
          <Button
            variant="secondary"
            aria-pressed={offer.isBookmarked}
            loading={bookmark.isPending}
            onClick={() =>
              void bookmark
                .mutateAsync({ offerId: offer.id, bookmarked: !offer.isBookmarked })
                .catch(showError)
            }
          >
            {offer.isBookmarked ? 'Bookmarked' : 'Bookmark'}
          </Button>
        </>
      ) : saved ? (
        <>
          <Button
            variant="secondary"
            onClick={() => void change(offer.state === 'PINNED' ? 'LOADED' : 'PINNED')}
          >
            {offer.state === 'PINNED' ? 'Unpin' : 'Pin'}
          </Button>
          <Button variant="link" onClick={() => void change('UNLOADED')}>
            Remove
          </Button>
        </>
      ) : (
        <>
          <Button onClick={() => void change('LOADED')}>Load offer</Button>
          <Button variant="link" onClick={() => void hide()}>
            Hide
          </Button>
        </>
      )}
    </div>
  );
}

/** The end date with its label, as every offer shows it. */
export function OfferEnds({ offer }: { offer: Pick<OfferSummary, 'validTo'> }) {
  return (
    <p className="offer-card__ends">
      <CalendarClock aria-hidden="true" size={16} strokeWidth={2.25} />
      <span>Ends {offerEndsOn(offer)}</span>
    </p>
  );
}

/**
 * One offer in a list: its picture, sponsor, title (a link to its details), end date and actions. The title's
 * heading level follows the page's outline: 2 under the page's h1, 3 under a section's h2 (axe heading-order).
 */
export function OfferCard({
  offer,
  saved: fromSaved = false,
  preview = false,
  headingLevel = 3,
}: {
  offer: OfferSummary;
  saved?: boolean;
  /** A preview (no session): no actions, no link, nothing reported as seen. */
  preview?: boolean;
  headingLevel?: 2 | 3;
}) {
  const [element, setElement] = useState<HTMLElement | null>(null);
  useReportSeen(offer.id, preview ? null : element);
  const saved = offer.state === 'LOADED' || offer.state === 'PINNED';
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <article
      ref={setElement}
      className={`offer-card${saved || offer.state === 'OPTEDIN' ? ' offer-card--saved' : ''}`}
      aria-label={offer.title}
    >
      <OfferImage offer={offer} />
      <div className="offer-card__body">
        <OfferSponsor offer={offer} />
        <Heading className="offer-card__title">
          {preview ? (
            offer.title
          ) : (
            <Link to={fromSaved ? savedOfferDetailsPath(offer) : offerDetailsPath(offer)}>{offer.title}</Link>
          )}
        </Heading>
        <OfferEnds offer={offer} />
        {offer.state === 'PINNED' || offer.status === 'LOCKED' || offer.paidOut ? (
          <p className="offer-card__badges">
            {offer.paidOut ? (
              <span className="offer-card__badge offer-card__badge--paid">
                <BadgeCheck aria-hidden="true" size={14} strokeWidth={2.5} />
                Paid out
              </span>
            ) : null}
            {offer.state === 'PINNED' ? (
              <span className="offer-card__badge">
                <Pin aria-hidden="true" size={14} strokeWidth={2.5} />
                Pinned
              </span>
            ) : null}
            {offer.status === 'LOCKED' ? (
              <span className="offer-card__badge">
                <Lock aria-hidden="true" size={14} strokeWidth={2.5} />
                Locked
              </span>
            ) : null}
          </p>
        ) : null}
        <OfferTermsButton offer={offer} />
      </div>
      {preview ? null : <OfferActions offer={offer} />}
    </article>
  );
}
