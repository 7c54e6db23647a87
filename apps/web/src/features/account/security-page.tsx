import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { accountEventLabels } from '@app/contracts/account';
import { Button } from '../../shared/ui/button.tsx';
import { accountEventsQueryKey, useAccountEvents } from './api/get-account-events.ts';
import { sessionsQueryKey, useSessions } from './api/get-sessions.ts';
import { signOutOthers } from './api/sign-out-others.ts';
import { signOutSession } from './api/sign-out-session.ts';
import { AccountLayout, Loading, messageOf, Notice } from './components/account-layout.tsx';
import { ConnectedApps } from './connected-apps.tsx';
import { Passkeys } from './passkeys.tsx';

const when = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' });
const at = (iso: string) => when.format(new Date(iso));

/**
 * /account/security: where the member is logged in, with a way to log out everywhere else, their passkeys
 * (ADR 029), and the log of sign-ins and account changes (ADR 012; no page of docs/product/ offers this page,
 * its wording is ours).
 */
export function SecurityPage() {
  const sessions = useSessions();
  const events = useAccountEvents();
  const queryClient = useQueryClient();
  const [result, setResult] = useState<{ kind: 'success' | 'error'; text: string }>();
  /** What is being logged out: 'others', or one session's id. */
  const [busy, setBusy] = useState<string>();
  const others = (sessions.data?.sessions ?? []).filter((session) => !session.current).length;

  const logOut = async (what: string, call: () => Promise<{ description: string }>) => {
    setBusy(what);
    setResult(undefined);
    try {
      setResult({ kind: 'success', text: (await call()).description });
    } catch (failure) {
      setResult({ kind: 'error', text: messageOf(failure) });
    } finally {
      await queryClient.invalidateQueries({ queryKey: sessionsQueryKey });
      await queryClient.invalidateQueries({ queryKey: accountEventsQueryKey });
      setBusy(undefined);
    }
  };

  return (
    <AccountLayout
      title="Security and devices"
      intro={
        <p>
          If you see a device or a change you don&apos;t recognise, log it out (or log out of every other
          device) and change your password. A device you log out needs your password to log in again.
        </p>
      }
    >
      <section aria-labelledby="security-devices">
        <h2 id="security-devices">Where you&apos;re logged in</h2>
        {sessions.isPending ? (
          <Loading />
        ) : sessions.isError ? (
          <Notice kind="error">{sessions.error.message}</Notice>
        ) : (
          <ul className="account__list">
            {sessions.data.sessions.map((session) => (
              <li key={session.id} className="account__device">
                <p>
                  <strong>{session.device}</strong>
                  {session.current ? ' (this device)' : ''}
                  <span className="account__hint">
                    Logged in {at(session.createdAt)}, last active {at(session.lastSeenAt)}
                  </span>
                </p>
                {session.current ? null : (
                  <Button
                    variant="secondary"
                    aria-label={`Log out ${session.device}, last active ${at(session.lastSeenAt)}`}
                    disabled={busy !== undefined}
                    loading={busy === session.id}
                    onClick={() => void logOut(session.id, () => signOutSession(session.id))}
                  >
                    Log out
                  </Button>
                )}
              </li>
            ))}
          </ul>
        )}
        {result ? <Notice kind={result.kind}>{result.text}</Notice> : null}
        <Button
          variant="secondary"
          disabled={others === 0 || (busy !== undefined && busy !== 'others')}
          onClick={() => void logOut('others', signOutOthers)}
          loading={busy === 'others'}
        >
          Log out of other devices
        </Button>
      </section>
      <Passkeys />
      <ConnectedApps />
      <section aria-labelledby="security-activity">
        <h2 id="security-activity">Recent activity</h2>
        {events.isPending ? (
          <Loading />
        ) : events.isError ? (
          <Notice kind="error">{events.error.message}</Notice>
        ) : events.data.events.length === 0 ? (
          <p>Nothing to show yet.</p>
        ) : (
          <table className="account__table">
            <caption className="visually-hidden">Sign-ins and account changes, newest first</caption>
            <thead>
              <tr>
                <th scope="col">What</th>
                <th scope="col">When</th>
                <th scope="col">Device</th>
              </tr>
            </thead>
            <tbody>
              {events.data.events.map((event) => (
                <tr key={event.id}>
                  <td>
                    {accountEventLabels[event.type]}
                    {event.detail ? ` (${event.detail.toLowerCase()})` : ''}
                  </td>
                  <td>{at(event.createdAt)}</td>
                  <td>{event.device ?? '-'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
    </AccountLayout>
  );
}

// The route's component (React Router's name for it): app/pages.ts loads this module lazily.
export { SecurityPage as Component };
