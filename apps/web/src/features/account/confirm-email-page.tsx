import { useEffect, useRef, useState } from 'react';
import { Link, useMatches, useSearchParams } from 'react-router';
import { accountMessages } from '@app/contracts/account';
import { confirmEmail } from './api/confirm-email.ts';
import { AccountLayout, Loading, messageOf, Notice } from './components/account-layout.tsx';

/**
 * /confirm-update-email?token=… and /confirm-email-address?token=…: the emailed link confirms the new
 * address (PUT /customer/v3/email or PUT /verify-email); it works once, signed in or not.
 */
export function ConfirmEmailPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const match = useMatches().at(-1);
  const title = (match?.handle as { title?: string } | undefined)?.title ?? 'Confirming your email address';
  const via = match?.pathname.startsWith('/confirm-update-email') ? 'v3' : 'verify';
  const [state, setState] = useState<{ kind: 'success' | 'error'; text: string }>();
  const asked = useRef(false);

  useEffect(() => {
    if (!token || asked.current) return;
    // The link works once: React's development double effect must not spend it twice.
    asked.current = true;
    confirmEmail(token, via).then(
      (answer) => setState({ kind: 'success', text: `${answer.description} It is now ${answer.email}.` }),
      (failure: unknown) => setState({ kind: 'error', text: messageOf(failure) }),
    );
  }, [token, via]);

  return (
    <AccountLayout title={title} back={null}>
      {!token ? (
        <Notice kind="error">{accountMessages.emailLinkInvalid}</Notice>
      ) : !state ? (
        <Loading />
      ) : (
        <Notice kind={state.kind}>{state.text}</Notice>
      )}
      <Link to="/account/details">Go to your personal details</Link>
    </AccountLayout>
  );
}
