import { Link } from 'react-router';
import { brand } from '@app/contracts/brand';
import { TEMP_CARD_VALID_DAYS } from '@app/contracts/temp-card';
import { tempCardPaths } from './temp-card-paths.ts';
import './temp-card.css';

/**
 * The perks of a full account (docs/product/registration-and-sign-in.md §R2, registration landing: 'It lists
 * registration perks').
 */
const perks = [
  { title: 'Offers picked for you', text: 'Personalised offers and bonus points every week.' },
  { title: `${brand.name} Prices`, text: `Pay less on hundreds of products at ${brand.retailer}.` },
  { title: 'Spend your points', text: 'Money off your shopping, days out, travel and more.' },
  {
    title: 'Partner offers',
    text: `Collect with ${brand.fuelPartner}, ${brand.hotelPartner} and many more.`,
  },
  { title: 'Your card on your phone', text: 'Scan your digital card at the till, no plastic needed.' },
];

/** {prefix}/sign-up: 'Register for [the scheme]', the perks, and the temporary card for those in a hurry. */
export function SignUpPage() {
  return (
    <main id="main" className="page temp-card">
      <section className="temp-card__panel" aria-labelledby="sign-up-heading">
        <h1 id="sign-up-heading">Register for {brand.name}</h1>
        <p className="temp-card__lead">
          Registering takes a few minutes and gets you everything {brand.name} offers.
        </p>
        <ul className="temp-card__perks">
          {perks.map((perk) => (
            <li key={perk.title}>
              <strong>{perk.title}</strong>
              <span>{perk.text}</span>
            </li>
          ))}
        </ul>
        <Link className="button button--primary button--full" to={tempCardPaths.register}>
          Register now
        </Link>
      </section>
      <section className="temp-card__panel temp-card__panel--quiet" aria-labelledby="hurry-heading">
        <h2 id="hurry-heading">In a hurry?</h2>
        <p>Get a digital card with just your email address and start collecting points today.</p>
        <Link className="button button--secondary button--full" to={tempCardPaths.prompt}>
          Try a temporary card for {TEMP_CARD_VALID_DAYS} days
        </Link>
      </section>
    </main>
  );
}

// The route's component (React Router's name for it): app/pages.ts loads this module lazily.
export { SignUpPage as Component };
