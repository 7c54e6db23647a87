import { lazy, Suspense, useEffect, useRef, useSyncExternalStore, type ComponentType } from 'react';
import { Outlet, ScrollRestoration, useLocation, useMatches } from 'react-router';
import { brand } from '@app/contracts/brand';
import { trackPageView } from '../shared/analytics/analytics.ts';
import { useIsFablet } from '../shared/hooks/use-is-fablet.ts';
import { useOffline } from '../shared/offline/use-connection.ts';
import { hasSessionMarker, onSessionMarkerChange } from '../shared/session/session-marker.ts';
import { Footer } from './footer.tsx';
import { Header } from './header.tsx';
import type { RouteHandle } from './route-handle.ts';
import './layout.css';

const LazyConsentBanner = lazy(() => import('./consent-banner.tsx'));
/** The banner's module once `loadConsentBanner` has loaded it: drawn at once, with nothing to wait for. */
let LoadedConsentBanner: ComponentType | undefined;

/**
 * Loads the banner before the app hydrates a drawing (start-up.tsx, ADR 045): it then hydrates with the rest of
 * the page. Left to its lazy part, it hydrated a moment after the page took input, and a click on it in
 * between was lost.
 */
export const loadConsentBanner = () =>
  import('./consent-banner.tsx').then((module) => {
    LoadedConsentBanner = module.default;
  });

function ConsentBanner() {
  return LoadedConsentBanner ? <LoadedConsentBanner /> : <LazyConsentBanner />;
}
const OfflineNotice = lazy(() => import('./offline-notice.tsx'));
const LiveUpdates = lazy(() => import('./live-updates.tsx'));

/**
 * The offline notice (ADR 030) in a live region that is always on the page, so that a screen reader hears
 * politely when the network goes (and that it came back, when the notice goes). Its code loads only offline,
 * from the service worker's copy.
 */
function OfflineStatus() {
  const offline = useOffline();
  return (
    <div className="offline-status" role="status">
      {offline ? (
        <Suspense fallback={null}>
          <OfflineNotice member={hasSessionMarker()} />
        </Suspense>
      ) : null}
    </div>
  );
}

/**
 * After a move to another page inside the app, the keyboard focus goes to the new page's heading, so that a
 * screen reader reads where the member is and Tab starts from the top of the page (a full page load does this
 * by itself). A page that put the focus in itself (a field) keeps it; the first page of a visit is left alone.
 */
function useFocusOnNewPage(pathname: string) {
  const shown = useRef(pathname);
  useEffect(() => {
    if (shown.current === pathname) return;
    shown.current = pathname;
    const main = document.getElementById('main');
    const active = document.activeElement;
    if (!main || (active && active !== main && main.contains(active))) return;
    const heading = main.querySelector<HTMLElement>('h1');
    if (!heading) return;
    heading.tabIndex = -1;
    heading.focus({ preventScroll: true });
  }, [pathname]);
}

const notDrawnOnTheServer = () => false;

export function Layout() {
  const location = useLocation();
  const handle = useMatches().at(-1)?.handle as RouteHandle | undefined;
  const fablet = useIsFablet();

  useEffect(() => {
    document.title = handle?.title ? `${handle.title} | ${brand.name}` : brand.name;
  }, [handle?.title]);
  useEffect(() => {
    trackPageView(location.pathname, location.search);
  }, [location.pathname, location.search]);
  useFocusOnNewPage(location.pathname);
  // False while hydrating, so that it matches the server's drawing; then it follows sign-in and sign-out.
  const live = useSyncExternalStore(onSessionMarkerChange, hasSessionMarker, notDrawnOnTheServer);

  return (
    <div className={`shell${fablet ? ' shell--fablet' : ''}`}>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      {/* First in the page's order, though it shows at the bottom: the keyboard reaches it before the page. */}
      {/* Drawn by the server and the build too (a banner that came only when the app starts would be the page's
          largest paint); the server hides it for a visitor who has chosen (web-app.ts). */}
      <Suspense fallback={null}>
        <ConsentBanner />
      </Suspense>
      <Header />
      <OfflineStatus />
      {live ? (
        <Suspense fallback={null}>
          <LiveUpdates />
        </Suspense>
      ) : null}
      <Outlet />
      <Footer />
      <ScrollRestoration />
    </div>
  );
}
