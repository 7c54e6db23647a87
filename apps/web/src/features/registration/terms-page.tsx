import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { documentsPaths } from '@app/contracts/documents-paths';
import { registrationFailures, registrationMessages } from '@app/contracts/registration';
import { HttpError, request } from '../../shared/http/client.ts';
import { Button } from '../../shared/ui/button.tsx';
import { Checkbox } from '../../shared/ui/checkbox.tsx';
import { SanitisedHtml } from '../../shared/ui/sanitised-html.tsx';
import { Spinner } from '../../shared/ui/spinner.tsx';
import { Toggle } from '../../shared/ui/toggle.tsx';
import { confirmRegistration } from './registration-api.ts';
import { FormError, RegistrationLayout } from './registration-layout.tsx';
import { registrationPaths } from './registration-paths.ts';
import { readRegistrationState } from '../../shared/identity/registration-state.ts';

/**
 * {prefix}/terms, 'The important stuff' (docs/product/registration-and-sign-in.md §R2): the privacy summary
 * from the documents API, the digital advertising opt-out, the Collector Rules and Full Privacy Policy, the
 * confirmation box, 'Accept and continue'.
 */
export function TermsPage() {
  const navigate = useNavigate();
  const state = readRegistrationState();
  const summary = useQuery({
    queryKey: ['documents', 'privacy-policy-short'],
    // Unparsed: the documents route declares no shape (z.unknown()); the HTML is shown only if it is text.
    queryFn: () => request<string>(documentsPaths.privacySummary),
  });
  const [optOut, setOptOut] = useState(false);
  const [agreed, setAgreed] = useState(false);
  const [error, setError] = useState<string>();
  const [serverError, setServerError] = useState<string>();
  const [pending, setPending] = useState(false);
  if (!state.authToken) return <Navigate to={registrationPaths.cardCheck} replace />;

  const onSubmit = async () => {
    if (!agreed) return setError(registrationMessages.terms);
    setPending(true);
    setServerError(undefined);
    try {
      await confirmRegistration(state.authToken ?? '', !optOut);
      await navigate(registrationPaths.success);
    } catch (failure) {
      // The failures of the mapping in docs/product/calls-and-errors.md §R8 have their own page; anything
      // else is shown here to try again.
      if (failure instanceof HttpError && failure.code && Object.hasOwn(registrationFailures, failure.code)) {
        await navigate(`${registrationPaths.registerFailed}?error=${failure.code}`);
        return;
      }
      setServerError((failure as Error).message);
    } finally {
      setPending(false);
    }
  };

  return (
    <RegistrationLayout step="terms" heading="The important stuff">
      {summary.isPending ? <Spinner label="Loading - Please wait..." /> : null}
      {typeof summary.data === 'string' ? (
        // Focusable so keyboard users can scroll the summary (a scrollable region must be reachable).
        <div className="registration__summary" role="region" aria-label="Privacy summary" tabIndex={0}>
          <SanitisedHtml html={summary.data} />
        </div>
      ) : null}
      <h2>Digital Advertising</h2>
      <Toggle
        label="I don't want tailored digital advertising"
        description="We use what we know about you to show you more relevant adverts online."
        checked={optOut}
        onChange={setOptOut}
      />
      <div className="registration__actions">
        <Button
          type="button"
          variant="secondary"
          fullWidth
          onClick={() => window.open('/about/privacy-and-legal/collector-rules', '_blank', 'noopener')}
        >
          Collector Rules
        </Button>
        <Button
          type="button"
          variant="secondary"
          fullWidth
          onClick={() => window.open('/about/privacy-and-legal/privacy-policy', '_blank', 'noopener')}
        >
          Full Privacy Policy
        </Button>
      </div>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void onSubmit();
        }}
      >
        <Checkbox
          label="I confirm I have read and agree to the Collector Rules and Privacy Policy"
          checked={agreed}
          error={error}
          onChange={(event) => {
            setAgreed(event.target.checked);
            setError(undefined);
          }}
        />
        <FormError message={serverError} />
        <Button type="submit" fullWidth loading={pending}>
          Accept and continue
        </Button>
      </form>
    </RegistrationLayout>
  );
}

// The route's component (React Router's name for it): app/pages.ts loads this module lazily.
export { TermsPage as Component };
