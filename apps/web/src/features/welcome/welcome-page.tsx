import { brand } from '@app/contracts/brand';
import { PARTNERS_COUNT } from '@app/contracts/ui-constants';
import { usePopups } from '../../shared/popups/popup-manager.tsx';
import { WelcomeActions } from './welcome-actions.tsx';
import './welcome.css';

/** The welcome page (/welcome, also / and /New_{product}): the scheme's pitch and the ways in. */
export function WelcomePage() {
  const popups = usePopups();
  return (
    <main id="main" className="welcome">
      <section className="welcome__hero">
        <div className="welcome__inner">
          <h1>Collect {brand.name} points. Spend them on what you love.</h1>
          <p>
            Collect with {PARTNERS_COUNT} partners, load personalised offers, show your digital card at{' '}
            {brand.retailer} and {brand.fuelPartner}, and turn your points into money off, flights with{' '}
            {brand.airlinePartner} or stays with {brand.hotelPartner}.
          </p>
          <WelcomeActions />
        </div>
      </section>
      <section className="welcome__perks" aria-labelledby="perks-heading">
        <h2 id="perks-heading">Why join?</h2>
        <ul>
          <li>
            <h3>Offers made for you</h3>
            <p>Save the offers you like and collect bonus points when you shop.</p>
          </li>
          <li>
            <h3>Member prices</h3>
            <p>Pay less on hundreds of products at {brand.retailer} with your card.</p>
          </li>
          <li>
            <h3>Your card on your phone</h3>
            <p>Show the barcode at the till and collect points straight away.</p>
            <button
              type="button"
              className="button button--link"
              onClick={() => popups.toggle('HOW_TO_USE_CARD')}
            >
              How do I use my card?
            </button>
          </li>
        </ul>
      </section>
    </main>
  );
}

// The route's component (React Router's name for it): app/pages.ts loads this module lazily.
export { WelcomePage as Component };
