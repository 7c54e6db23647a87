import { useId, useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import { brand } from '@app/contracts/brand';
import { ALL_PRICES, PRICE_CATEGORIES, priceCategoryKey, type PriceRow } from '@app/contracts/member-prices';
import { IDENTITY_PREFIX } from '@app/contracts/routes';
import { usePopups } from '../../shared/popups/popup-manager.tsx';
import { Alert } from '../../shared/ui/alert.tsx';
import { Button } from '../../shared/ui/button.tsx';
import { RadioGroup } from '../../shared/ui/radio-group.tsx';
import { Spinner } from '../../shared/ui/spinner.tsx';
import { usePriceCatalogue } from './api/get-price-catalogue.ts';
import './member-prices.css';

const prices = `${brand.name} Prices`;
const categories = PRICE_CATEGORIES.map((name) => ({ key: priceCategoryKey(name), name }));
/**
 * 'All Prices' then one option per category, keyed by its price category key
 * (docs/product/signed-in-pages.md §S2.6).
 */
const categoryOptions = [
  { value: ALL_PRICES.key, label: ALL_PRICES.label },
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
/** Rows whose images are in the first screenful load at once; the others when scrolled near. */
const EAGER_IMAGES = 4;

const pageFrom = (value: string | null) => {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 ? page : 1;
};

function PriceTableRow({ row, index }: { row: PriceRow; index: number }) {
  return (
    <tr role="row">
      <th scope="row" role="rowheader">
        <span className="member-prices__product">
          <img
            src={row.productImage}
            alt=""
            width="56"
            height="56"
            loading={index < EAGER_IMAGES ? 'eager' : 'lazy'}
            decoding="async"
          />
          <span>{row.productDescription}</span>
        </span>
      </th>
      <td role="cell">{row.category}</td>
      <td role="cell" className="member-prices__money" data-label={normalPrice}>
        {row.normalPrice}
      </td>
      <td role="cell" className="member-prices__money member-prices__member" data-label={nectarPrice}>
        {row.memberPrice}
      </td>
      <td role="cell" className="member-prices__money" data-label={youSave}>
        {row.discount}
      </td>
    </tr>
  );
}

/**
 * /how-to-get-{product}-prices: how member prices work, and the catalogue of member prices versus normal
 * prices (docs/product/signed-in-pages.md §S1, §S3), served by the server a page of 24 at a time
 * (docs/product/switches-and-constants.md §S9; ADR 038).
 */
export function HowToGetPricesPage() {
  const [params, setParams] = useSearchParams();
  const headingId = useId();
  const catalogueRef = useRef<HTMLHeadingElement>(null);
  const popups = usePopups();
  // An unknown category in the address shows everything rather than an empty table.
  const chosen = categories.find(({ key }) => key === params.get('category'));
  const page = pageFrom(params.get('page'));
  const catalogue = usePriceCatalogue(chosen?.key ?? ALL_PRICES.key, page);
  const data = catalogue.data;

  const update = (change: (next: URLSearchParams) => void) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        change(next);
        return next;
      },
      { replace: true },
    );
  const choose = (value: string) =>
    update((next) => {
      next.delete('page');
      if (value === ALL_PRICES.key) next.delete('category');
      else next.set('category', value);
    });
  const pageHref = (to: number) => {
    const next = new URLSearchParams(params);
    if (to === 1) next.delete('page');
    else next.set('page', String(to));
    const query = next.toString();
    return query ? `?${query}` : '?';
  };
  // A new page starts at its top: the heading over the list takes focus, so keyboard and screen reader follow.
  const toTop = () => catalogueRef.current?.focus({ preventScroll: false });

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
        <h2 id={headingId} ref={catalogueRef} tabIndex={-1}>
          {prices} on groceries
        </h2>
        {data ? (
          <p className="member-prices__terms">
            Prices valid from {data.terms.validFrom} to {data.terms.validTo}.{' '}
            <Button variant="link" onClick={() => popups.open('PRICES_TNC', { ...data.terms })}>
              Terms and conditions
            </Button>
          </p>
        ) : null}
        <div className="member-prices__layout">
          <div className="member-prices__categories">
            <RadioGroup
              legend="Category"
              name="category"
              options={categoryOptions}
              value={chosen?.key ?? ALL_PRICES.key}
              onChange={choose}
            />
          </div>
          <div aria-busy={catalogue.isFetching}>
            {catalogue.isPending ? (
              <Spinner size="large" label="Loading prices" />
            ) : catalogue.isError || !data ? (
              <Alert>
                {page > 1 ? (
                  <>
                    There's no page {page} of these prices. <Link to={pageHref(1)}>Go to the first page</Link>
                  </>
                ) : (
                  "We couldn't load the prices. Please try again later."
                )}
              </Alert>
            ) : (
              <>
                <p className="member-prices__count" aria-live="polite">
                  {data.total === 1 ? '1 product' : `${data.total} products`}
                  {chosen ? ` in ${chosen.name}` : ''}
                  {data.pageCount > 1 ? `, page ${data.page} of ${data.pageCount}` : ''}
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
                    {data.rows.map((row, index) => (
                      <PriceTableRow key={row.sku} row={row} index={index} />
                    ))}
                  </tbody>
                </table>
                {data.pageCount > 1 ? (
                  <nav className="member-prices__pages" aria-label="Pages of prices">
                    {data.page > 1 ? (
                      <Link to={pageHref(data.page - 1)} replace onClick={toTop} rel="prev">
                        Previous page
                      </Link>
                    ) : (
                      <span aria-hidden="true" />
                    )}
                    <span aria-current="page">
                      Page {data.page} of {data.pageCount}
                    </span>
                    {data.page < data.pageCount ? (
                      <Link to={pageHref(data.page + 1)} replace onClick={toTop} rel="next">
                        Next page
                      </Link>
                    ) : (
                      <span aria-hidden="true" />
                    )}
                  </nav>
                ) : null}
                <p className="member-prices__small-print">
                  Products and prices change from time to time; the price at the till is the one that applies.
                </p>
              </>
            )}
          </div>
        </div>
      </section>
    </main>
  );
}

// The route's component (React Router's name for it): app/pages.ts loads this module lazily.
export { HowToGetPricesPage as Component };
