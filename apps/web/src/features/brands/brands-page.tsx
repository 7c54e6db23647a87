import { Link } from 'react-router';
import type { BRAND_PANEL_TYPES } from '@app/contracts/brands';
import { brand } from '@app/contracts/brand';
import { PARTNERS_COUNT } from '@app/contracts/ui-constants';
import { loadFromPage } from '../../shared/query/load-from-page.ts';
import { brandPanelQueryOptions, useBrandPanel } from './api/get-brand-panel.ts';
import { brandsQueryOptions, useBrands } from './api/get-brands.ts';
import { BrandGrid } from './components/brand-grid.tsx';
import { BrandsNav } from './components/brands-nav.tsx';
import './brands.css';

function Panel({ type }: { type: (typeof BRAND_PANEL_TYPES)[number] }) {
  const panel = useBrandPanel(type);
  return (
    <div className="brands__panel">
      <h2>{panel.data?.title ?? (type === 'collect' ? 'Ways to collect' : 'Ways to spend')}</h2>
      <BrandGrid
        label={panel.data?.title ?? type}
        brands={panel.data?.brands}
        isPending={panel.isPending}
        isError={panel.isError}
        empty="No brands here right now."
        rate={type === 'collect' ? 'collect' : 'spend'}
      />
    </div>
  );
}

/**
 * /brands: every partner brand, with the collect and spend panels (docs/product/signed-in-pages.md §S1,
 * docs/product/calls-and-errors.md §S7.1).
 */
export function BrandsPage() {
  const brands = useBrands();
  return (
    <main id="main" className="brands-page">
      <h1>Brands</h1>
      <p className="brands-page__lead">
        Collect {brand.name} points with our {PARTNERS_COUNT} partners, and spend them with many of them.
      </p>
      <BrandsNav />
      <Panel type="collect" />
      <Panel type="redeem" />
      <h2>All brands</h2>
      <p>
        <Link to="/brands/categories">Browse by category</Link>
      </p>
      <BrandGrid
        label="All brands"
        brands={brands.data?.brands}
        isPending={brands.isPending}
        isError={brands.isError}
        empty="There are no brands to show right now."
      />
    </main>
  );
}

// The route's component (React Router's name for it): app/pages.ts loads this module lazily.
export { BrandsPage as Component };
// A member's page comes with the panels and the list (ADR 040): drawn with them, no grid pushed down.
export const loader = loadFromPage((client) => [
  client.ensureQueryData(brandPanelQueryOptions('collect')),
  client.ensureQueryData(brandPanelQueryOptions('redeem')),
  client.ensureQueryData(brandsQueryOptions()),
]);
