import { useSyncExternalStore } from 'react';
import { Link } from 'react-router';
import { SIGN_IN_PATH } from '@app/contracts/routes';
import { hasSessionMarker, onSessionMarkerChange } from '../../shared/session/session-marker.ts';

const subscribe = (onChange: () => void) => {
  const stop = onSessionMarkerChange(onChange);
  window.addEventListener('storage', onChange);
  return () => {
    stop();
    window.removeEventListener('storage', onChange);
  };
};

/**
 * The welcome page's ways in: 'Log in' and 'Register' for a visitor; a signed-in member (who also lands on
 * `/`) is offered their homepage and card instead of being asked to log in again.
 */
export function WelcomeActions() {
  const signedIn = useSyncExternalStore(subscribe, hasSessionMarker, () => false);
  if (signedIn) {
    return (
      <div className="welcome__actions">
        <Link className="button button--primary" to="/homepage">
          Go to your homepage
        </Link>
        <Link className="button button--secondary" to="/card/activity">
          Your activity
        </Link>
      </div>
    );
  }
  return (
    <div className="welcome__actions">
      <Link className="button button--primary" to={SIGN_IN_PATH}>
        Log in
      </Link>
      <Link className="button button--secondary" to="/id/start/sign-up">
        Register
      </Link>
    </div>
  );
}
