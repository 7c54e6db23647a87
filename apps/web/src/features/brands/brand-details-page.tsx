import { Link, useParams } from 'react-router';
import { brand as scheme } from '@app/contracts/brand';
import { BRAND_CATEGORIES, brandsMessages } from '@app/contracts/brands';
import { Button } from '../../shared/ui/button.tsx';
import { Spinner } from '../../shared/ui/spinner.tsx';
import { errorMessageOf, HttpError } from '../../shared/http/client.ts';
import { useBrand } from './api/get-brand.ts';
import { useBrands } from './api/get-brands.ts';
import { useBrandBonus } from './api/get-brand-bonus.ts';
import { useBrandExit } from './api/get-brand-exit.ts';
import { BrandsNav } from './components/brands-nav.tsx';
import { SimilarBrands } from './components/similar-brands.tsx';
import { isSwitchOn } from '../../shared/switches/switches.ts';
import './brands.css';
import { Alert } from '../../shared/ui/alert.tsx';
import { longDate } from '../../shared/format/uk-format.ts';

/** /brands/:brandDetailsKey: one brand, its running bonus and the way out to its site. */
export function BrandDetailsPage() {
  const { brandDetailsKey = '' } = useParams();
  const all = useBrands();
  const known = all.data?.brands.some((b) => b.brandDetailsKey === brandDetailsKey) ?? false;
  const brand = useBrand(brandDetailsKey, known);
  const bonus = useBrandBonus(brandDetailsKey, known);
  const exit = useBrandExit();

  if (all.isPending || (known && brand.isPending)) {
    return (
      <main id="main" className="brands-page">
        <Spinner size="large" label="Loading brand" />
      </main>
    );
  }
  if (all.isError || brand.isError || !known || !brand.data) {
    const missing =
      (all.isSuccess && !known) || (brand.error instanceof HttpError && brand.error.status === 404);
    return (
      <main id="main" className="brands-page">
        <h1>{missing ? 'Brand not found' : 'Brand'}</h1>
        <Alert>
          {missing ? brandsMessages.notFound : "We couldn't load this brand. Please try again later."}
        </Alert>
        <Link to="/brands">See all brands</Link>
      </main>
    );
  }
  const b = brand.data;
  const categories = BRAND_CATEGORIES.filter((c) => b.categoryKeys.includes(c.key));
  const leave = (direction: 'collect' | 'redeem') =>
    exit.mutate(
      { key: b.brandDetailsKey, direction },
      { onSuccess: (answer) => window.location.assign(answer.url) },
    );

  return (
    <main id="main" className="brands-page">
      <BrandsNav />
      <div className="brand-details">
        <div className="brand-details__head">
          <img src={b.imageUrls.logoImageUrl} alt="" width="96" height="96" />
          <div>
            <h1>{b.name}</h1>
            <p className="brands-page__lead">
              {b.collectRate}
              {b.isVldx ? ' through our eShop' : ''}
            </p>
          </div>
        </div>
        <p>{b.description}</p>
        {bonus.data?.bonus ? (
          <section className="brand-details__box" aria-labelledby="brand-bonus">
            <h2 id="brand-bonus">{bonus.data.bonus.title}</h2>
            <p>{bonus.data.bonus.description}</p>
            {bonus.data.bonus.endsAt ? <p>Ends {longDate(bonus.data.bonus.endsAt)}.</p> : null}
          </section>
        ) : null}
        {b.linkedPartnerId ? (
          <p>
            Link your account to convert points: <Link to="/account/linked-partners">Linked partners</Link>.
          </p>
        ) : (
          <div className="brand-details__actions">
            {b.collect ? (
              <Button
                loading={exit.isPending && exit.variables.direction === 'collect'}
                onClick={() => leave('collect')}
              >
                {b.isVldx ? `Shop with ${b.name}` : `Collect with ${b.name}`}
              </Button>
            ) : null}
            {b.redeem ? (
              <Link className="button button--secondary" to={`/brands/${b.brandDetailsKey}/conversion`}>
                <span>Spend your {scheme.name} points</span>
              </Link>
            ) : null}
          </div>
        )}
        {exit.isError ? (
          <Alert>{errorMessageOf(exit.error instanceof HttpError ? exit.error.body : undefined)}</Alert>
        ) : null}
        {categories.length > 0 ? (
          <p>
            In{' '}
            {categories.map((c, i) => (
              <span key={c.key}>
                {i > 0 ? ', ' : ''}
                <Link to={`/brands/categories/${c.key}`}>{c.name}</Link>
              </span>
            ))}
          </p>
        ) : null}
      </div>
      {/* The similar brands switch (docs/product/switches-and-constants.md §S9; ADR 038). */}
      {isSwitchOn('similarBrands') && all.data ? <SimilarBrands brand={b} all={all.data.brands} /> : null}
    </main>
  );
}

// The route's component (React Router's name for it): app/pages.ts loads this module lazily.
export { BrandDetailsPage as Component };
