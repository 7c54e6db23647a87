import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../../shared/ui/button.tsx';
import { useRequestCard } from './api/request-card.ts';
import { CardTypeChoice, type CardType } from './card-type-choice.tsx';
import './card.css';
import { Alert } from '../../shared/ui/alert.tsx';

/** /account/request-card: a plastic card (or key tag) with the number the member already has. */
export function RequestCardPage() {
  const [cardType, setCardType] = useState<CardType>('CARD');
  const requestCard = useRequestCard();
  const navigate = useNavigate();
  return (
    <main id="main" className="card-page">
      <h1>Request a card</h1>
      <form
        className="card-page__panel"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          requestCard.mutate(cardType, { onSuccess: () => void navigate('/card-coming') });
        }}
      >
        <p>
          We'll post a plastic card with your current card number to the address on your account. Your digital
          card keeps working while you wait.
        </p>
        {requestCard.isError ? <Alert>{requestCard.error.message}</Alert> : null}
        <CardTypeChoice value={cardType} onChange={setCardType} />
        <Button type="submit" fullWidth loading={requestCard.isPending}>
          Request my card
        </Button>
      </form>
    </main>
  );
}

// The route's component (React Router's name for it): app/pages.ts loads this module lazily.
export { RequestCardPage as Component };
