import { useSyncExternalStore } from 'react';
import { Link, useSearchParams } from 'react-router';
import { brand } from '@app/contracts/brand';
import { SIGN_IN_PATH } from '@app/contracts/routes';
import { describeScopeWords } from '@app/contracts/scope-words';
import { isAllowedRedirect } from '../../shared/navigation/allowed-redirect.ts';
import { hasSessionMarker, onSessionMarkerChange } from '../../shared/session/session-marker.ts';
import { Alert } from '../../shared/ui/alert.tsx';
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

/**
 * Where a connection made through the old app hub comes back to: `from` is the address to return to, `code`
 * and `state` the identity provider's answer for it, `scope` what it was given.
 */
interface ConnectReturn {
  from: string | null;
  code: string | null;
  state: string | null;
  scopes: string[];
}

const connectReturnOf = (params: URLSearchParams): ConnectReturn => ({
  from: params.get('from'),
  code: params.get('code'),
  state: params.get('state'),
  scopes: (params.get('scope') ?? '').split(/[\s+]+/).filter(Boolean),
});

/**
 * `from` with the code and state added, when it is an address we may send a member to
 * (docs/product/registration-and-sign-in.md §R5, docs/product/signed-in-pages.md §S5).
 */
const returnAddress = ({ from, code, state }: ConnectReturn) => {
  if (!from || !code || !isAllowedRedirect(from)) return undefined;
  const url = new URL(from, window.location.origin);
  url.searchParams.set('code', code);
  if (state) url.searchParams.set('state', state);
  return url.toString();
};

/**
 * /{product}-connect/index.htm: the old app hub's page, where every app link used to land
 * (docs/product/signed-in-pages.md §S2.2: optional from, code, scope and state). With a code, the connection
 * is made: the page says what it shares (scope, in the member's words) and sends the code and state back to
 * `from` when it is one of our addresses or an allow-listed host; never anywhere else, and the code is never
 * shown.
 */
export function ConnectPage() {
  const [params] = useSearchParams();
  const connect = connectReturnOf(params);
  const back = returnAddress(connect);
  const shared = describeScopeWords(connect.scopes);
  return (
    <main id="main" className="page app-hub">
      <h1>{brand.name} Connect</h1>
      {connect.code ? (
        <section className="app-hub__connected" aria-label="Connection">
          <Alert tone="success" title="You're connected.">
            Your {brand.name} account is linked.
          </Alert>
          {shared.length > 0 ? (
            <>
              <p>What it can do:</p>
              <ul>
                {shared.map((words) => (
                  <li key={words}>{words}</li>
                ))}
              </ul>
            </>
          ) : null}
          {back ? (
            <p>
              <a className="button button--primary" href={back}>
                Carry on where you were
              </a>
            </p>
          ) : (
            <p>Go back to the app you came from to carry on.</p>
          )}
          <p>
            You can see and remove connections in <Link to="/account/security">your account</Link>.
          </p>
        </section>
      ) : (
        <p>
          Everything that used to be in the app hub now lives in the {brand.name} app and on this website.
        </p>
      )}
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
