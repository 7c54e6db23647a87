import { OFFLINE_CARD_PATH } from '@app/contracts/offline';
import { hasSessionMarker } from '../shared/session/session-marker.ts';
import { Alert } from '../shared/ui/alert.tsx';

/**
 * What the page says with no network (ADR 030): a member's card still works from this device, and what else
 * shows is the last copy; a visitor needs a connection to do anything but read. Shown by the layout inside a
 * polite live region, so a screen reader hears it when the network goes and comes back.
 */
export default function OfflineNotice({ member }: { member: boolean }) {
  return (
    <Alert tone="info" live="none" title="You're offline" className="offline-notice">
      {member ? (
        <p>
          Your card and barcode still work at the till. Your points, offers and activity are the last copy
          saved on this device, and changes will need a connection.
        </p>
      ) : (
        <p>
          Connect to the internet to log in or join. Pages you haven't opened on this device need a
          connection.
        </p>
      )}
    </Alert>
  );
}

/** The error page of a page that could not load with no network: it was never opened on this device. */
export function OfflinePageError() {
  const member = hasSessionMarker();
  return (
    <main id="main" className="page">
      <h1>This page needs a connection</h1>
      <p>
        You're offline, and this page hasn't been saved on this device. Try again when you're back online.
      </p>
      <p>
        <a href={member ? OFFLINE_CARD_PATH : '/welcome'}>
          {member ? 'Show my card' : 'Go to the home page'}
        </a>
      </p>
    </main>
  );
}
