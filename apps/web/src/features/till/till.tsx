import KeyRound from 'lucide-react/icons/key-round';
import { useId, useRef, useState } from 'react';
import { normaliseCardNumberDigits, toFullCardNumber } from '@app/contracts/card-number-constants';
import { HOLD_MAX_MINUTES } from '@app/contracts/partner-api';
import { Alert } from '../../shared/ui/alert.tsx';
import { Button } from '../../shared/ui/button.tsx';
import { Card } from '../../shared/ui/card.tsx';
import { TextField } from '../../shared/ui/text-field.tsx';
import { Basket, Shelf, type BasketLine } from './basket.tsx';
import { CardScanner } from './card-scanner.tsx';
import { clockTime, points, pounds } from './format.ts';
import { ReturnForm, refundOf, type SoldLine } from './return-form.tsx';
import {
  TillError,
  getBalance,
  newIdempotencyKey,
  postHold,
  postReturn,
  postSale,
  settleHold,
  shortToken,
  type CallLog,
  type HoldAnswer,
  type TillPartner,
  type TillProduct,
} from './till-api.ts';
import { TillResult, type TillOutcome } from './till-result.tsx';
import { useTillToken } from './use-till-token.ts';

/** The part of the till a call belongs to: its error shows there, beside the button that made it. */
type Part = 'till' | 'member' | 'sale' | 'return' | 'spend';
type Action = 'token' | 'balance' | 'pay' | 'return' | 'hold' | 'capture' | 'cancel';

interface LastSale {
  saleId: string;
  receiptId: string;
  lines: SoldLine[];
}

/** What the till sends for the typed or scanned card: its 19 digits when it is a card number, else as typed. */
const cardNumberOf = (typed: string) => {
  const digits = normaliseCardNumberDigits(typed);
  return /^\d{11}$/.test(digits) ? toFullCardNumber(digits) : digits;
};

/** The partner the till starts as: the retailer (the sandbox's own client, `sandbox-till`). */
const DEFAULT_PARTNER = 'retailer';

/** A receipt or return reference a till would print: the prefix and the time. */
const reference = (prefix: string) => `${prefix}-${Date.now()}`;

/**
 * The till: a partner, a store and a till; the member's card; a basket from the partner's shelf paid as a sale;
 * a return of that sale; points held, then captured or cancelled. Each press is one call of the partner API.
 */
export function Till({ partners, log }: { partners: TillPartner[]; log: CallLog }) {
  const ids = useId();
  // The retailer's till first, where there is one: its shelf meets the member's personalised offers.
  const [partnerId, setPartnerId] = useState(
    () => (partners.find((candidate) => candidate.id === DEFAULT_PARTNER) ?? partners[0])?.id ?? '',
  );
  const partner = partners.find((candidate) => candidate.id === partnerId) ?? partners[0];
  const [storeId, setStoreId] = useState('store-0001');
  const [tillId, setTillId] = useState('till-1');
  const [cardNumber, setCardNumber] = useState('');
  const [cardError, setCardError] = useState<string>();
  const cardField = useRef<HTMLInputElement>(null);
  const [basket, setBasket] = useState<BasketLine[]>([]);
  const [sale, setSale] = useState<LastSale>();
  const [pointsToSpend, setPointsToSpend] = useState('500');
  const [spendError, setSpendError] = useState<string>();
  const [hold, setHold] = useState<HoldAnswer>();
  const [outcome, setOutcome] = useState<TillOutcome>();
  const [error, setError] = useState<{ part: Part; message: string }>();
  const [busy, setBusy] = useState<Action>();
  const { token, renew, withToken } = useTillToken(partnerId, log);

  /** One press: its button spins, its error shows in its part of the till. */
  const run = async (action: Action, part: Part, work: () => Promise<void>) => {
    setBusy(action);
    setError(undefined);
    try {
      await work();
    } catch (failure) {
      setError({
        part,
        message: failure instanceof TillError ? failure.message : 'Something went wrong. Try again',
      });
    } finally {
      setBusy(undefined);
    }
  };
  const errorIn = (part: Part) =>
    error?.part === part ? (
      <Alert tone="error">
        <p>{error.message}</p>
      </Alert>
    ) : null;

  /** The card to send, or undefined (the field says why, and takes the focus) when none is typed. */
  const memberCard = () => {
    if (!cardNumber.trim()) {
      setCardError("Enter the member's card number, or scan it");
      cardField.current?.focus();
      return undefined;
    }
    setCardError(undefined);
    return cardNumberOf(cardNumber);
  };

  const choosePartner = (id: string) => {
    setPartnerId(id);
    setBasket([]);
    setSale(undefined);
    setHold(undefined);
    setOutcome(undefined);
    setError(undefined);
  };

  const add = (product: TillProduct) =>
    setBasket((lines) =>
      lines.some((line) => line.product.sku === product.sku)
        ? lines.map((line) =>
            line.product.sku === product.sku ? { ...line, quantity: Math.min(99, line.quantity + 1) } : line,
          )
        : [...lines, { product, quantity: 1 }],
    );

  const checkBalance = () => {
    const card = memberCard();
    if (!card) return;
    void run('balance', 'member', async () => {
      const answer = await withToken((accessToken) => getBalance({ log, accessToken }, card));
      setOutcome({ kind: 'balance', answer });
    });
  };

  const pay = () => {
    const card = memberCard();
    if (!card || basket.length === 0) return;
    const receiptId = reference('R');
    const lines = basket.map(({ product, quantity }) => ({
      sku: product.sku,
      category: product.category,
      quantity,
      amount: product.pricePence * quantity,
      description: product.name,
    }));
    const body = {
      member: { cardNumber: card },
      storeId: storeId.trim(),
      tillId: tillId.trim(),
      receiptId,
      occurredAt: new Date().toISOString(),
      lines,
      total: lines.reduce((sum, line) => sum + line.amount, 0),
    };
    // One key for this press: the retry after a renewed token sends it again, so the sale counts once.
    const idempotencyKey = newIdempotencyKey();
    void run('pay', 'sale', async () => {
      const answer = await withToken((accessToken) => postSale({ log, accessToken, idempotencyKey }, body));
      setSale({
        saleId: answer.saleId,
        receiptId,
        lines: lines.map((line) => ({ ...line, returned: 0, refunded: 0 })),
      });
      setBasket([]);
      setOutcome({ kind: 'sale', receiptId, answer });
    });
  };

  const sendReturn = (picked: Array<{ line: SoldLine; quantity: number }>) => {
    if (!sale) return;
    const returnId = reference('RET');
    const refunds = picked.map(({ line, quantity }) => ({
      sku: line.sku,
      quantity,
      amount: refundOf(line, quantity),
    }));
    const idempotencyKey = newIdempotencyKey();
    void run('return', 'return', async () => {
      const answer = await withToken((accessToken) =>
        postReturn({ log, accessToken, idempotencyKey }, sale.saleId, { returnId, lines: refunds }),
      );
      setSale({
        ...sale,
        lines: sale.lines.map((line) => {
          const back = refunds.find((refund) => refund.sku === line.sku);
          return back
            ? { ...line, returned: line.returned + back.quantity, refunded: line.refunded + back.amount }
            : line;
        }),
      });
      setOutcome({ kind: 'return', returnId, answer });
    });
  };

  const holdPoints = () => {
    const wanted = Number(pointsToSpend.trim());
    const card = memberCard();
    if (!Number.isInteger(wanted) || wanted < 1) {
      setSpendError('Enter a whole number of points, 1 or more');
      return;
    }
    setSpendError(undefined);
    if (!card) return;
    const idempotencyKey = newIdempotencyKey();
    void run('hold', 'spend', async () => {
      const answer = await withToken((accessToken) =>
        postHold(
          { log, accessToken, idempotencyKey },
          { member: { cardNumber: card }, points: wanted, storeId: storeId.trim(), tillId: tillId.trim() },
        ),
      );
      setHold(answer);
      setOutcome({ kind: 'hold', answer });
    });
  };

  const settle = (how: 'capture' | 'cancel') => {
    if (!hold) return;
    void run(how, 'spend', async () => {
      const answer = await withToken((accessToken) => settleHold({ log, accessToken }, hold.holdId, how));
      setHold(answer);
      setOutcome({ kind: how, answer });
    });
  };

  if (!partner) {
    return (
      <Alert tone="info" live="none">
        <p>The sandbox till has no partners with a shelf on this server.</p>
      </Alert>
    );
  }

  return (
    <div className="till">
      <Card as="section" className="till-card" aria-labelledby={`${ids}-till`}>
        <h2 id={`${ids}-till`}>Till</h2>
        <div className="field">
          <label className="field__label" htmlFor={`${ids}-partner`}>
            Partner
          </label>
          <span className="field__description" id={`${ids}-partner-rate`}>
            Its till collects {partner.pointsPerPound} {partner.pointsPerPound === 1 ? 'point' : 'points'} for
            each £1, plus the member&apos;s offers.
          </span>
          <select
            id={`${ids}-partner`}
            className="field__select"
            aria-describedby={`${ids}-partner-rate`}
            value={partner.id}
            onChange={(event) => choosePartner(event.target.value)}
          >
            {partners.map((candidate) => (
              <option key={candidate.id} value={candidate.id}>
                {candidate.name}
              </option>
            ))}
          </select>
        </div>
        <div className="till-pair">
          <TextField
            label="Store id"
            value={storeId}
            onChange={(event) => setStoreId(event.target.value)}
            autoComplete="off"
            spellCheck={false}
          />
          <TextField
            label="Till id"
            value={tillId}
            onChange={(event) => setTillId(event.target.value)}
            autoComplete="off"
            spellCheck={false}
          />
        </div>
        <div className="till-token">
          <p className="till-token__state">
            {token ? (
              <>
                Token <code>{shortToken(token.accessToken)}</code> of client <code>{token.clientId}</code>,
                valid until {clockTime(token.expiresAt)}.
              </>
            ) : (
              <>No token yet: the first call gets one, or get it now.</>
            )}
          </p>
          <Button
            variant="secondary"
            loading={busy === 'token'}
            onClick={() =>
              void run('token', 'till', async () => {
                await renew();
              })
            }
          >
            <KeyRound aria-hidden="true" size={20} className="till-button-icon" />
            {token ? 'Get a new token' : 'Get token'}
          </Button>
        </div>
        {errorIn('till')}
      </Card>

      <Card as="section" className="till-card" aria-labelledby={`${ids}-member`}>
        <h2 id={`${ids}-member`}>Member</h2>
        <TextField
          ref={cardField}
          label="Card number"
          description="The 19 digits on the card, or the 11 after 98263000. Spaces are fine."
          value={cardNumber}
          error={cardError}
          onChange={(event) => setCardNumber(event.target.value)}
          inputMode="numeric"
          autoComplete="off"
          spellCheck={false}
        />
        <div className="till-actions">
          <CardScanner
            onScan={(value) => {
              setCardNumber(value);
              setCardError(undefined);
            }}
          />
          <Button variant="secondary" loading={busy === 'balance'} onClick={checkBalance}>
            Check balance
          </Button>
        </div>
        {errorIn('member')}
      </Card>

      <Card as="section" className="till-card" aria-labelledby={`${ids}-sale`}>
        <h2 id={`${ids}-sale`}>Sale</h2>
        <h3>{partner.name} shelf</h3>
        <Shelf partnerName={partner.name} products={partner.products} onAdd={add} />
        <h3>Basket</h3>
        <Basket
          lines={basket}
          onQuantity={(sku, quantity) =>
            setBasket((lines) =>
              lines.map((line) => (line.product.sku === sku ? { ...line, quantity } : line)),
            )
          }
          onRemove={(sku) => setBasket((lines) => lines.filter((line) => line.product.sku !== sku))}
        />
        <Button fullWidth loading={busy === 'pay'} disabled={basket.length === 0} onClick={pay}>
          Pay
        </Button>
        {errorIn('sale')}
      </Card>

      <TillResult outcome={outcome} />

      {sale ? (
        <Card as="section" className="till-card" aria-labelledby={`${ids}-return`}>
          <h2 id={`${ids}-return`}>Return</h2>
          <ReturnForm
            key={sale.saleId}
            receiptId={sale.receiptId}
            lines={sale.lines}
            loading={busy === 'return'}
            onReturn={sendReturn}
          />
          {errorIn('return')}
        </Card>
      ) : null}

      <Card as="section" className="till-card" aria-labelledby={`${ids}-spend`}>
        <h2 id={`${ids}-spend`}>Spend points</h2>
        <form
          className="till-spend"
          onSubmit={(event) => {
            event.preventDefault();
            holdPoints();
          }}
        >
          <TextField
            label="Points to spend"
            description={`200 points are worth £1. The till holds them for up to ${HOLD_MAX_MINUTES} minutes, then captures or cancels.`}
            value={pointsToSpend}
            error={spendError}
            onChange={(event) => setPointsToSpend(event.target.value)}
            inputMode="numeric"
            autoComplete="off"
          />
          <Button
            type="submit"
            variant={hold?.state === 'HELD' ? 'secondary' : 'primary'}
            loading={busy === 'hold'}
          >
            Hold points
          </Button>
        </form>
        {hold ? (
          <div className={`till-hold till-hold--${hold.state.toLowerCase()}`}>
            <p className="till-hold__title">
              {hold.state === 'HELD'
                ? `Held until ${clockTime(hold.expiresAt)}`
                : hold.state === 'CAPTURED'
                  ? 'Captured: the points are spent'
                  : hold.state === 'CANCELLED'
                    ? 'Cancelled: the points went back'
                    : 'Expired: the points went back'}
            </p>
            <p className="till-muted">
              {points(hold.points)} points, worth {pounds(hold.valuePence)} · hold <code>{hold.holdId}</code>
            </p>
            {hold.state === 'HELD' ? (
              <div className="till-actions">
                <Button loading={busy === 'capture'} onClick={() => settle('capture')}>
                  Capture
                </Button>
                <Button variant="secondary" loading={busy === 'cancel'} onClick={() => settle('cancel')}>
                  Cancel hold
                </Button>
              </div>
            ) : null}
          </div>
        ) : null}
        {errorIn('spend')}
      </Card>
    </div>
  );
}
