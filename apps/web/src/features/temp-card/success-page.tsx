import { useState } from 'react';
import { Link } from 'react-router';
import { TEMP_CARD_SEND_WINDOW_MINUTES, tempCardErrorCodes } from '@app/contracts/temp-card';
import { HttpError } from '../../shared/http/client.ts';
import { Button } from '../../shared/ui/button.tsx';
import { useRequestAccessEmail } from './request-access-email.ts';
import { readTempCardEmail } from './temp-card-state.ts';
import { tempCardPaths } from './temp-card-paths.ts';
import './temp-card.css';

/**
 * {prefix}/temp-card/success: 'Check your email' with 'Resend email'. The server limits the sends per address;
 * the page says so when the limit is reached and stops offering the button.
 */
export function SuccessPage() {
  const email = readTempCardEmail();
  const mutation = useRequestAccessEmail();
  const [resent, setResent] = useState<{ remaining: number }>();

  const failure = mutation.error;
  const limitReached =
    resent?.remaining === 0 ||
    (failure instanceof HttpError && failure.code === tempCardErrorCodes.sendLimitReached);

  return (
    <main id="main" className="page temp-card">
      <section className="temp-card__panel" aria-labelledby="success-heading">
        <h1 id="success-heading">Check your email</h1>
        {email ? (
          <>
            <p className="temp-card__lead">
              We've sent a link to your temporary card to{' '}
              <strong className="temp-card__email">{email}</strong>.
            </p>
            <p>
              Open it on your phone and show the barcode at the till. The link works until your card expires.
            </p>
            <p className="temp-card__aside">
              Can't see it? It can take a few minutes, and it may be in your junk folder.
            </p>
            <div role="status" className="temp-card__status">
              {resent && !failure ? (
                <p className="temp-card__notice temp-card__notice--success">
                  We've sent the email again.
                  {resent.remaining === 0
                    ? ` That was the last one for now: you can ask again in ${TEMP_CARD_SEND_WINDOW_MINUTES} minutes.`
                    : ''}
                </p>
              ) : null}
            </div>
            {failure ? (
              <p className="temp-card__notice temp-card__notice--error" role="alert">
                {failure.message}
              </p>
            ) : null}
            <Button
              variant="secondary"
              fullWidth
              loading={mutation.isPending}
              disabled={limitReached}
              onClick={() =>
                mutation.mutate(email, {
                  onSuccess: (answer) => setResent({ remaining: answer.sendsRemaining }),
                })
              }
            >
              Resend email
            </Button>
            <p className="temp-card__aside">
              Wrong email address? <Link to={tempCardPaths.enterEmailAddress}>Change it</Link>
            </p>
          </>
        ) : (
          <>
            <p className="temp-card__lead">We couldn't find the email address you gave us on this device.</p>
            <Link className="button button--primary button--full" to={tempCardPaths.enterEmailAddress}>
              Enter your email
            </Link>
          </>
        )}
      </section>
    </main>
  );
}

// The route's component (React Router's name for it): app/pages.ts loads this module lazily.
export { SuccessPage as Component };
