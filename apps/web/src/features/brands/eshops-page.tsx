import { Link } from 'react-router';
import { brand } from '@app/contracts/brand';
import { useBrands } from './api/get-brands.ts';
import { BrandGrid } from './components/brand-grid.tsx';
import { BrandsNav } from './components/brands-nav.tsx';
import './brands.css';

/** /eshops: how eShops work, with the eShop brands running a bonus. */
export function EshopsPage() {
  const brands = useBrands({ eshop: true });
  const withBonus = brands.data?.brands.filter((b) => b.bonus);
  return (
    <main id="main" className="brands-page">
      <h1>eShops</h1>
      <p className="brands-page__lead">
        Shop online with hundreds of brands through {brand.name} eShops and collect points on what you spend.
      </p>
      <BrandsNav />
      <ol>
        <li>Choose a brand below and select its shop button.</li>
        <li>Shop as usual on the brand's own site.</li>
        <li>Your points arrive once the brand confirms your order, usually within 30 days.</li>
      </ol>
      <h2>eShop bonuses</h2>
      <BrandGrid
        label="eShop bonuses"
        brands={withBonus}
        isPending={brands.isPending}
        isError={brands.isError}
        empty="There are no eShop bonuses right now."
      />
      <p>
        <Link to="/eshops/brands">See every eShop brand</Link> ·{' '}
        <Link to="/about/privacy-and-legal/eshops-terms-and-conditions">eShops terms and conditions</Link>
      </p>
    </main>
  );
}

// The route's component (React Router's name for it): app/pages.ts loads this module lazily.
export { EshopsPage as Component };
