import { useId, useState } from 'react';
import { brand } from '@app/contracts/brand';
import { Button } from '../../shared/ui/button.tsx';
import { TextField } from '../../shared/ui/text-field.tsx';
import { STORES } from './stores.ts';
import './help.css';

/** The postcode area of what the visitor typed: 'm1 1ae' and 'M1' both give 'M'. */
const areaOf = (text: string) => /^[A-Z]+/.exec(text.trim().toUpperCase())?.[0];

/** /locator: where the digital card works, filtered by postcode area. */
export function LocatorPage() {
  const [query, setQuery] = useState('');
  const [area, setArea] = useState<string>();
  const [error, setError] = useState<string>();
  const resultsId = useId();
  const shown = area ? STORES.filter((store) => store.area === area) : STORES;

  return (
    <main id="main" className="page help">
      <h1>Find a store</h1>
      <p className="help__lead">
        Your digital card works at {brand.retailer} and {brand.fuelPartner}, with more places on the way.
      </p>
      <form
        className="help__search"
        noValidate
        role="search"
        onSubmit={(event) => {
          event.preventDefault();
          const wanted = areaOf(query);
          if (!query.trim()) {
            setArea(undefined);
            setError(undefined);
            return;
          }
          if (!wanted) {
            setError('Enter a postcode, like AA11AA');
            return;
          }
          setError(undefined);
          setArea(wanted);
        }}
      >
        <TextField
          label="Postcode or postcode area"
          autoComplete="postal-code"
          value={query}
          error={error}
          onChange={(event) => setQuery(event.target.value)}
        />
        <Button type="submit">Search</Button>
      </form>
      <p aria-live="polite" id={resultsId}>
        {area
          ? shown.length === 0
            ? `We couldn't find a store in ${area}. Try a nearby postcode area.`
            : `${shown.length} ${shown.length === 1 ? 'store' : 'stores'} in ${area}`
          : `${STORES.length} stores`}
      </p>
      <ul className="help-cards" aria-describedby={resultsId}>
        {shown.map((store) => (
          <li key={store.name}>
            <h2>{store.name}</h2>
            <p>
              {store.address}
              <br />
              {store.postcode}
            </p>
          </li>
        ))}
      </ul>
    </main>
  );
}

// The route's component (React Router's name for it): app/pages.ts loads this module lazily.
export { LocatorPage as Component };
