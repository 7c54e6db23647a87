import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../../shared/ui/button.tsx';
import { Spinner } from '../../shared/ui/spinner.tsx';
import { BusinessRulesLink } from './business-rules-link.tsx';
import { businessOffersPageQuery, setBusinessOffers } from './business-offers-api.ts';
import { FormError, RegistrationLayout } from './registration-layout.tsx';

/**
 * {prefix}/get-business-offers (docs/product/registration-and-sign-in.md §R2): Yes or 'No, thanks', sent as
 * businessOffersOptIn; then home. The description is read from GET
 * /documents-api/registration/businessOffersPage.json (docs/product/calls-and-errors.md §R7); the Business
 * Rules link opens the business rules.
 */
export function GetBusinessOffersPage() {
  const navigate = useNavigate();
  const page = useQuery(businessOffersPageQuery);
  const [error, setError] = useState<string>();
  const [pending, setPending] = useState<boolean>();

  const answer = async (optIn: boolean) => {
    setPending(optIn);
    setError(undefined);
    try {
      await setBusinessOffers(optIn);
      await navigate('/homepage');
    } catch (failure) {
      setError((failure as Error).message);
    } finally {
      setPending(undefined);
    }
  };

  return (
    <RegistrationLayout step="get-business-offers" heading="Do you want to receive business offers?">
      {page.isPending ? (
        <Spinner label="Loading - Please wait..." />
      ) : (
        // Without the document the question still stands on its own: the choice is not held up.
        <p className="registration__lead">
          {page.data?.description ?? 'Get offers picked for your business as well as for you.'}
        </p>
      )}
      <FormError message={error} />
      <div className="registration__actions">
        <Button type="button" fullWidth loading={pending === true} onClick={() => void answer(true)}>
          Yes
        </Button>
        <Button
          type="button"
          variant="secondary"
          fullWidth
          loading={pending === false}
          onClick={() => void answer(false)}
        >
          No, thanks
        </Button>
        <BusinessRulesLink />
      </div>
    </RegistrationLayout>
  );
}

// The route's component (React Router's name for it): app/pages.ts loads this module lazily.
export { GetBusinessOffersPage as Component };
