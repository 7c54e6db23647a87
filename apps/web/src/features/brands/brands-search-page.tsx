import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { BRAND_SEARCH_DEBOUNCE_MS } from '@app/contracts/brands';
import { TextField } from '../../shared/ui/text-field.tsx';
import { brandsQueryOptions } from './api/get-brands.ts';
import { BrandGrid } from './components/brand-grid.tsx';
import { BrandsNav } from './components/brands-nav.tsx';
import './brands.css';

/**
 * /brands/search: the list filters while the member types, a short pause after each key press; Enter searches
 * at once. The last list stays until the next answers, so the results and their count ('3 brands', announced
 * politely) change in place. The query is kept in the address so the result can be shared and reloaded.
 */
export function BrandsSearchPage() {
  const [params, setParams] = useSearchParams();
  const searched = params.get('q') ?? '';
  const [text, setText] = useState(searched);
  const brands = useQuery({ ...brandsQueryOptions({ search: searched }), placeholderData: keepPreviousData });

  useEffect(() => {
    if (text.trim() === searched) return;
    const timer = setTimeout(
      () => setParams(text.trim() ? { q: text.trim() } : {}, { replace: true }),
      BRAND_SEARCH_DEBOUNCE_MS,
    );
    return () => clearTimeout(timer);
  }, [text, searched, setParams]);

  return (
    <main id="main" className="brands-page">
      <h1>Search brands</h1>
      <BrandsNav />
      <form
        role="search"
        className="brands-search__form"
        onSubmit={(event) => {
          event.preventDefault();
          setParams(text.trim() ? { q: text.trim() } : {}, { replace: true });
        }}
      >
        <TextField
          label="Brand name"
          type="search"
          value={text}
          maxLength={100}
          autoComplete="off"
          onChange={(event) => setText(event.target.value)}
        />
      </form>
      <BrandGrid
        label="Search results"
        brands={brands.data?.brands}
        isPending={brands.isPending}
        isError={brands.isError}
        empty={`We couldn't find a brand called "${searched}". Check the spelling or browse the categories.`}
      />
    </main>
  );
}

// The route's component (React Router's name for it): app/pages.ts loads this module lazily.
export { BrandsSearchPage as Component };
