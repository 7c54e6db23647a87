import { lazy, Suspense, useEffect, useSyncExternalStore } from 'react';
import { Outlet, ScrollRestoration, useLocation, useMatches } from 'react-router';
import { brand } from '@app/contracts/brand';
import { trackPageView } from '../shared/analytics/analytics.ts';
import { useIsFablet } from '../shared/hooks/use-is-fablet.ts';
import { Footer } from './footer.tsx';
import { Header } from './header.tsx';
import type { RouteHandle } from './routes.tsx';
import './layout.css';

const ConsentBanner = lazy(() => import('./consent-banner.tsx'));
const neverChanges = () => () => undefined;
const inTheApp = () => true;
const inADrawing = () => false;

export function Layout() {
  const location = useLocation();
  const handle = useMatches().at(-1)?.handle as RouteHandle | undefined;
  const fablet = useIsFablet();
  // The consent choice lives in this browser: the banner is the app's alone, so that no drawing of the page
  // (the build's or the server's, ADR 018 and 022) shows it to a member who has already chosen.
  const inBrowser = useSyncExternalStore(neverChanges, inTheApp, inADrawing);

  useEffect(() => {
    document.title = handle?.title ? `${handle.title} | ${brand.name}` : brand.name;
  }, [handle?.title]);
  useEffect(() => {
    trackPageView(location.pathname, location.search);
  }, [location.pathname, location.search]);

  return (
    <div className={`shell${fablet ? ' shell--fablet' : ''}`}>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <Header />
      <Outlet />
      <Footer />
      {inBrowser && (
        <Suspense fallback={null}>
          <ConsentBanner />
        </Suspense>
      )}
      <ScrollRestoration />
    </div>
  );
}
