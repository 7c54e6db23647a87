import { useState } from 'react';
import { Button } from '../../shared/ui/button.tsx';
import { Stepper } from './basket.tsx';
import { pounds } from './format.ts';

/** A line of the last sale, as it was sent, and how many of it went back already. */
export interface SoldLine {
  sku: string;
  description: string;
  quantity: number;
  amount: number;
  returned: number;
  /** What the returns of this line gave back so far, in pence. */
  refunded: number;
}

/**
 * What a returned quantity of a line gives back: its share of what the member paid for the line, and all that is
 * left of it when the rest of the line goes back (so the pennies of a rounding are never lost).
 */
export const refundOf = (line: SoldLine, quantity: number) =>
  quantity >= line.quantity - line.returned
    ? line.amount - line.refunded
    : Math.round((line.amount * quantity) / line.quantity);

/** Pick lines of the last sale, and how many of each, to send back. */
export function ReturnForm({
  receiptId,
  lines,
  loading,
  onReturn,
}: {
  receiptId: string;
  lines: SoldLine[];
  loading: boolean;
  onReturn: (picked: Array<{ line: SoldLine; quantity: number }>) => void;
}) {
  const [picked, setPicked] = useState<Record<string, number>>({});
  const open = lines.filter((line) => line.quantity > line.returned);
  const chosen = open
    .map((line) => ({ line, quantity: Math.min(picked[line.sku] ?? 0, line.quantity - line.returned) }))
    .filter((pick) => pick.quantity > 0);
  const refund = chosen.reduce((sum, pick) => sum + refundOf(pick.line, pick.quantity), 0);

  if (open.length === 0) {
    return <p className="till-muted">Everything on receipt {receiptId} has gone back.</p>;
  }
  return (
    <form
      className="till-return"
      onSubmit={(event) => {
        event.preventDefault();
        if (chosen.length === 0) return;
        onReturn(chosen);
        setPicked({});
      }}
    >
      <p className="till-muted">
        Pick what goes back from receipt {receiptId}: the points those lines earned are taken back.
      </p>
      <ul className="till-lines" aria-label="Lines of the sale">
        {open.map((line) => {
          const left = line.quantity - line.returned;
          const quantity = Math.min(picked[line.sku] ?? 0, left);
          return (
            <li key={line.sku} className="till-line">
              <span className="till-line__item">
                <span className="till-line__name">{line.description}</span>
                <span className="till-line__detail">
                  {left} of {line.quantity} can go back · paid {pounds(line.amount)}
                </span>
              </span>
              <Stepper
                name={`${line.description} to return`}
                value={quantity}
                min={0}
                max={left}
                onChange={(value) => setPicked((current) => ({ ...current, [line.sku]: value }))}
              />
              <span className="till-line__amount">{pounds(refundOf(line, quantity))}</span>
            </li>
          );
        })}
      </ul>
      <div className="till-actions">
        <Button
          variant="secondary"
          onClick={() =>
            setPicked(Object.fromEntries(open.map((line) => [line.sku, line.quantity - line.returned])))
          }
        >
          Pick everything
        </Button>
        <Button type="submit" loading={loading} disabled={chosen.length === 0}>
          Return {chosen.length > 0 ? pounds(refund) : 'items'}
        </Button>
      </div>
    </form>
  );
}
