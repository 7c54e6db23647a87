import { useState } from 'react';
import { useNavigate } from 'react-router';
import { isSwitchOn } from '../../shared/switches/switches.ts';
import { Button } from '../../shared/ui/button.tsx';
import { useRequestCard } from './api/request-card.ts';
import './card.css';

/** /account/request-card: a plastic card (or key tag) with the number the member already has. */
export function RequestCardPage() {
  const [cardType, setCardType] = useState<'CARD' | 'KEYTAG'>('CARD');
  const requestCard = useRequestCard();
  const navigate = useNavigate();
  const keyTags = isSwitchOn('keyTagStock');
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
        {requestCard.isError ? (
          <p className="card-page__alert" role="alert">
            {requestCard.error.message}
          </p>
        ) : null}
        {keyTags ? (
          <fieldset className="card-page__choices">
            <legend>Send me</legend>
            <label>
              <input
                type="radio"
                name="cardType"
                checked={cardType === 'CARD'}
                onChange={() => setCardType('CARD')}
              />
              A card
            </label>
            <label>
              <input
                type="radio"
                name="cardType"
                checked={cardType === 'KEYTAG'}
                onChange={() => setCardType('KEYTAG')}
              />
              A key tag
            </label>
          </fieldset>
        ) : null}
        <Button type="submit" fullWidth loading={requestCard.isPending}>
          Request my card
        </Button>
      </form>
    </main>
  );
}
