import { Link } from 'react-router';
import { brand } from '@app/contracts/brand';
import { LEGAL_PREFIX } from '@app/contracts/routes';
import './legal.css';

const LINKS: [slug: string, label: string][] = [
  ['collector-rules', 'Collector rules'],
  ['privacy-policy', 'Privacy policy'],
  ['cookie-policy', 'Cookie policy'],
  ['terms-of-use', 'Terms of use'],
  ['accessibility', 'Accessibility statement'],
  ['participating-companies', 'Participating companies'],
  ['staying-safe-online', 'Staying safe online'],
  ['hotels-policy', `${brand.hotelPartner} policy`],
  ['eshops-terms-and-conditions', 'eShops terms and conditions'],
  ['third-party-cookies', 'Third-party cookies'],
  ['rewards-conditions', 'Rewards conditions'],
  ['notifier-terms-of-service', 'Notifier terms of service'],
];

/** /privacy-and-legal: the way into the legal documents. */
export function PrivacyAndLegalPage() {
  return (
    <main className="page legal" id="main">
      <h1>Privacy and legal</h1>
      <p>The rules of the scheme and how we look after your information.</p>
      <ul className="legal__links">
        {LINKS.map(([slug, label]) => (
          <li key={slug}>
            <Link to={`${LEGAL_PREFIX}/${slug}`}>{label}</Link>
          </li>
        ))}
      </ul>
    </main>
  );
}

// The route's component (React Router's name for it): app/pages.ts loads this module lazily.
export { PrivacyAndLegalPage as Component };
