import Minus from 'lucide-react/icons/minus';
import Plus from 'lucide-react/icons/plus';
import Trash2 from 'lucide-react/icons/trash-2';
import { pounds } from './format.ts';
import type { TillProduct } from './till-api.ts';

/** A line of the basket: a product of the shelf and how many. */
export interface BasketLine {
  product: TillProduct;
  quantity: number;
}

/**
 * A quantity with − and + buttons, named for the product ("One more croissants"). At its least or most the
 * button stays in the tab order (aria-disabled), so the keyboard focus is not lost when it stops.
 */
export function Stepper({
  name,
  value,
  min,
  max,
  onChange,
}: {
  name: string;
  value: number;
  min: number;
  max: number;
  onChange: (value: number) => void;
}) {
  const atMin = value <= min;
  const atMax = value >= max;
  return (
    <div className="till-stepper" role="group" aria-label={`Quantity of ${name}`}>
      <button
        type="button"
        className="till-icon-button"
        aria-label={`One fewer ${name}`}
        aria-disabled={atMin || undefined}
        onClick={() => {
          if (!atMin) onChange(value - 1);
        }}
      >
        <Minus aria-hidden="true" size={18} strokeWidth={2.5} />
      </button>
      <span className="till-stepper__value" aria-live="polite">
        {value}
      </span>
      <button
        type="button"
        className="till-icon-button"
        aria-label={`One more ${name}`}
        aria-disabled={atMax || undefined}
        onClick={() => {
          if (!atMax) onChange(value + 1);
        }}
      >
        <Plus aria-hidden="true" size={18} strokeWidth={2.5} />
      </button>
    </div>
  );
}

/** The partner's shelf: a button for each product, "Add sourdough loaves £1.00". */
export function Shelf({
  partnerName,
  products,
  onAdd,
}: {
  partnerName: string;
  products: TillProduct[];
  onAdd: (product: TillProduct) => void;
}) {
  return (
    <ul className="till-shelf" aria-label={`${partnerName} shelf`}>
      {products.map((product) => (
        <li key={product.sku}>
          <button type="button" className="till-shelf__product" onClick={() => onAdd(product)}>
            <Plus className="till-shelf__icon" aria-hidden="true" size={18} strokeWidth={2.5} />
            <span className="till-shelf__name">
              <span className="visually-hidden">Add </span>
              {product.name}
            </span>{' '}
            <span className="till-shelf__price">{pounds(product.pricePence)}</span>
          </button>
        </li>
      ))}
    </ul>
  );
}

/** The basket's lines with their steppers, totals and a way to take each line out. */
export function Basket({
  lines,
  onQuantity,
  onRemove,
}: {
  lines: BasketLine[];
  onQuantity: (sku: string, quantity: number) => void;
  onRemove: (sku: string) => void;
}) {
  if (lines.length === 0) {
    return <p className="till-muted">The basket is empty: add products from the shelf.</p>;
  }
  const total = lines.reduce((sum, line) => sum + line.product.pricePence * line.quantity, 0);
  return (
    <>
      <ul className="till-lines" aria-label="Basket">
        {lines.map(({ product, quantity }) => (
          <li key={product.sku} className="till-line">
            <span className="till-line__item">
              <span className="till-line__name">{product.name}</span>
              <span className="till-line__detail">
                {pounds(product.pricePence)} each · {product.sku}
              </span>
            </span>
            <Stepper
              name={product.name}
              value={quantity}
              min={1}
              max={99}
              onChange={(value) => onQuantity(product.sku, value)}
            />
            <span className="till-line__amount">{pounds(product.pricePence * quantity)}</span>
            <button
              type="button"
              className="till-icon-button till-icon-button--quiet"
              aria-label={`Remove ${product.name}`}
              onClick={() => onRemove(product.sku)}
            >
              <Trash2 aria-hidden="true" size={18} />
            </button>
          </li>
        ))}
      </ul>
      <p className="till-total">
        <span>Total</span> <span className="till-total__amount">{pounds(total)}</span>
      </p>
    </>
  );
}
