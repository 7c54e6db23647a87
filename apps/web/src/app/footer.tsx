import { Link } from 'react-router';
import { brand } from '@app/contracts/brand';
import { PARTNERS_COUNT } from '@app/contracts/ui-constants';
import { FOOTER_LINKS } from './external-links.ts';

/**
 * Footer with the links of docs/product/switches-and-constants.md §S9, in columns aligned with the page: help
 * (the help centre, contact and feedback, reachable signed in or not), legal, the apps and the brand's social
 * pages.
 */
export function Footer() {
  return (
    <footer className="shell__footer">
      <div className="shell__footer-inner">
        <nav aria-label="Footer" className="shell__footer-nav">
          <div>
            <h2 id="footer-help">Help</h2>
            <ul aria-labelledby="footer-help">
              <li>
                <Link to="/help">Help centre</Link>
              </li>
              <li>
                <Link to={FOOTER_LINKS.helpChat}>Chat to us</Link>
              </li>
              <li>
                <Link to="/feedback">Feedback</Link>
              </li>
            </ul>
          </div>
          <div>
            <h2 id="footer-legal">Legal</h2>
            <ul aria-labelledby="footer-legal">
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
            </ul>
          </div>
          <div>
            <h2 id="footer-app">Get the app</h2>
            <ul aria-labelledby="footer-app">
              <li>
                <a href={FOOTER_LINKS.appStore}>Download on the App Store</a>
              </li>
              <li>
                <a href={FOOTER_LINKS.googlePlay}>Get it on Google Play</a>
              </li>
              <li>
                <a href={FOOTER_LINKS.smartShop}>SmartShop</a>
              </li>
            </ul>
          </div>
          <div>
            <h2 id="footer-follow">Follow us</h2>
            <ul aria-labelledby="footer-follow">
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
          </div>
        </nav>
        <div className="shell__footer-about">
          <p>
            {brand.name} is run with {brand.retailer}, {brand.fuelPartner} and {PARTNERS_COUNT} partners in
            all.
          </p>
          <p>
            Need help? Call {brand.careline.phone} ({brand.careline.hours}).
          </p>
        </div>
      </div>
    </footer>
  );
}
