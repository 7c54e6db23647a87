import { useEffect, useRef, useState } from 'react';
import { Link, useMatches, useSearchParams } from 'react-router';
import { accountMessages } from '@app/contracts/account';
import { HttpError } from '../../shared/http/client.ts';
import { Alert, type AlertTone } from '../../shared/ui/alert.tsx';
import { Spinner } from '../../shared/ui/spinner.tsx';
import { confirmEmail } from './api/confirm-email.ts';
import { AccountLayout, messageOf } from './components/account-layout.tsx';

type Outcome = { tone: AlertTone; text: string; newLink?: boolean };

/** What the server's answer to the link means for the member, and whether a new link is the way on. */
function outcomeOf(failure: unknown): Outcome {
  if (failure instanceof HttpError && failure.code === 'EMAIL_ALREADY_CONFIRMED') {
    return { tone: 'info', text: failure.message };
  }
  if (failure instanceof HttpError && failure.status === 400) {
    return { tone: 'error', text: accountMessages.emailLinkInvalid, newLink: true };
  }
  return {
    tone: 'error',
    text: messageOf(failure),
    newLink: failure instanceof HttpError && failure.status === 409,
  };
}

/**
 * /confirm-update-email?token=… and /confirm-email-address?token=…: the emailed link confirms the new
 * address (PUT /customer/v3/email or PUT /verify-email) when the page opens; it works once, signed in or not.
 * A link opened again says the address is already confirmed; a broken or expired one says so and leads to
 * asking for a new one.
 */
export function ConfirmEmailPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const match = useMatches().at(-1);
  const title = (match?.handle as { title?: string } | undefined)?.title ?? 'Confirming your email address';
  const via = match?.pathname.startsWith('/confirm-update-email') ? 'v3' : 'verify';
  const [outcome, setOutcome] = useState<Outcome>();
  const asked = useRef(false);

  useEffect(() => {
    if (!token || asked.current) return;
    // The link works once: React's development double effect must not spend it twice.
    asked.current = true;
    confirmEmail(token, via).then(
      (answer) => setOutcome({ tone: 'success', text: `${answer.description} It is now ${answer.email}.` }),
      (failure: unknown) => setOutcome(outcomeOf(failure)),
    );
  }, [token, via]);

  const shown: Outcome | undefined = token
    ? outcome
    : { tone: 'error', text: accountMessages.emailLinkInvalid, newLink: true };

  return (
    <AccountLayout title={title} back={null}>
      <div className="account__link-state">
        {shown ? (
          <>
            <Alert tone={shown.tone}>{shown.text}</Alert>
            {shown.newLink ? (
              <Link className="button button--primary" to="/account/details/email">
                Ask for a new link
              </Link>
            ) : null}
            <Link className={shown.newLink ? undefined : 'button button--secondary'} to="/account/details">
              Go to your personal details
            </Link>
          </>
        ) : (
          <Spinner size="large" label="Checking your link" />
        )}
      </div>
    </AccountLayout>
  );
}

// The route's component (React Router's name for it): app/pages.ts loads this module lazily.
export { ConfirmEmailPage as Component };
