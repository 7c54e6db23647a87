import { createContext, lazy, Suspense, useContext, useEffect } from 'react';
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
 * Whether the page shows the consent banner: the app does, and so do the build's drawings of public pages (most
 * of their visitors have not chosen yet, and a banner that appeared only when the app starts would be the
 * page's largest paint). The server's drawing of a member's page does not (ADR 022): the choice lives in the
 * browser, and the app shows the banner if it is still to be made.
 */
export const ConsentBannerShown = createContext(true);

export function Layout() {
  const location = useLocation();
  const handle = useMatches().at(-1)?.handle as RouteHandle | undefined;
  const fablet = useIsFablet();
  const consentBanner = useContext(ConsentBannerShown);

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
      {consentBanner && (
        <Suspense fallback={null}>
          <ConsentBanner />
        </Suspense>
      )}
      <ScrollRestoration />
    </div>
  );
}
