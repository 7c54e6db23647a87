import { Link } from 'react-router';
import { brand } from '@app/contracts/brand';
import { CARD_PREFIX } from '@app/contracts/card-number';
import { Spinner } from '../../shared/ui/spinner.tsx';
import { useCustomerCard } from './api/get-customer-card.ts';
import './card.css';
import { Alert } from '../../shared/ui/alert.tsx';

/** /account/replace-card: what a replacement does, before the member chooses a reason. */
export function AccountReplaceCardPage() {
  const card = useCustomerCard();
  return (
    <main id="main" className="card-page">
      <h1>Replace your card</h1>
      <div className="card-page__panel">
        {card.isPending ? (
          <Spinner label="Loading your card" />
        ) : card.data ? (
          <p>
            Your card number is {card.data.cardNumber.slice(0, CARD_PREFIX.length)}
            <strong>{card.data.cardNumber.slice(CARD_PREFIX.length)}</strong>.
          </p>
        ) : (
          <Alert>We can't show your card right now.</Alert>
        )}
        <p>
          If your card is lost, stolen or damaged, we'll cancel it straight away and give you a new card
          number. Your points move to the new number, and your digital card shows it at once.
        </p>
        <p>The old card stops working: it can't be used to log in or to collect points.</p>
        <p>
          <Link className="button button--primary button--full" to="/account/replace-card/reason">
            Replace my card
          </Link>
        </p>
        <p>
          Only need a plastic card for the number you have?{' '}
          <Link to="/account/request-card">Request a card</Link>
        </p>
        <p>
          Just want your {brand.name} card at the till? <Link to="/card/activity">Show my digital card</Link>
        </p>
      </div>
    </main>
  );
}

// The route's component (React Router's name for it): app/pages.ts loads this module lazily.
export { AccountReplaceCardPage as Component };
