import { Card } from '../../shared/ui/card.tsx';
import { clockTime, points, pounds } from './format.ts';
import type { BalanceAnswer, HoldAnswer, ReturnAnswer, SaleAnswer } from './till-api.ts';

/** The last answer the till had, as the till's screen shows it. */
export type TillOutcome =
  | { kind: 'sale'; receiptId: string; answer: SaleAnswer }
  | { kind: 'return'; returnId: string; answer: ReturnAnswer }
  | { kind: 'hold' | 'capture' | 'cancel'; answer: HoldAnswer }
  | { kind: 'balance'; answer: BalanceAnswer };

function Row({ label, value, strong }: { label: string; value: string; strong?: boolean }) {
  return (
    <li className={`till-result__row${strong ? ' till-result__row--strong' : ''}`}>
      <span>{label}</span> <span className="till-result__value">{value}</span>
    </li>
  );
}

function Breakdown({ lines }: { lines: Array<{ reason: string; points: number }> }) {
  if (lines.length === 0) return null;
  return (
    <ul className="till-result__rows till-result__breakdown" aria-label="Breakdown">
      {lines.map((line, index) => (
        <Row key={`${index}-${line.reason}`} label={line.reason} value={points(line.points)} />
      ))}
    </ul>
  );
}

function Outcome({ outcome }: { outcome: TillOutcome }) {
  switch (outcome.kind) {
    case 'sale': {
      const { answer } = outcome;
      return (
        <>
          <p className="till-result__title">Paid: receipt {outcome.receiptId}</p>
          <ul className="till-result__rows">
            <Row label="Points awarded" value={points(answer.pointsAwarded)} strong />
          </ul>
          <Breakdown lines={answer.breakdown} />
          <ul className="till-result__rows">
            {answer.memberPriceSavings > 0 ? (
              <Row label="Member price savings" value={pounds(answer.memberPriceSavings)} />
            ) : null}
            {answer.pendingUntil ? <Row label="Spendable from" value={answer.pendingUntil} /> : null}
            <Row label="New balance" value={`${points(answer.balance)} points`} strong />
          </ul>
        </>
      );
    }
    case 'return': {
      const { answer } = outcome;
      return (
        <>
          <p className="till-result__title">Returned: {outcome.returnId}</p>
          <ul className="till-result__rows">
            <Row label="Points taken back" value={points(answer.pointsTaken)} strong />
            <Row label="Points not recovered" value={points(answer.pointsNotRecovered)} />
          </ul>
          <Breakdown lines={answer.breakdown} />
          <ul className="till-result__rows">
            <Row label="New balance" value={`${points(answer.balance)} points`} strong />
          </ul>
        </>
      );
    }
    case 'hold':
    case 'capture':
    case 'cancel': {
      const { answer } = outcome;
      const title = {
        hold: `Held ${points(answer.points)} points (${pounds(answer.valuePence)})`,
        capture: `Spent ${points(answer.points)} points (${pounds(answer.valuePence)})`,
        cancel: `Hold cancelled: ${points(answer.points)} points given back`,
      }[outcome.kind];
      return (
        <>
          <p className="till-result__title">{title}</p>
          <ul className="till-result__rows">
            {outcome.kind === 'hold' ? (
              <Row label="Runs out at" value={clockTime(answer.expiresAt)} />
            ) : (
              <Row label="Hold" value={answer.state.toLowerCase()} />
            )}
            <Row label="Balance" value={`${points(answer.balance)} points`} strong />
          </ul>
        </>
      );
    }
    case 'balance': {
      const { answer } = outcome;
      return (
        <>
          <p className="till-result__title">Balance of card {answer.cardNumber}</p>
          <ul className="till-result__rows">
            <Row label="Balance" value={`${points(answer.balance)} points`} strong />
            <Row label="Worth" value={pounds(answer.valuePence)} />
            <Row
              label="Can spend"
              value={answer.canSpend ? 'Yes' : 'No: a temporary card or the lock is on'}
            />
          </ul>
        </>
      );
    }
  }
}

/** The till's screen: the last answer, read out politely when it changes. */
export function TillResult({ outcome }: { outcome: TillOutcome | undefined }) {
  return (
    <Card className="till-card till-result" role="status" aria-labelledby="till-result-title">
      <h2 id="till-result-title">Till result</h2>
      {outcome ? (
        <Outcome outcome={outcome} />
      ) : (
        <p className="till-muted">
          Pay for a basket, check a balance or spend points: the answer shows here.
        </p>
      )}
    </Card>
  );
}
