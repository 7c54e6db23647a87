import { Link } from 'react-router';
import { CARD_PREFIX } from '@app/contracts/card-number';
import { Spinner } from '../../shared/ui/spinner.tsx';
import { useCustomerCard } from './api/get-customer-card.ts';
import { reasonLabels } from './replacement-reasons.ts';
import './card.css';
import { Alert } from '../../shared/ui/alert.tsx';

const POSTING_DAYS = '5 to 7 working days';

/** /card-coming: what is on its way after a replacement or a request, and the number to use meanwhile. */
export function CardComingPage() {
  const card = useCustomerCard();
  const request = card.data?.lastRequest;
  const thing = request?.cardType === 'KEYTAG' ? 'key tag' : 'card';
  return (
    <main id="main" className="card-page">
      <h1>Your card is on its way</h1>
      <div className="card-page__panel" aria-busy={card.isPending}>
        {card.isPending ? (
          <Spinner label="Loading your card" />
        ) : card.isError ? (
          <Alert>{card.error.message}</Alert>
        ) : card.data ? (
          <>
            {request ? (
              <p>
                We've asked for your new {thing}
                {request.reason in reasonLabels ? ' to replace the old one' : ''}. It should arrive in{' '}
                {POSTING_DAYS}.
              </p>
            ) : (
              <p>You haven't asked for a new card. Your digital card is ready to use.</p>
            )}
            <p>Until it arrives, use your digital card. Its number is</p>
            <p className="card-page__number">
              {card.data.cardNumber.slice(0, CARD_PREFIX.length)}
              <strong>{card.data.cardNumber.slice(CARD_PREFIX.length)}</strong>
            </p>
            <Link className="button button--primary button--full" to="/card/activity">
              Show my digital card
            </Link>
          </>
        ) : null}
      </div>
    </main>
  );
}

// The route's component (React Router's name for it): app/pages.ts loads this module lazily.
export { CardComingPage as Component };
