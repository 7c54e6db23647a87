import { useSearchParams } from 'react-router';
import { brand } from '@app/contracts/brand';
import { categoriesOf, type OfferSummary } from '@app/contracts/offers';
import { RadioGroup } from '../../shared/ui/radio-group.tsx';
import { Spinner } from '../../shared/ui/spinner.tsx';
import { loadFromPage } from '../../shared/query/load-from-page.ts';
import { memberPricesStateQueryOptions, useMemberPricesState } from './api/get-member-prices-state.ts';
import { offersQueryOptions, useOffers } from './api/get-offers.ts';
import { OfferCard } from './components/offer-card.tsx';
import './offers.css';
import { Alert } from '../../shared/ui/alert.tsx';

const ALL = 'all';
/** `filter` values of the route table's redirects (docs/product/signed-in-pages.md §S2.4). */
const filters: ReadonlyArray<{ key: string; label: string; sourceType: OfferSummary['sourceType'] }> = [
  { key: 'bonus', label: 'Bonus points offers', sourceType: 'PIANO' },
  { key: `your-${brand.slug}-prices`, label: `Your ${brand.name} Prices`, sourceType: 'NECTAR_PRICE' },
];

/**
 * Categories of the shown offers (docs/product/signed-in-pages.md §S2.6): 'All categories' plus one option
 * per category; on the member-price list the first option is 'All Prices'.
 */
const categoryOptions = (offers: OfferSummary[], memberPrices: boolean) => [
  { value: ALL, label: memberPrices ? 'All Prices' : 'All categories' },
  ...categoriesOf(offers).map(({ key, name }) => ({ value: key, label: name })),
];

/** The retailer's supermarket offers page, with its `filter` (bonus or member prices) and category choice. */
export function SupermarketOffersPage() {
  const [params, setParams] = useSearchParams();
  const offers = useOffers();
  const memberPrices = useMemberPricesState();
  const pricesPaused = memberPrices.data?.enabled === false;
  const filter = params.get('filter');
  const category = params.get('category') ?? ALL;
  const active = filters.find((candidate) => candidate.key === filter);

  const visible = (offers.data ?? []).filter(
    (offer) => offer.state !== 'HIDDEN' && (!active || offer.sourceType === active.sourceType),
  );
  const shown = category === ALL ? visible : visible.filter((offer) => offer.category.key === category);
  const update = (key: string, value: string | undefined) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value === undefined) next.delete(key);
        else next.set(key, value);
        if (key === 'filter') next.delete('category');
        return next;
      },
      { replace: true },
    );

  return (
    <main id="main" className="offers-page">
      <h1>{active ? active.label : `${brand.retailer} offers`}</h1>
      <nav aria-label="Offer types" className="offers-page__filters">
        <button type="button" aria-pressed={!active} onClick={() => update('filter', undefined)}>
          All offers
        </button>
        {filters.map(({ key, label }) => (
          <button key={key} type="button" aria-pressed={filter === key} onClick={() => update('filter', key)}>
            {label}
          </button>
        ))}
      </nav>
      {pricesPaused && active?.sourceType !== 'PIANO' ? (
        <p className="offers-page__notice" role="status">
          {memberPrices.data?.message ??
            `${brand.name} Prices aren't available right now. Please check back later.`}
        </p>
      ) : null}
      {offers.isPending ? (
        <Spinner size="large" label="Loading your offers" />
      ) : offers.isError ? (
        <Alert>We couldn't load your offers. Please try again later.</Alert>
      ) : (
        <div className="offers-page__layout">
          <RadioGroup
            variant="chips"
            legend="Category"
            name="category"
            options={categoryOptions(visible, active?.sourceType === 'NECTAR_PRICE')}
            value={category}
            onChange={(value) => update('category', value === ALL ? undefined : value)}
          />
          <section aria-label="Offers">
            <p className="offers-page__count" aria-live="polite">
              {shown.length === 1 ? '1 offer' : `${shown.length} offers`}
            </p>
            {shown.length === 0 ? (
              <p className="offers__empty">There are no offers here right now. New ones arrive every week.</p>
            ) : (
              <ul className="offers__grid">
                {shown.map((offer) => (
                  <li key={offer.id}>
                    <OfferCard offer={offer} headingLevel={2} />
                  </li>
                ))}
              </ul>
            )}
          </section>
        </div>
      )}
    </main>
  );
}

// The route's component (React Router's name for it): app/pages.ts loads this module lazily.
export { SupermarketOffersPage as Component };
// Drawn with the offers when the page came with them (ADR 020, 040): no spinner pushed aside by the list.
export const loader = loadFromPage((client) => [
  client.ensureQueryData(offersQueryOptions()),
  client.ensureQueryData(memberPricesStateQueryOptions()),
]);
