import { Link, useParams } from 'react-router';
import { useBrandCategories } from './api/get-brand-categories.ts';
import { useBrands } from './api/get-brands.ts';
import { BrandGrid } from './components/brand-grid.tsx';
import { BrandsNav } from './components/brands-nav.tsx';
import './brands.css';

/** /brands/categories/:categoryId: the brands of one category. */
export function BrandCategoryPage() {
  const { categoryId = '' } = useParams();
  const categories = useBrandCategories();
  const brands = useBrands({ category: categoryId });
  const category = categories.data?.find((c) => c.key === categoryId);
  const unknown = categories.isSuccess && !category;
  return (
    <main id="main" className="brands-page">
      <h1>{category?.name ?? (unknown ? 'Category not found' : 'Brand category')}</h1>
      <BrandsNav />
      {unknown ? (
        <p>
          We couldn't find that category. <Link to="/brands/categories">See all categories</Link>.
        </p>
      ) : (
        <BrandGrid
          label={category ? `${category.name} brands` : 'Brands'}
          brands={brands.data?.brands}
          isPending={brands.isPending}
          isError={brands.isError}
          empty="There are no brands in this category right now."
        />
      )}
    </main>
  );
}

// The route's component (React Router's name for it): app/pages.ts loads this module lazily.
export { BrandCategoryPage as Component };
