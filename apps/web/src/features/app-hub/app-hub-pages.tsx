import { useSyncExternalStore } from 'react';
import { Link } from 'react-router';
import { brand } from '@app/contracts/brand';
import { SIGN_IN_PATH } from '@app/contracts/routes';
import { hasSessionMarker, onSessionMarkerChange } from '../../shared/session/session-marker.ts';
import { StoreLinks } from '../../shared/ui/store-links.tsx';
import './app-hub.css';

const useSignedIn = () =>
  useSyncExternalStore(
    (onChange) => {
      const stop = onSessionMarkerChange(onChange);
      window.addEventListener('storage', onChange);
      return () => {
        stop();
        window.removeEventListener('storage', onChange);
      };
    },
    hasSessionMarker,
    () => false,
  );

/** /open-app (also the old app path): get the app, or carry on on the website. */
export function OpenAppPage() {
  const signedIn = useSignedIn();
  return (
    <main id="main" className="page app-hub">
      <h1>Get the {brand.name} app</h1>
      <p>
        Your card, your offers and your points in your pocket. Scan your digital card at {brand.retailer} and{' '}
        {brand.fuelPartner}, and save offers on the way to the shop.
      </p>
      <StoreLinks />
      <p>
        Or carry on here:{' '}
        <Link to={signedIn ? '/homepage' : SIGN_IN_PATH}>{signedIn ? 'your homepage' : 'log in'}</Link>.
      </p>
    </main>
  );
}

/** /{product}-connect/index.htm: the old app hub's page, where every app link used to land. */
export function ConnectPage() {
  return (
    <main id="main" className="page app-hub">
      <h1>{brand.name} Connect</h1>
      <p>Everything that used to be in the app hub now lives in the {brand.name} app and on this website.</p>
      <StoreLinks />
      <ul>
        <li>
          <Link to="/homepage">Your offers</Link>
        </li>
        <li>
          <Link to="/card/activity">Your card and activity</Link>
        </li>
        <li>
          <Link to="/brands">Brands you can collect with</Link>
        </li>
        <li>
          <Link to="/help">Help centre</Link>
        </li>
      </ul>
    </main>
  );
}

/** /mobile-preview: how the member's card and offers look in the app, at phone size, with where to get it. */
export function MobilePreviewPage() {
  return (
    <main id="main" className="page app-hub">
      <h1>Mobile preview</h1>
      <p>This is how your {brand.name} card and offers look on your phone.</p>
      <div
        className="app-hub__phone"
        role="img"
        aria-label={`A phone showing the ${brand.name} card and an offer`}
      >
        <div className="app-hub__phone-card">
          <p>{brand.name}</p>
          <p>
            {brand.cardPrefix}
            <strong>•••••••••••</strong>
          </p>
          <div className="app-hub__barcode" />
        </div>
        <div className="app-hub__phone-offer">
          <strong>100 bonus points</strong>
          <p>Save the offer, scan your card, collect.</p>
        </div>
      </div>
      <StoreLinks />
    </main>
  );
}

/** /account-buttons: the account buttons the app shows in a web view, for a member or a visitor. */
export function AccountButtonsPage() {
  const signedIn = useSignedIn();
  return (
    <main id="main" className="page app-hub">
      <h1>Account</h1>
      {signedIn ? (
        <p className="app-hub__buttons">
          <Link className="button button--primary" to="/account">
            Your account
          </Link>
          <Link className="button button--secondary" to="/card/activity">
            Your card
          </Link>
          <Link className="button button--secondary" to="/logout">
            Log out
          </Link>
        </p>
      ) : (
        <p className="app-hub__buttons">
          <Link className="button button--primary" to={SIGN_IN_PATH}>
            Log in
          </Link>
          <Link className="button button--secondary" to="/id/start/sign-up">
            Register
          </Link>
        </p>
      )}
    </main>
  );
}
