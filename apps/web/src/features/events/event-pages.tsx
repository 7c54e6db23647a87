import { Link, useParams } from 'react-router';
import { brand } from '@app/contracts/brand';
import type { MarketingEvent } from '@app/contracts/marketing';
import type { OfferSummary } from '@app/contracts/offers';
import { SIGN_IN_PATH } from '@app/contracts/routes';
import { SanitisedHtml } from '../../shared/ui/sanitised-html.tsx';
import { Spinner } from '../../shared/ui/spinner.tsx';
import { useEvent } from './api/get-event.ts';
import { useEventOffers } from './api/get-event-offers.ts';
import { campaignLink } from './campaign-link.ts';
import './events.css';
import { Alert } from '../../shared/ui/alert.tsx';
import { longDate } from '../../shared/format/uk-format.ts';

const detailsPath = (offer: Pick<OfferSummary, 'id' | 'sourceType'>) =>
  offer.sourceType === 'COALITION'
    ? `/offer-details/brand/${offer.id}`
    : offer.sourceType === 'NECTAR_PRICE'
      ? `/offer-details/your-${brand.slug}-prices/${offer.id}`
      : `/offer-details/food/${offer.id}`;

/** Loads the event of the route's `:eventId` (or `:id`) and shows loading, not-found and failure states. */
function WithEvent({ children }: { children: (event: MarketingEvent) => React.JSX.Element }) {
  const params = useParams();
  const eventId = params.eventId ?? params.id ?? '';
  const event = useEvent(eventId);
  if (event.isPending) return <Spinner label="Loading the event" size="large" />;
  if (event.isError) {
    return (
      <>
        <h1>Event</h1>
        <Alert>{event.error.message}</Alert>
        <Link to="/homepage">See your offers</Link>
      </>
    );
  }
  return children(event.data);
}

function EventHeader({ event }: { event: MarketingEvent }) {
  return (
    <header className="event__header">
      <h1>{event.title}</h1>
      <p className="event__dates">
        {longDate(event.startsAt)} to {longDate(event.endsAt)}
      </p>
      <p className="event__summary">{event.summary}</p>
    </header>
  );
}

function EventOffers({ event }: { event: MarketingEvent }) {
  const offers = useEventOffers(event.offerIds, true);
  if (offers.isPending) return <Spinner label="Loading the event's offers" />;
  if (offers.isError) return <Alert>{offers.error.message}</Alert>;
  if (offers.data.length === 0) return <p>None of this event's offers are available to you right now.</p>;
  return (
    <ul className="event__offers">
      {offers.data.map((offer) => (
        <li key={offer.id}>
          <Link to={detailsPath(offer)}>{offer.title}</Link>
          <span className="event__offer-state">
            {offer.state === 'LOADED' || offer.state === 'PINNED'
              ? 'Saved'
              : offer.state === 'OPTEDIN'
                ? 'Opted in'
                : 'Not saved yet'}
          </span>
        </li>
      ))}
    </ul>
  );
}

/** /marketing-event/:eventId (session): the event, the member's offers in it, and its terms. */
export function MarketingEventPage() {
  return (
    <main id="main" className="page event">
      <WithEvent>
        {(event) => (
          <>
            <EventHeader event={event} />
            <SanitisedHtml className="event__body" html={event.description} />
            <h2>Your offers in this event</h2>
            <EventOffers event={event} />
            <p className="event__links">
              <Link className="button button--primary" to={event.ctaPath}>
                {event.ctaLabel}
              </Link>
              <Link to={`/marketing-event/${event.id}/terms-and-conditions`}>Terms and conditions</Link>
            </p>
          </>
        )}
      </WithEvent>
    </main>
  );
}

/** /marketing-event/:eventId/terms-and-conditions (session). */
export function MarketingEventTermsPage() {
  return (
    <main id="main" className="page event">
      <WithEvent>
        {(event) => (
          <>
            <h1>{event.title}: terms and conditions</h1>
            <SanitisedHtml className="event__body" html={event.terms} />
            <Link to={`/marketing-event/${event.id}`}>Back to the event</Link>
          </>
        )}
      </WithEvent>
    </main>
  );
}

/** /offer-event/:eventId (public): the event for anyone, with log in to see and save its offers. */
export function OfferEventPage() {
  return (
    <main id="main" className="page event">
      <WithEvent>
        {(event) => (
          <>
            <EventHeader event={event} />
            <SanitisedHtml className="event__body" html={event.description} />
            <p className="event__links">
              <Link
                className="button button--primary"
                to={`${SIGN_IN_PATH}?${new URLSearchParams({ next: campaignLink(`/marketing-event/${event.id}`, '/homepage') }).toString()}`}
              >
                Log in to see your offers
              </Link>
              <Link to="/id/start/sign-up">Not a member? Register</Link>
            </p>
            <details className="event__terms">
              <summary>Terms and conditions</summary>
              <SanitisedHtml html={event.terms} />
            </details>
          </>
        )}
      </WithEvent>
    </main>
  );
}

/** /skinnyevent/:id (public): the slim banner of the homepage pod, opened on its own. */
export function SkinnyEventPage() {
  return (
    <main id="main" className="page event">
      <WithEvent>
        {(event) => (
          <section className="event__skinny" aria-labelledby="skinny-heading">
            <h1 id="skinny-heading">{event.title}</h1>
            <p>{event.summary}</p>
            <p className="event__dates">Until {longDate(event.endsAt)}</p>
            <Link className="button button--primary" to={campaignLink(`/marketing-event/${event.id}`)}>
              See the event
            </Link>
          </section>
        )}
      </WithEvent>
    </main>
  );
}
