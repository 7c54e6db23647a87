import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { ConnectedApp } from '@app/contracts/connected-apps';
import { Button } from '../../shared/ui/button.tsx';
import { disconnectApp } from './api/disconnect-app.ts';
import { connectedAppsQueryKey, useConnectedApps } from './api/get-connected-apps.ts';
import { Loading, messageOf, Notice } from './components/account-layout.tsx';

const day = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium' });

/**
 * 'Connected apps' on the security page (ADR 017): the apps and partners the member has let into
 * their account, what each can see, and a way to disconnect one (its access ends at once; it must ask again).
 */
export function ConnectedApps() {
  const apps = useConnectedApps();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState<string>();
  const [result, setResult] = useState<{ kind: 'success' | 'error'; text: string }>();

  const disconnect = async (app: ConnectedApp) => {
    setBusy(app.clientId);
    setResult(undefined);
    try {
      await disconnectApp(app.clientId);
      setResult({ kind: 'success', text: `${app.clientName} is disconnected.` });
      await queryClient.invalidateQueries({ queryKey: connectedAppsQueryKey });
    } catch (failure) {
      setResult({ kind: 'error', text: messageOf(failure) });
    } finally {
      setBusy(undefined);
    }
  };

  return (
    <section aria-labelledby="security-connected-apps">
      <h2 id="security-connected-apps">Connected apps</h2>
      {apps.isPending ? (
        <Loading />
      ) : apps.isError ? (
        <Notice kind="error">{apps.error.message}</Notice>
      ) : apps.data.apps.length === 0 ? (
        <p>You haven&apos;t connected any apps to your account.</p>
      ) : (
        <ul className="account__list">
          {apps.data.apps.map((app) => (
            <li key={app.clientId}>
              <p>
                <strong>{app.clientName}</strong>
                <span className="account__hint">
                  Connected {day.format(new Date(app.connectedAt))}. Can:{' '}
                  {app.scopes.map((scope) => scope.description.toLowerCase()).join('; ')}.
                </span>
              </p>
              <Button
                variant="secondary"
                loading={busy === app.clientId}
                disabled={busy !== undefined && busy !== app.clientId}
                aria-label={`Disconnect ${app.clientName}`}
                onClick={() => void disconnect(app)}
              >
                Disconnect
              </Button>
            </li>
          ))}
        </ul>
      )}
      {result ? <Notice kind={result.kind}>{result.text}</Notice> : null}
    </section>
  );
}
