import { useBrands } from './api/get-brands.ts';
import { BrandGrid } from './components/brand-grid.tsx';
import { BrandsNav } from './components/brands-nav.tsx';
import './brands.css';

/** /eshops/brands: every brand you collect with through an eShop (isVldx). */
export function EshopsBrandsPage() {
  const brands = useBrands({ eshop: true });
  return (
    <main id="main" className="brands-page">
      <h1>eShop brands</h1>
      <BrandsNav />
      <BrandGrid
        label="eShop brands"
        brands={brands.data?.brands}
        isPending={brands.isPending}
        isError={brands.isError}
        empty="There are no eShop brands right now."
      />
    </main>
  );
}

// The route's component (React Router's name for it): app/pages.ts loads this module lazily.
export { EshopsBrandsPage as Component };
