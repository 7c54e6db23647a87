import { useBrands } from './api/get-brands.ts';
import { BrandGrid } from './components/brand-grid.tsx';
import { BrandsNav } from './components/brands-nav.tsx';
import './brands.css';

/** /event: the brands running a bonus event right now. */
export function EventPage() {
  const brands = useBrands();
  return (
    <main id="main" className="brands-page">
      <h1>Bonus points event</h1>
      <p className="brands-page__lead">Extra points with these brands, for a limited time.</p>
      <BrandsNav />
      <BrandGrid
        label="Brands with a bonus"
        brands={brands.data?.brands.filter((b) => b.bonus)}
        isPending={brands.isPending}
        isError={brands.isError}
        empty="There's no bonus event right now. Check back soon."
      />
    </main>
  );
}

// The route's component (React Router's name for it): app/pages.ts loads this module lazily.
export { EventPage as Component };
