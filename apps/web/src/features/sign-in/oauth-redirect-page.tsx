import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { IDENTITY_PREFIX, OAUTH_REDIRECT_PATH, signInMessages } from '@app/contracts/sign-in';
import { HttpError } from '../../shared/http/client.ts';
import { Spinner } from '../../shared/ui/spinner.tsx';
import { finishSignIn } from './finish-sign-in.ts';
import { takePendingSignIn } from '../../shared/identity/identity-state.ts';
import { createOauthSession, device2faPageOf } from './sign-in-api.ts';
import './sign-in.css';
import { Alert } from '../../shared/ui/alert.tsx';

/**
 * /oauth_redirect: the provider sends the browser back here with a code. The page checks the state it sent,
 * posts the code with its PKCE verifier, stores the session-created date, and goes to `next`.
 */
export function OauthRedirectPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  // The provider's answer and this tab's pending request, read once.
  const [answer] = useState(() => {
    const params = new URLSearchParams(window.location.search);
    const { verifier, state } = takePendingSignIn(params.get('state'));
    const code = params.get('code');
    const valid = !params.get('error') && code && verifier && state && params.get('state') === state;
    return valid ? { code, verifier } : undefined;
  });
  const [error, setError] = useState<string | undefined>(answer ? undefined : signInMessages.signInFailed);
  // The code is single-use: never post it twice (React's development double-run included).
  const started = useRef(false);

  useEffect(() => {
    if (started.current || !answer) return;
    started.current = true;
    const { code, verifier } = answer;
    createOauthSession({
      code,
      verificationCode: verifier,
      redirectUri: `${window.location.origin}${OAUTH_REDIRECT_PATH}`,
    })
      .then((session) => {
        void navigate(finishSignIn(session, queryClient), { replace: true });
      })
      .catch((cause: unknown) => {
        // Device 2FA (error 141): the sign-in waits for the code sent to the member.
        const codePage = device2faPageOf(cause);
        if (codePage) {
          void navigate(codePage, { replace: true });
          return;
        }
        setError(cause instanceof HttpError ? cause.message : signInMessages.signInFailed);
      });
  }, [answer, navigate, queryClient]);

  return (
    <main id="main" className="sign-in">
      <div className="sign-in__waiting">
        {error ? (
          <>
            <h1>Sorry, we could not log you in</h1>
            <Alert>{error}</Alert>
            <Link className="button button--primary" to={`${IDENTITY_PREFIX}/login`}>
              Try again
            </Link>
          </>
        ) : (
          <Spinner size="large" label="Logging you in" />
        )}
      </div>
    </main>
  );
}

// The route's component (React Router's name for it): app/pages.ts loads this module lazily.
export { OauthRedirectPage as Component };
