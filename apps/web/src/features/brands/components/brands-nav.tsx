import { NavLink } from 'react-router';
import { brand } from '@app/contracts/brand';

const links = [
  { to: '/brands', label: 'All brands', end: true },
  { to: '/brands/categories', label: 'Categories', end: false },
  { to: '/brands/search', label: 'Search', end: true },
  { to: '/eshops', label: 'eShops', end: false },
  { to: `/${brand.slug}-travel`, label: 'Travel', end: true },
];

/** The brand pages' own navigation. */
export function BrandsNav() {
  return (
    <nav aria-label="Brands" className="brands-nav">
      <ul>
        {links.map((link) => (
          <li key={link.to}>
            <NavLink to={link.to} end={link.end}>
              {link.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
