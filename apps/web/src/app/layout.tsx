import { lazy, Suspense, useEffect } from 'react';
import { Outlet, ScrollRestoration, useLocation, useMatches } from 'react-router';
import { brand } from '@app/contracts/brand';
import { trackPageView } from '../shared/analytics/analytics.ts';
import { useIsFablet } from '../shared/hooks/use-is-fablet.ts';
import { Footer } from './footer.tsx';
import { Header } from './header.tsx';
import type { RouteHandle } from './routes.tsx';
import './layout.css';

const ConsentBanner = lazy(() => import('./consent-banner.tsx'));

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

  return (
    <div className={`shell${fablet ? ' shell--fablet' : ''}`}>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <Header />
      <Outlet />
      <Footer />
      <Suspense fallback={null}>
        <ConsentBanner />
      </Suspense>
      <ScrollRestoration />
    </div>
  );
}
