import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { brand } from '@app/contracts/brand';
import { consentMessages } from '@app/contracts/connected-apps';
import { Button } from '../../shared/ui/button.tsx';
import { Spinner } from '../../shared/ui/spinner.tsx';
import { decideConsent } from './decide-consent.ts';
import { useConsent } from './get-consent.ts';
import './consent.css';
import { Alert } from '../../shared/ui/alert.tsx';

/**
 * {prefix}/consent?uid= (ADR 017): a partner app, the first time it asks, or the native app signing
 * in silently, waits here for the member to allow or refuse it. The provider's interaction id carries the
 * request; the browser goes back to the provider with the answer.
 */
export function ConsentPage() {
  const [params] = useSearchParams();
  const uid = params.get('uid') ?? '';
  const consent = useConsent(uid);
  const [busy, setBusy] = useState<'allow' | 'deny'>();
  const [failure, setFailure] = useState<string>();

  const answer = async (allow: boolean) => {
    setBusy(allow ? 'allow' : 'deny');
    setFailure(undefined);
    try {
      window.location.assign(await decideConsent(uid, allow));
      // Keep the spinner until the browser leaves.
      await new Promise(() => undefined);
    } catch (error) {
      setFailure(error instanceof Error ? error.message : consentMessages.expired);
      setBusy(undefined);
    }
  };

  const problem = !uid ? consentMessages.expired : consent.isError ? consent.error.message : undefined;

  return (
    <main id="main" className="app-consent">
      <div className="app-consent__card">
        {problem ? (
          <>
            <h1>Connect an app to your account</h1>
            <Alert>{problem}</Alert>
            <Link to="/">Go to {brand.name}</Link>
          </>
        ) : !consent.data ? (
          <Spinner size="large" label="Loading" />
        ) : (
          <>
            <h1>{consentMessages.heading(consent.data.clientName)}</h1>
            <p id="consent-scopes">If you allow it, {consent.data.clientName} will be able to:</p>
            <ul className="app-consent__scopes" aria-labelledby="consent-scopes">
              {consent.data.scopes.map((scope) => (
                <li key={scope.scope}>{scope.description}</li>
              ))}
            </ul>
            <p className="app-consent__muted">
              It won&apos;t see your password. You can disconnect it at any time in your account, under
              Security and devices.
            </p>
            {failure ? <Alert>{failure}</Alert> : null}
            <div className="app-consent__actions">
              <Button
                fullWidth
                loading={busy === 'allow'}
                disabled={busy === 'deny'}
                onClick={() => void answer(true)}
              >
                Allow
              </Button>
              <Button
                variant="secondary"
                fullWidth
                loading={busy === 'deny'}
                disabled={busy === 'allow'}
                onClick={() => void answer(false)}
              >
                Don&apos;t allow
              </Button>
            </div>
          </>
        )}
      </div>
    </main>
  );
}

// The route's component (React Router's name for it): app/pages.ts loads this module lazily.
export { ConsentPage as Component };
