import { Link } from 'react-router';
import { brand } from '@app/contracts/brand';
import './info-pages.css';

/** /{product}-business (business switch): the business account and how to get one. */
export function BusinessPage() {
  return (
    <main id="main" className="page info-page">
      <h1>{brand.name} Business</h1>
      <p>
        Run a small business? A {brand.name} Business account gives you offers for your business as well as
        your personal ones, on the same card.
      </p>
      <ul>
        <li>Collect points on what you buy for the business at {brand.retailer} and our partners.</li>
        <li>Get offers picked for businesses like yours.</li>
        <li>Spend your points like any other member.</li>
      </ul>
      <p>
        <Link className="button button--primary" to="/id/start">
          Register a business account
        </Link>
      </p>
      <p>
        <Link to={`/${brand.slug}-business/partners`}>Partners for businesses</Link>
      </p>
    </main>
  );
}

const BUSINESS_PARTNERS = [
  { name: brand.retailer, about: 'Supplies for the office, the kitchen and the shop floor.' },
  { name: brand.fuelPartner, about: 'Fuel for your vans and cars.' },
  { name: 'eShops', about: 'Hundreds of online shops for office supplies, tech and travel.' },
] as const;

/** /{product}-business/partners (business switch). */
export function BusinessPartnersPage() {
  return (
    <main id="main" className="page info-page">
      <h1>{brand.name} Business partners</h1>
      <ul className="info-page__list">
        {BUSINESS_PARTNERS.map((partner) => (
          <li key={partner.name}>
            <h2>{partner.name}</h2>
            <p>{partner.about}</p>
          </li>
        ))}
      </ul>
      <Link to={`/${brand.slug}-business`}>Back to {brand.name} Business</Link>
    </main>
  );
}
