import { useState } from 'react';
import { useNavigate } from 'react-router';
import { REPLACEMENT_TYPES, type ReplacementType } from '@app/contracts/card';
import { Button } from '../../shared/ui/button.tsx';
import { useReplaceCard } from './api/replace-card.ts';
import { reasonLabels } from './replacement-reasons.ts';
import { CardTypeChoice, type CardType } from './card-type-choice.tsx';
import './card.css';
import { Alert } from '../../shared/ui/alert.tsx';

/**
 * /account/replace-card/reason: LOST, STOLEN or DAMAGED, and a key tag instead of a card while the key tag
 * stock switch is on (docs/product/signed-in-pages.md §S3, docs/product/switches-and-constants.md §S9).
 */
export function ReplaceCardReasonPage() {
  const [reason, setReason] = useState<ReplacementType>();
  const [cardType, setCardType] = useState<CardType>('CARD');
  const [missing, setMissing] = useState(false);
  const replace = useReplaceCard();
  const navigate = useNavigate();

  const submit = () => {
    if (!reason) {
      setMissing(true);
      return;
    }
    replace.mutate({ replacementType: reason, cardType }, { onSuccess: () => void navigate('/card-coming') });
  };

  return (
    <main id="main" className="card-page">
      <h1>Why do you need a new card?</h1>
      <form
        className="card-page__panel"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        {replace.isError ? <Alert>{replace.error.message}</Alert> : null}
        <fieldset className="card-page__choices" aria-describedby={missing ? 'reason-error' : undefined}>
          <legend>My card</legend>
          {REPLACEMENT_TYPES.map((type) => (
            <label key={type}>
              <input
                type="radio"
                name="replacementType"
                value={type}
                checked={reason === type}
                onChange={() => {
                  setReason(type);
                  setMissing(false);
                }}
              />
              {reasonLabels[type]}
            </label>
          ))}
          {missing ? (
            <span id="reason-error" className="field__error" role="alert">
              Choose what happened to your card
            </span>
          ) : null}
        </fieldset>
        <CardTypeChoice value={cardType} onChange={setCardType} />
        <p>Your current card stops working as soon as you confirm.</p>
        <Button type="submit" fullWidth loading={replace.isPending}>
          Cancel my card and replace it
        </Button>
      </form>
    </main>
  );
}

// The route's component (React Router's name for it): app/pages.ts loads this module lazily.
export { ReplaceCardReasonPage as Component };
