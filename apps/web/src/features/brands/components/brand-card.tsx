import { Link } from 'react-router';
import type { Brand } from '@app/contracts/brands';

/**
 * One brand in a list: its logo, name, how points are collected there (or, in a list of ways to spend, how
 * they are spent) and any running bonus.
 */
export function BrandCard({ brand, rate = 'collect' }: { brand: Brand; rate?: 'collect' | 'spend' }) {
  return (
    <Link className="brand-card" to={`/brands/${brand.brandDetailsKey}`}>
      <img
        className="brand-card__logo"
        src={brand.imageUrls.logoImageUrl}
        alt=""
        width="64"
        height="64"
        loading="lazy"
      />
      <span className="brand-card__text">
        <span className="brand-card__name">{brand.name}</span>
        <span className="brand-card__rate">
          {rate === 'spend' ? (brand.spendRate ?? brand.collectRate) : brand.collectRate}
        </span>
        {brand.isVldx ? <span className="brand-card__tag">eShop</span> : null}
        {brand.bonus ? <span className="brand-card__bonus">{brand.bonus.title}</span> : null}
      </span>
    </Link>
  );
}
