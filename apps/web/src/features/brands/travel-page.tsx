import { Link } from 'react-router';
import { brand } from '@app/contracts/brand';
import { useBrands } from './api/get-brands.ts';
import { BrandGrid } from './components/brand-grid.tsx';
import { BrandsNav } from './components/brands-nav.tsx';
import './brands.css';

/** The travel page (/{product}-travel): travel brands, with the airline and hotel partners first. */
export function TravelPage() {
  const brands = useBrands({ category: 'travel' });
  return (
    <main id="main" className="brands-page">
      <h1>{brand.name} travel</h1>
      <p className="brands-page__lead">
        Turn points into {brand.airlinePartner} and {brand.hotelPartner} points, and collect on trips with our
        travel partners.
      </p>
      <BrandsNav />
      <p>
        <Link to="/account/linked-partners">
          Link your {brand.airlinePartner} or {brand.hotelPartner} account
        </Link>
      </p>
      <BrandGrid
        label="Travel brands"
        brands={brands.data?.brands}
        isPending={brands.isPending}
        isError={brands.isError}
        empty="There are no travel brands right now."
      />
    </main>
  );
}

// The route's component (React Router's name for it): app/pages.ts loads this module lazily.
export { TravelPage as Component };
