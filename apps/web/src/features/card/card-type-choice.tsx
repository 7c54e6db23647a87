import type { CardType } from '@app/contracts/card';
import { isSwitchOn } from '../../shared/switches/switches.ts';

export type { CardType };

const CARD_TYPES: { value: CardType; label: string }[] = [
  { value: 'CARD', label: 'A card' },
  { value: 'KEYTAG', label: 'A key tag' },
];

/**
 * 'Send me' a card or a key tag, offered only while the key tag stock switch is on
 * (docs/product/switches-and-constants.md §S9); otherwise nothing is shown and a card is sent.
 */
export function CardTypeChoice({
  value,
  onChange,
}: {
  value: CardType;
  onChange: (value: CardType) => void;
}) {
  if (!isSwitchOn('keyTagStock')) return null;
  return (
    <fieldset className="card-page__choices">
      <legend>Send me</legend>
      {CARD_TYPES.map((option) => (
        <label key={option.value}>
          <input
            type="radio"
            name="cardType"
            checked={value === option.value}
            onChange={() => onChange(option.value)}
          />
          {option.label}
        </label>
      ))}
    </fieldset>
  );
}
