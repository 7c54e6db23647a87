import { Link } from 'react-router';
import { brand } from '@app/contracts/brand';
import { FOOTER_LINKS } from './external-links.ts';

/** Footer with the external links of signed-in spec 9. */
export function Footer() {
  return (
    <footer className="shell__footer">
      <nav aria-label="Footer" className="shell__footer-nav">
        <ul>
          <li>
            <Link to={FOOTER_LINKS.privacyPolicy}>Privacy policy</Link>
          </li>
          <li>
            <Link to={FOOTER_LINKS.collectorRules}>Collector rules</Link>
          </li>
          <li>
            <Link to="/privacy-and-legal">Privacy and legal</Link>
          </li>
          <li>
            <a href={FOOTER_LINKS.privacyHub}>Privacy hub</a>
          </li>
          <li>
            <a href={FOOTER_LINKS.helpChat}>Chat to us</a>
          </li>
          <li>
            <a href={FOOTER_LINKS.smartShop}>SmartShop</a>
          </li>
        </ul>
        <ul aria-label="Get the app">
          <li>
            <a href={FOOTER_LINKS.appStore}>Download on the App Store</a>
          </li>
          <li>
            <a href={FOOTER_LINKS.googlePlay}>Get it on Google Play</a>
          </li>
        </ul>
        <ul aria-label="Follow us">
          <li>
            <a href={FOOTER_LINKS.facebook}>Facebook</a>
          </li>
          <li>
            <a href={FOOTER_LINKS.instagram}>Instagram</a>
          </li>
          <li>
            <a href={FOOTER_LINKS.x}>X</a>
          </li>
        </ul>
      </nav>
      <p>
        {brand.name} is run with {brand.retailer}, {brand.fuelPartner} and hundreds of brand partners.
      </p>
      <p>
        Need help? Call {brand.careline.phone} ({brand.careline.hours}).
      </p>
    </footer>
  );
}
