import { createContext, lazy, Suspense, useContext, useEffect, useSyncExternalStore } from 'react';
import { Outlet, ScrollRestoration, useLocation, useMatches } from 'react-router';
import { brand } from '@app/contracts/brand';
import { trackPageView } from '../shared/analytics/analytics.ts';
import { useIsFablet } from '../shared/hooks/use-is-fablet.ts';
import { Footer } from './footer.tsx';
import { Header } from './header.tsx';
import type { RouteHandle } from './routes.tsx';
import './layout.css';

const ConsentBanner = lazy(() => import('./consent-banner.tsx'));
/**
 * Whether a drawing of the page shows the consent banner: the build's drawings of public pages do (most of
 * their visitors have not chosen yet, and a banner that appeared only when the app starts would be the page's
 * largest paint); the server's drawing of a member's page does not (ADR 022).
 */
export const ConsentBannerInDrawing = createContext(false);
const neverChanges = () => () => undefined;
const inTheApp = () => true;
const inADrawing = () => false;

export function Layout() {
  const location = useLocation();
  const handle = useMatches().at(-1)?.handle as RouteHandle | undefined;
  const fablet = useIsFablet();
  // The consent choice lives in this browser: the server's drawing of a member's page leaves the banner to the
  // app, so that it is not shown to a member who has already chosen.
  const inBrowser = useSyncExternalStore(neverChanges, inTheApp, inADrawing);
  const drawBanner = useContext(ConsentBannerInDrawing);

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
      {(inBrowser || drawBanner) && (
        <Suspense fallback={null}>
          <ConsentBanner />
        </Suspense>
      )}
      <ScrollRestoration />
    </div>
  );
}
