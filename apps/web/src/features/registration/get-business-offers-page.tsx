import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../../shared/ui/button.tsx';
import { setBusinessOffers } from './registration-api.ts';
import { FormError, RegistrationLayout } from './registration-layout.tsx';

/** {prefix}/get-business-offers (spec 2): Yes or 'No, thanks', sent as businessOffersOptIn; then home. */
export function GetBusinessOffersPage() {
  const navigate = useNavigate();
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
      <p className="registration__lead">
        Get offers picked for your business as well as for you. You can change this at any time.
      </p>
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
        <a href="/about/privacy-and-legal/collector-rules" target="_blank" rel="noopener">
          Business Rules<span className="visually-hidden"> (opens in a new tab)</span>
        </a>
      </div>
    </RegistrationLayout>
  );
}

// The route's component (React Router's name for it): app/pages.ts loads this module lazily.
export { GetBusinessOffersPage as Component };
