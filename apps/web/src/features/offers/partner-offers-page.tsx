import { useSearchParams } from 'react-router';
import { categoriesOf } from '@app/contracts/offers';
import { RadioGroup } from '../../shared/ui/radio-group.tsx';
import { Spinner } from '../../shared/ui/spinner.tsx';
import { usePartnerOffers } from './api/get-partner-offers.ts';
import { OfferCard } from './components/offer-card.tsx';
import './offers.css';
import { Alert } from '../../shared/ui/alert.tsx';

const ALL = 'all';

/**
 * Partner offers (docs/product/signed-in-pages.md §S2.3: /partners and /offers/brand): every partner offer of
 * the collector, with the 'All categories' radio group of spend-and-collect offers; the category is kept in
 * the address.
 */
export function PartnerOffersPage() {
  const [params, setParams] = useSearchParams();
  const offers = usePartnerOffers();
  const category = params.get('category') ?? ALL;
  const visible = (offers.data ?? []).filter((offer) => offer.state !== 'HIDDEN');
  const options = [
    { value: ALL, label: 'All categories' },
    ...categoriesOf(visible).map(({ key, name }) => ({ value: key, label: name })),
  ];
  const shown = category === ALL ? visible : visible.filter((offer) => offer.category.key === category);

  return (
    <main id="main" className="offers-page">
      <h1>Partner offers</h1>
      <p className="offers-page__lead">Opt in, then collect extra points with our partners.</p>
      {offers.isPending ? (
        <Spinner size="large" label="Loading partner offers" />
      ) : offers.isError ? (
        <Alert>We couldn't load your offers. Please try again later.</Alert>
      ) : (
        <div className="offers-page__layout">
          <RadioGroup
            legend="Category"
            name="partner-category"
            options={options}
            value={options.some((option) => option.value === category) ? category : ALL}
            onChange={(value) => setParams(value === ALL ? {} : { category: value }, { replace: true })}
          />
          <section aria-label="Offers">
            <p className="offers-page__count" aria-live="polite">
              {shown.length === 1 ? '1 offer' : `${shown.length} offers`}
            </p>
            {shown.length === 0 ? (
              <p className="offers__empty">
                There are no partner offers here right now. New ones arrive every week.
              </p>
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
export { PartnerOffersPage as Component };
