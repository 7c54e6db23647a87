import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { OfferSummary } from '@app/contracts/offers';
import { SUPERMARKET_OFFERS_PATH } from '@app/contracts/routes';
import { SAVED_OFFERS_DEFAULTS, SAVED_OFFERS_PATH, savedOffersView } from '@app/contracts/saved-offers';
import { profileQueryOptions } from '../../shared/session/get-profile.ts';
import { Button } from '../../shared/ui/button.tsx';
import { Spinner } from '../../shared/ui/spinner.tsx';
import { useToast } from '../../shared/ui/toast.tsx';
import { useBalance } from '../../shared/session/get-balance.ts';
import { useOffers } from './api/get-offers.ts';
import { usePartnerOffers } from './api/get-partner-offers.ts';
import { useUpdateOfferState } from './api/update-offer-state.ts';
import { OfferCard } from './components/offer-card.tsx';
import './offers.css';
import { EmptyState } from '../../shared/ui/empty-state.tsx';
import { homepageEmptyStates } from './homepage-empty-states.ts';
import { Alert } from '../../shared/ui/alert.tsx';
import { isSwitchOn } from '../../shared/switches/switches.ts';
import { DigitalWeekBanner } from './components/digital-week-banner.tsx';
import { PicksSection } from './components/picks-section.tsx';
import { WaysToSpend } from './components/ways-to-spend.tsx';
import { wholeNumber } from '../../shared/format/uk-format.ts';

const LOAD_FAILED = "We couldn't load your offers. Please try again later.";

/** The homepage shows a taste of each list; the full lists have their own pages. */
const HOME_LIST_SIZE = 6;

function OfferList({
  offers,
  empty,
  more,
}: {
  offers: OfferSummary[];
  empty: string;
  /** A link to the full list: when there are more than shown, or whenever the list is not empty. */
  more?: { to: string; label: string; always?: boolean };
}) {
  if (offers.length === 0) return <EmptyState>{empty}</EmptyState>;
  const shown = more ? offers.slice(0, HOME_LIST_SIZE) : offers;
  return (
    <>
      <ul className="offers__grid">
        {shown.map((offer) => (
          <li key={offer.id}>
            <OfferCard offer={offer} />
          </li>
        ))}
      </ul>
      {more && (more.always || offers.length > shown.length) ? (
        <p className="offers__more">
          <Link to={more.to}>{more.label.replace('{count}', String(offers.length))}</Link>
        </p>
      ) : null}
    </>
  );
}

/** /homepage for a session holder: first name, balance, card, new offers, saved offers, partner offers. */
export function HomepagePage() {
  const profile = useQuery(profileQueryOptions());
  const balance = useBalance();
  const offers = useOffers();
  const partnerOffers = usePartnerOffers();
  const loadAll = useUpdateOfferState();
  const toast = useToast();

  const all = offers.data ?? [];
  const fresh = all.filter((offer) => offer.state === 'UNLOADED' && offer.status !== 'LOCKED');
  // The saved offers screen's default view: pinned first, then the most recently saved.
  const saved = savedOffersView([...all, ...(partnerOffers.data ?? [])], SAVED_OFFERS_DEFAULTS);
  const empty = homepageEmptyStates(fresh.length, saved.length);

  return (
    <main id="main" className="offers-home">
      <section className="offers-home__hero" aria-labelledby="greeting">
        <h1 id="greeting">{profile.data ? `Hello ${profile.data.firstName}` : 'Hello'}</h1>
        <div className="offers-home__summary">
          <div>
            <p className="offers-home__label">Your points</p>
            {balance.data ? (
              <p className="offers-home__points">
                <strong>{wholeNumber(balance.data.balance)}</strong> points{' '}
                <span>worth {balance.data.pointsValue}</span>
              </p>
            ) : balance.isError ? (
              <p>Your balance isn't available right now.</p>
            ) : (
              <Spinner label="Loading your points" />
            )}
          </div>
          {profile.data?.cardNumber ? (
            <div>
              <p className="offers-home__label">Your card</p>
              <p className="offers-home__card">
                {profile.data.cardNumber.slice(0, 8)}
                <strong>{profile.data.cardNumber.slice(8)}</strong>
              </p>
              <Link to="/card/activity">See your card and activity</Link>
            </div>
          ) : null}
        </div>
      </section>

      {/* Switch features (docs/product/switches-and-constants.md §S9; ADR 038): each shows only while its
          switch is on. */}
      {isSwitchOn('digitalWeek') ? <DigitalWeekBanner /> : null}
      {isSwitchOn('picksSection') && offers.isSuccess ? <PicksSection offers={all} /> : null}

      <section className="offers-home__section" aria-labelledby="new-offers">
        <div className="offers-home__heading">
          <h2 id="new-offers">New offers for you</h2>
          {fresh.length > 1 ? (
            <Button
              variant="secondary"
              loading={loadAll.isPending}
              onClick={() =>
                void loadAll
                  .mutateAsync(fresh.map((offer) => ({ id: offer.id, state: 'LOADED' as const })))
                  .then(() => toast.show({ message: `${fresh.length} offers loaded to your card` }))
                  .catch(() => toast.show({ level: 'ERROR' }))
              }
            >
              Load all offers
            </Button>
          ) : null}
        </div>
        {offers.isPending ? (
          <Spinner size="large" label="Loading your offers" />
        ) : offers.isError ? (
          <Alert>{LOAD_FAILED}</Alert>
        ) : (
          <OfferList
            offers={fresh}
            empty={empty.fresh}
            more={{ to: SUPERMARKET_OFFERS_PATH, label: 'See all {count} new offers' }}
          />
        )}
      </section>

      <section className="offers-home__section" aria-labelledby="saved-offers">
        <h2 id="saved-offers">Your saved offers</h2>
        {offers.isSuccess ? (
          <OfferList
            offers={saved}
            empty={empty.saved}
            more={{ to: SAVED_OFFERS_PATH, label: 'See all {count} saved offers', always: true }}
          />
        ) : null}
      </section>

      <section className="offers-home__section" aria-labelledby="partner-offers">
        <h2 id="partner-offers">Partner offers</h2>
        {partnerOffers.isPending ? (
          <Spinner label="Loading partner offers" />
        ) : partnerOffers.isError ? (
          <Alert>{LOAD_FAILED}</Alert>
        ) : (
          <OfferList
            offers={partnerOffers.data}
            empty="There are no partner offers for you right now."
            more={{ to: '/partners', label: 'See all {count} partner offers' }}
          />
        )}
      </section>

      {isSwitchOn('waysToSpend') ? <WaysToSpend /> : null}
    </main>
  );
}
