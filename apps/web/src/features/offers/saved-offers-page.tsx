import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { brand } from '@app/contracts/brand';
import { SUPERMARKET_OFFERS_PATH } from '@app/contracts/routes';
import {
  SAVED_OFFERS_DEFAULTS,
  SAVED_OFFERS_FILTERS,
  SAVED_OFFERS_SORTS,
  isDefaultSavedOffersChoice,
  savedOffersFilterLabels,
  savedOffersSortLabels,
  savedOffersView,
  type SavedOffersChoice,
} from '@app/contracts/saved-offers';
import { savedOffersChoiceSchema } from '@app/contracts/saved-offers-choice';
import { Button } from '../../shared/ui/button.tsx';
import { Popup } from '../../shared/ui/popup.tsx';
import { RadioGroup } from '../../shared/ui/radio-group.tsx';
import { Spinner } from '../../shared/ui/spinner.tsx';
import { useOffers } from './api/get-offers.ts';
import { usePartnerOffers } from './api/get-partner-offers.ts';
import { OfferCard } from './components/offer-card.tsx';
import './offers.css';
import { Alert } from '../../shared/ui/alert.tsx';

const sortOptions = SAVED_OFFERS_SORTS.map((value) => ({ value, label: savedOffersSortLabels[value] }));
const filterOptions = SAVED_OFFERS_FILTERS.map((value) => ({ value, label: savedOffersFilterLabels[value] }));

type OpenPopup = 'filter' | 'sort' | 'instructions' | undefined;

/**
 * The filter popup (docs/product/signed-in-pages.md §S2.6): sort and filter radios; 'Reset' and 'Show offers'
 * appear only when the chosen values differ from the defaults. 'Show offers' applies them; 'Reset' goes back
 * to the defaults. Closing without either keeps the list as it was.
 */
function FilterPopup({
  open,
  applied,
  onApply,
  onClose,
}: {
  open: boolean;
  applied: SavedOffersChoice;
  onApply: (choice: SavedOffersChoice) => void;
  onClose: () => void;
}) {
  const [draft, setDraft] = useState(applied);
  const changed = !isDefaultSavedOffersChoice(draft);
  return (
    <Popup open={open} onClose={onClose} title="Filter your saved offers">
      <RadioGroup
        legend="Sort by"
        name="saved-offers-sort"
        options={sortOptions}
        value={draft.sort}
        onChange={(sort) => setDraft({ ...draft, sort })}
      />
      <RadioGroup
        legend="Show"
        name="saved-offers-filter"
        options={filterOptions}
        value={draft.filter}
        onChange={(filter) => setDraft({ ...draft, filter })}
      />
      {changed ? (
        <div className="saved-offers__popup-actions">
          <Button variant="secondary" onClick={() => onApply(SAVED_OFFERS_DEFAULTS)}>
            Reset
          </Button>
          <Button onClick={() => onApply(draft)}>Show offers</Button>
        </div>
      ) : null}
    </Popup>
  );
}

/**
 * The saved offers screen (docs/product/signed-in-pages.md §S2.6) at /offers/saved: the collector's loaded,
 * pinned and bookmarked offers, with a filter popup, a sorting popup and an instruction popup. The choice
 * lives in the address (`?sort=&filter=`), so a reload or a shared link shows the same list.
 */
export function SavedOffersPage() {
  const [params, setParams] = useSearchParams();
  const offers = useOffers();
  const partnerOffers = usePartnerOffers();
  const [open, setOpen] = useState<OpenPopup>();
  const choice = savedOffersChoiceSchema.parse({
    sort: params.get('sort') ?? undefined,
    filter: params.get('filter') ?? undefined,
  });

  const apply = (next: SavedOffersChoice) => {
    setParams(
      isDefaultSavedOffersChoice(next)
        ? {}
        : Object.fromEntries(
            Object.entries(next).filter(([key, value]) => value !== SAVED_OFFERS_DEFAULTS[key as 'sort']),
          ),
      { replace: true },
    );
    setOpen(undefined);
  };

  const pending = offers.isPending || partnerOffers.isPending;
  const failed = offers.isError || partnerOffers.isError;
  const shown = savedOffersView([...(offers.data ?? []), ...(partnerOffers.data ?? [])], choice);
  const filtered = !isDefaultSavedOffersChoice(choice);

  return (
    <main id="main" className="offers-page saved-offers">
      <div className="saved-offers__heading">
        <h1>Your saved offers</h1>
        <Button
          variant="link"
          aria-haspopup="dialog"
          className="saved-offers__info"
          onClick={() => setOpen('instructions')}
        >
          How saved offers work
        </Button>
      </div>
      <div className="saved-offers__toolbar" role="group" aria-label="Arrange your saved offers">
        <Button variant="secondary" aria-haspopup="dialog" onClick={() => setOpen('filter')}>
          {filtered ? 'Filter (on)' : 'Filter'}
        </Button>
        <Button variant="secondary" aria-haspopup="dialog" onClick={() => setOpen('sort')}>
          Sort: {savedOffersSortLabels[choice.sort]}
        </Button>
      </div>

      {pending ? (
        <Spinner size="large" label="Loading your saved offers" />
      ) : failed ? (
        <Alert>We couldn't load your offers. Please try again later.</Alert>
      ) : (
        <section aria-label="Saved offers">
          <p className="offers-page__count" aria-live="polite">
            {shown.length === 1 ? '1 saved offer' : `${shown.length} saved offers`}
            {choice.filter === 'allOffers' ? '' : ` (${savedOffersFilterLabels[choice.filter]})`}
          </p>
          {shown.length === 0 ? (
            <div className="offers__empty">
              {filtered ? (
                <p>
                  No saved offers match.{' '}
                  <Button variant="link" onClick={() => apply(SAVED_OFFERS_DEFAULTS)}>
                    Show all saved offers
                  </Button>
                </p>
              ) : (
                <p>
                  You haven't saved any offers yet.{' '}
                  <Link to={SUPERMARKET_OFFERS_PATH}>Find offers to load</Link> and they'll be here, ready for
                  your next shop.
                </p>
              )}
            </div>
          ) : (
            <ul className="offers__grid">
              {shown.map((offer) => (
                <li key={offer.id}>
                  <OfferCard offer={offer} saved headingLevel={2} />
                </li>
              ))}
            </ul>
          )}
        </section>
      )}

      {open === 'filter' ? (
        <FilterPopup open applied={choice} onApply={apply} onClose={() => setOpen(undefined)} />
      ) : null}
      <Popup open={open === 'sort'} onClose={() => setOpen(undefined)} title="Sort your saved offers">
        <RadioGroup
          legend="Sort by"
          hideLegend
          name="saved-offers-sort-only"
          options={sortOptions}
          value={choice.sort}
          onChange={(sort) => apply({ ...choice, sort })}
        />
      </Popup>
      <Popup open={open === 'instructions'} onClose={() => setOpen(undefined)} title="How saved offers work">
        <ol className="saved-offers__steps">
          <li>Load the offers you like. They're saved to your {brand.name} card straight away.</li>
          <li>
            Shop at {brand.retailer} and scan your card, in store or online: loaded offers are applied for
            you.
          </li>
          <li>Pin an offer to keep it at the top of this list. Bookmark partner offers to find them here.</li>
          <li>Offers end on the date shown. Sort by 'Ending soon' to use them in time.</li>
        </ol>
        <Button fullWidth onClick={() => setOpen(undefined)}>
          Got it
        </Button>
      </Popup>
    </main>
  );
}
