import { Link, useParams } from 'react-router';
import { brand } from '@app/contracts/brand';
import { CARD_PREFIX } from '@app/contracts/card-number';
import {
  TEMP_CARD_PARTNERS,
  tempCardErrorCodes,
  tempCardMessages,
  type TempCard,
} from '@app/contracts/temp-card';
import { HttpError } from '../../shared/http/client.ts';
import { Spinner } from '../../shared/ui/spinner.tsx';
import { useTempCard } from './get-temp-card.ts';
import { tempCardPaths } from './temp-card-paths.ts';
import './temp-card.css';
import { longDate } from '../../shared/format/uk-format.ts';

function CardView({ card }: { card: TempCard }) {
  const digits = card.cardNumber.slice(CARD_PREFIX.length);
  return (
    <>
      <h1 id="card-heading">Your temporary card</h1>
      <figure className="temp-card__card">
        <div className="temp-card__card-top">
          <span className="temp-card__card-brand">{brand.name.toLowerCase()}</span>
          <span className="temp-card__card-kind">Temporary card</span>
        </div>
        <img
          className="temp-card__barcode"
          src={`data:image/png;base64,${card.barcodePng}`}
          alt={`Barcode for card number ${card.cardNumber}`}
        />
        <figcaption className="temp-card__number" aria-label={`Card number ${card.cardNumber}`}>
          {CARD_PREFIX}
          <strong>{digits}</strong>
        </figcaption>
      </figure>
      <p className="temp-card__expiry">
        Valid until <strong>{longDate(card.expiresAt)}</strong> ({card.daysLeft}{' '}
        {card.daysLeft === 1 ? 'day' : 'days'} left)
      </p>
      <section aria-labelledby="till-heading">
        <h2 id="till-heading">How to use it at the till</h2>
        <ol className="temp-card__steps">
          <li>Turn your screen brightness up and open this page before you pay.</li>
          <li>
            Tell the cashier you have a {brand.name} card, or scan the barcode yourself at a self-checkout.
          </li>
          <li>If the barcode won't scan, the cashier can type in your card number.</li>
        </ol>
        <p>
          You collect points and get {brand.name} Prices at {TEMP_CARD_PARTNERS.join(' and ')}. Keep this
          email so you can find your card again.
        </p>
      </section>
      <section className="temp-card__panel temp-card__panel--quiet" aria-labelledby="full-heading">
        <h2 id="full-heading">Want full access?</h2>
        <p>
          Register with the same email address to keep this card number and your points, and unlock
          personalised prices, spending points, bonus offers and partner offers.
        </p>
        <Link className="button button--primary button--full" to={tempCardPaths.register}>
          Register now
        </Link>
      </section>
    </>
  );
}

function Refusal({ error }: { error: unknown }) {
  const code = error instanceof HttpError ? error.code : undefined;
  // A malformed link says what an unknown one says, never the schema's words.
  const message =
    code === 'VALIDATION' ? tempCardMessages.notFound : error instanceof Error ? error.message : '';
  if (code === tempCardErrorCodes.expired) {
    return (
      <>
        <h1 id="card-heading">Your temporary card has expired</h1>
        <p className="temp-card__lead">{message}</p>
        <p>
          Register for a full {brand.name} account with the same email address to carry on collecting. You
          keep your card number and the points you collected on it.
        </p>
        <Link className="button button--primary button--full" to={tempCardPaths.register}>
          Register now
        </Link>
      </>
    );
  }
  if (code === tempCardErrorCodes.upgraded) {
    return (
      <>
        <h1 id="card-heading">This card is now your full card</h1>
        <p className="temp-card__lead">{message}</p>
        <Link className="button button--primary button--full" to={tempCardPaths.login}>
          Log in
        </Link>
      </>
    );
  }
  return (
    <>
      <h1 id="card-heading">We can't show this card</h1>
      <p className="temp-card__lead" role="alert">
        {message}
      </p>
      <Link className="button button--secondary button--full" to={tempCardPaths.prompt}>
        Get a temporary card
      </Link>
    </>
  );
}

/** /temp-card/your-card/:token: the card from the emailed link, or why it can no longer be shown. */
export function YourCardPage() {
  const { token = '' } = useParams();
  const query = useTempCard(token);
  return (
    <main id="main" className="page temp-card">
      <section className="temp-card__panel" aria-labelledby="card-heading" aria-busy={query.isPending}>
        {query.isPending ? (
          <div className="temp-card__loading">
            <Spinner label="Loading your card" />
          </div>
        ) : query.isError ? (
          <Refusal error={query.error} />
        ) : (
          <CardView card={query.data} />
        )}
      </section>
    </main>
  );
}

// The route's component (React Router's name for it): app/pages.ts loads this module lazily.
export { YourCardPage as Component };
