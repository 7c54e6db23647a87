import type { Brand } from '@app/contracts/brands';
import { Spinner } from '../../../shared/ui/spinner.tsx';
import { BrandCard } from './brand-card.tsx';
import { Alert } from '../../../shared/ui/alert.tsx';

interface BrandGridProps {
  label: string;
  brands: Brand[] | undefined;
  isPending: boolean;
  isError: boolean;
  empty: string;
  /** Which line each card shows: how points are collected (the default) or how they are spent. */
  rate?: 'collect' | 'spend';
}

/** A list of brands with its loading, error and empty states; the count is announced politely. */
export function BrandGrid({ label, brands, isPending, isError, empty, rate }: BrandGridProps) {
  if (isPending) return <Spinner size="large" label="Loading brands" />;
  if (isError) return <Alert>We couldn't load the brands. Please try again later.</Alert>;
  const list = brands ?? [];
  return (
    <section aria-label={label}>
      <p className="brands__count" aria-live="polite">
        {list.length === 1 ? '1 brand' : `${list.length} brands`}
      </p>
      {list.length === 0 ? (
        <p className="brands__empty">{empty}</p>
      ) : (
        <ul className="brands__grid">
          {list.map((brand) => (
            <li key={brand.brandDetailsKey}>
              <BrandCard brand={brand} rate={rate} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
