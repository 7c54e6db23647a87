import { Link } from 'react-router';
import { Spinner } from '../../shared/ui/spinner.tsx';
import { useBrandCategories } from './api/get-brand-categories.ts';
import { BrandsNav } from './components/brands-nav.tsx';
import './brands.css';
import { Alert } from '../../shared/ui/alert.tsx';

/** /brands/categories: the brand categories (from the CMS when its switch is on). */
export function BrandCategoriesPage() {
  const categories = useBrandCategories();
  return (
    <main id="main" className="brands-page">
      <h1>Brand categories</h1>
      <BrandsNav />
      {categories.isPending ? (
        <Spinner size="large" label="Loading categories" />
      ) : categories.isError ? (
        <Alert>We couldn't load the categories. Please try again later.</Alert>
      ) : categories.data.length === 0 ? (
        <p className="brands__empty">There are no categories right now.</p>
      ) : (
        <ul className="brands__categories">
          {categories.data.map((category) => (
            <li key={category.key}>
              <Link to={`/brands/categories/${category.key}`}>
                <span>{category.name}</span>
                <span>
                  {category.brandCount}
                  <span className="visually-hidden"> brands</span>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </main>
  );
}

// The route's component (React Router's name for it): app/pages.ts loads this module lazily.
export { BrandCategoriesPage as Component };
