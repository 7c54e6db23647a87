import { Link, useParams } from 'react-router';
import { brand as scheme } from '@app/contracts/brand';
import { brandsMessages } from '@app/contracts/brands';
import { Button } from '../../shared/ui/button.tsx';
import { Spinner } from '../../shared/ui/spinner.tsx';
import { errorMessageOf, HttpError } from '../../shared/http/client.ts';
import { useBrand } from './api/get-brand.ts';
import { useBrands } from './api/get-brands.ts';
import { useBrandExit } from './api/get-brand-exit.ts';
import './brands.css';
import { Alert } from '../../shared/ui/alert.tsx';

/**
 * /brands/:key/conversion for a brand that is not a linked partner: the exit page before the member leaves to
 * spend points on the brand's own site (the rail and credit-card aliases land here,
 * docs/product/signed-in-pages.md §S2.4).
 */
export function BrandExitPage() {
  const { brandDetailsKey = '' } = useParams();
  const all = useBrands();
  const known = all.data?.brands.some((b) => b.brandDetailsKey === brandDetailsKey) ?? false;
  const brand = useBrand(brandDetailsKey, known);
  const exit = useBrandExit();
  return (
    <main id="main" className="brands-page">
      {all.isPending || (known && brand.isPending) ? (
        <Spinner size="large" label="Loading brand" />
      ) : all.isError || brand.isError || !known || !brand.data ? (
        <>
          <h1>Brand not found</h1>
          <Alert>{brandsMessages.notFound}</Alert>
          <Link to="/brands">See all brands</Link>
        </>
      ) : (
        <>
          <h1>You're leaving for {brand.data.name}</h1>
          <p>
            {brand.data.redeem
              ? `Sign in on ${brand.data.name}'s site with your ${scheme.name} details to spend your points there.`
              : `${brand.data.name} doesn't take ${scheme.name} points yet, but you can collect with them.`}
          </p>
          <div className="brand-details__actions">
            <Button
              loading={exit.isPending}
              onClick={() =>
                exit.mutate(
                  { key: brand.data.brandDetailsKey, direction: brand.data.redeem ? 'redeem' : 'collect' },
                  { onSuccess: (answer) => window.location.assign(answer.url) },
                )
              }
            >
              Continue to {brand.data.name}
            </Button>
            <Link to={`/brands/${brand.data.brandDetailsKey}`}>Back to {brand.data.name}</Link>
          </div>
          {exit.isError ? (
            <Alert>{errorMessageOf(exit.error instanceof HttpError ? exit.error.body : undefined)}</Alert>
          ) : null}
        </>
      )}
    </main>
  );
}
