import { Link } from 'react-router';
import { brand } from '@app/contracts/brand';
import { TEMP_CARD_PARTNERS, TEMP_CARD_VALID_DAYS } from '@app/contracts/temp-card';
import { tempCardPaths } from './temp-card-paths.ts';
import './temp-card.css';

const listOf = (items: readonly string[]) =>
  items.length > 1 ? `${items.slice(0, -1).join(', ')} and ${items.at(-1) ?? ''}` : (items[0] ?? '');

/**
 * {prefix}/temp-card: 'Try now, register later'. What a temporary card gives and lacks is the product's own
 * list (docs/product/signed-in-pages.md §S1, 'Temporary card'), so nobody is surprised at the till.
 */
export function TempCardPromptPage() {
  return (
    <main id="main" className="page temp-card">
      <section className="temp-card__panel" aria-labelledby="prompt-heading">
        <h1 id="prompt-heading">Try now, register later</h1>
        <p className="temp-card__lead">
          A temporary digital card needs only your email address and lasts {TEMP_CARD_VALID_DAYS} days.
        </p>
        <div className="temp-card__compare">
          <div>
            <h2>You get</h2>
            <ul className="temp-card__ticks">
              <li>
                {brand.name} Prices at {brand.retailer}
              </li>
              <li>Points when you shop at {listOf(TEMP_CARD_PARTNERS)}</li>
              <li>A barcode on your phone, ready for the till</li>
            </ul>
          </div>
          <div>
            <h2>Only with a full account</h2>
            <ul className="temp-card__crosses">
              <li>Personalised prices</li>
              <li>Spending your points</li>
              <li>Bonus offers</li>
              <li>Partner offers, and collecting with every partner</li>
            </ul>
          </div>
        </div>
        <p>
          Register later with the same email address and you keep your card number and the points you
          collected.
        </p>
        <Link className="button button--primary button--full" to={tempCardPaths.enterEmailAddress}>
          Get a temporary card
        </Link>
        <p className="temp-card__aside">
          Want full access? <Link to={tempCardPaths.register}>Register now</Link>
        </p>
      </section>
    </main>
  );
}

// The route's component (React Router's name for it): app/pages.ts loads this module lazily.
export { TempCardPromptPage as Component };
