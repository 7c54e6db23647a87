import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { accountMessages } from '@app/contracts/account';
import { HttpError } from '../../shared/http/client.ts';
import { Alert } from '../../shared/ui/alert.tsx';
import { Button } from '../../shared/ui/button.tsx';
import { Spinner } from '../../shared/ui/spinner.tsx';
import { useUnsubscribeTarget } from './api/request-unsubscribe.ts';
import { updateUnsubscribe } from './api/update-unsubscribe.ts';
import { AccountLayout, messageOf } from './components/account-layout.tsx';

const preferencesLink = (
  <Link className="button button--secondary" to="/account/comms">
    Change your contact preferences
  </Link>
);

/**
 * /emails/unsubscribe?token=…: the link in every marketing email. The page checks the link when it opens and
 * names the address it was sent to; one click turns marketing by email off, no sign-in needed. A link that is
 * not valid, or one opened again once marketing email is off, says so on arrival.
 */
export function UnsubscribePage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const target = useUnsubscribeTarget(token);
  const [error, setError] = useState<string>();
  const [done, setDone] = useState<string>();
  const [saving, setSaving] = useState(false);

  const unsubscribe = async () => {
    if (!target.data) return;
    setSaving(true);
    setError(undefined);
    try {
      setDone((await updateUnsubscribe({ email: target.data.email, token })).description);
    } catch (failure) {
      setError(messageOf(failure));
    } finally {
      setSaving(false);
    }
  };

  let content;
  if (!token || (target.error instanceof HttpError && target.error.status === 400)) {
    content = (
      <>
        <Alert tone="error">{accountMessages.unsubscribeInvalid}</Alert>
        {preferencesLink}
      </>
    );
  } else if (done) {
    content = (
      <>
        <Alert tone="success">{done}</Alert>
        <Link className="button button--secondary" to="/account/comms">
          Change your other contact preferences
        </Link>
      </>
    );
  } else if (target.isPending) {
    content = <Spinner size="large" label="Checking your link" />;
  } else if (target.isError) {
    content = (
      <>
        <Alert tone="error">{target.error.message}</Alert>
        <Button variant="secondary" loading={target.isFetching} onClick={() => void target.refetch()}>
          Try again
        </Button>
      </>
    );
  } else if (!target.data.subscribed) {
    content = (
      <>
        <Alert tone="info">{accountMessages.alreadyUnsubscribed(target.data.maskedEmail)}</Alert>
        {preferencesLink}
      </>
    );
  } else {
    content = (
      <>
        <p>
          Stop marketing emails to {target.data.maskedEmail}? We&apos;ll still email you about your account.
        </p>
        {error ? <Alert tone="error">{error}</Alert> : null}
        <Button onClick={() => void unsubscribe()} loading={saving}>
          Unsubscribe
        </Button>
      </>
    );
  }

  return (
    <AccountLayout title="Unsubscribe" back={null}>
      <div className="account__link-state">{content}</div>
    </AccountLayout>
  );
}

// The route's component (React Router's name for it): app/pages.ts loads this module lazily.
export { UnsubscribePage as Component };
