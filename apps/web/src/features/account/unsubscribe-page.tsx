import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { accountMessages } from '@app/contracts/account';
import { Button } from '../../shared/ui/button.tsx';
import { requestUnsubscribe } from './api/request-unsubscribe.ts';
import { updateUnsubscribe } from './api/update-unsubscribe.ts';
import { AccountLayout, Loading, messageOf, Notice } from './components/account-layout.tsx';

/**
 * /emails/unsubscribe?token=…: the link in every marketing email. The page names the address the link was
 * sent to and one click turns marketing by email off; no sign-in needed.
 */
export function UnsubscribePage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [target, setTarget] = useState<{ email: string; maskedEmail: string }>();
  const [error, setError] = useState<string>();
  const [done, setDone] = useState<string>();
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (!token) return;
    requestUnsubscribe(token).then(setTarget, (failure: unknown) => setError(messageOf(failure)));
  }, [token]);

  const unsubscribe = async () => {
    if (!target) return;
    setSaving(true);
    try {
      setDone((await updateUnsubscribe({ email: target.email, token })).description);
    } catch (failure) {
      setError(messageOf(failure));
    } finally {
      setSaving(false);
    }
  };

  return (
    <AccountLayout title="Unsubscribe" back={null}>
      {!token || (error && !target) ? (
        <>
          <Notice kind="error">{error ?? accountMessages.unsubscribeInvalid}</Notice>
          <Link to="/account/comms">Change your contact preferences</Link>
        </>
      ) : done ? (
        <>
          <Notice kind="success">{done}</Notice>
          <Link to="/account/comms">Change your other contact preferences</Link>
        </>
      ) : !target ? (
        <Loading />
      ) : (
        <>
          <p>Stop marketing emails to {target.maskedEmail}? We&apos;ll still email you about your account.</p>
          {error ? <Notice kind="error">{error}</Notice> : null}
          <Button onClick={() => void unsubscribe()} loading={saving}>
            Unsubscribe
          </Button>
        </>
      )}
    </AccountLayout>
  );
}
