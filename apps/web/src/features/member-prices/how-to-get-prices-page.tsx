import { useId } from 'react';
import { Link, useSearchParams } from 'react-router';
import { brand } from '@app/contracts/brand';
import { IDENTITY_PREFIX } from '@app/contracts/routes';
import { RadioGroup } from '../../shared/ui/radio-group.tsx';
import { formatPounds, memberPrice, priceCatalogue, priceCategoriesOf } from './price-catalogue.ts';
import './member-prices.css';

const ALL = 'all';
const prices = `${brand.name} Prices`;
const categories = priceCategoriesOf(priceCatalogue);
/** 'All Prices' then one option per distinct category, keyed by its price category key (signed-in spec 2.6). */
const categoryOptions = [
  { value: ALL, label: 'All Prices' },
  ...categories.map(({ key, name }) => ({ value: key, label: name })),
];

const normalPrice = 'Normal price';
const nectarPrice = `${brand.name} Price`;
const youSave = 'You save';
const columns = [
  { label: 'Product', money: false },
  { label: 'Category', money: false },
  { label: normalPrice, money: true },
  { label: nectarPrice, money: true },
  { label: youSave, money: true },
];

/** /how-to-get-{product}-prices: how member prices work, and the bundled catalogue of them (signed-in spec 1). */
export function HowToGetPricesPage() {
  const [params, setParams] = useSearchParams();
  const headingId = useId();
  // An unknown category in the address shows everything rather than an empty table.
  const chosen = categories.find(({ key }) => key === params.get('category'));
  const shown = chosen ? priceCatalogue.filter((row) => row.category === chosen.name) : priceCatalogue;
  const choose = (value: string) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value === ALL) next.delete('category');
        else next.set('category', value);
        return next;
      },
      { replace: true },
    );

  return (
    <main id="main" className="page member-prices">
      <h1>How to get {prices}</h1>
      <p className="member-prices__lead">
        {prices} are lower prices on selected products at {brand.retailer}, just for {brand.name} members.
      </p>
      <ol className="member-prices__steps">
        <li>
          <Link to={`${IDENTITY_PREFIX}/sign-up`}>Register for {brand.name}</Link>, or use the {brand.name}{' '}
          card you already have.
        </li>
        <li>Scan your card at the till, or add it to your account when you shop online.</li>
        <li>The lower price is applied, and your savings show on your receipt.</li>
      </ol>
      <p className="member-prices__note">
        Got a temporary card? You get {prices} too. {prices} are for members aged 18 or over.
      </p>

      <section className="member-prices__catalogue" aria-labelledby={headingId}>
        <h2 id={headingId}>{prices} on groceries</h2>
        <div className="member-prices__layout">
          <div className="member-prices__categories">
            <RadioGroup
              legend="Category"
              name="category"
              options={categoryOptions}
              value={chosen?.key ?? ALL}
              onChange={choose}
            />
          </div>
          <div>
            <p className="member-prices__count" aria-live="polite">
              {shown.length === 1 ? '1 product' : `${shown.length} products`}
              {chosen ? ` in ${chosen.name}` : ''}
            </p>
            {/* The explicit roles keep the table a table for screen readers where phone styles restack it. */}
            <table className="member-prices__table" role="table">
              <caption>{chosen ? `${prices}: ${chosen.name}` : `All ${prices}`}</caption>
              <thead role="rowgroup">
                <tr role="row">
                  {columns.map(({ label, money }) => (
                    <th
                      key={label}
                      scope="col"
                      role="columnheader"
                      className={money ? 'member-prices__money' : undefined}
                    >
                      {label}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody role="rowgroup">
                {shown.map((row) => (
                  <tr key={row.sku} role="row">
                    <th scope="row" role="rowheader">
                      {row.description}
                    </th>
                    <td role="cell">{row.category}</td>
                    <td role="cell" className="member-prices__money" data-label={normalPrice}>
                      {formatPounds(row.basePrice)}
                    </td>
                    <td
                      role="cell"
                      className="member-prices__money member-prices__member"
                      data-label={nectarPrice}
                    >
                      {formatPounds(memberPrice(row))}
                    </td>
                    <td role="cell" className="member-prices__money" data-label={youSave}>
                      {formatPounds(row.discount)}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
            <p className="member-prices__small-print">
              Products and prices change from time to time; the price at the till is the one that applies.
            </p>
          </div>
        </div>
      </section>
    </main>
  );
}

// The route's component (React Router's name for it): app/pages.ts loads this module lazily.
export { HowToGetPricesPage as Component };
