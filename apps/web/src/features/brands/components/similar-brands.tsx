import type { Brand } from '@app/contracts/brands';
import { BrandCard } from './brand-card.tsx';

/** The most a brand page suggests: one row on a wide screen, two on a phone. */
const SIMILAR_BRANDS_SHOWN = 6;

/** Brands that share a category with this one, those sharing the most first, then by name. */
export function similarBrandsOf(brand: Brand, all: readonly Brand[]): Brand[] {
  const shared = (other: Brand) =>
    other.categoryKeys.filter((key) => brand.categoryKeys.includes(key)).length;
  return all
    .filter((other) => other.brandDetailsKey !== brand.brandDetailsKey && shared(other) > 0)
    .sort((a, b) => shared(b) - shared(a) || a.name.localeCompare(b.name))
    .slice(0, SIMILAR_BRANDS_SHOWN);
}

/**
 * The similar-brands block of a brand page (docs/product/switches-and-constants.md §S9 'similar brands'
 * switch; ADR 038): other brands of the same categories, so a member who came for one shop finds its
 * neighbours. Nothing when there are none.
 */
export function SimilarBrands({ brand, all }: { brand: Brand; all: readonly Brand[] }) {
  const similar = similarBrandsOf(brand, all);
  if (similar.length === 0) return null;
  return (
    <section className="similar-brands" aria-labelledby="similar-brands">
      <h2 id="similar-brands">Similar brands</h2>
      <ul className="brands__grid">
        {similar.map((other) => (
          <li key={other.brandDetailsKey}>
            <BrandCard brand={other} />
          </li>
        ))}
      </ul>
    </section>
  );
}
