import Smartphone from 'lucide-react/icons/smartphone';
import { Link } from 'react-router';
import { brand } from '@app/contracts/brand';

/**
 * The digital week banner (docs/product/switches-and-constants.md §S9 'digital week' switch; ADR 038): a
 * seasonal nudge to use the digital card and the app, shown on the homepage while the switch is on.
 */
export function DigitalWeekBanner() {
  return (
    <aside className="digital-week" aria-labelledby="digital-week">
      <Smartphone aria-hidden="true" size={32} />
      <div>
        <h2 id="digital-week">It's Digital Week</h2>
        <p>
          Leave the plastic at home: show your digital {brand.name} card at the till at {brand.retailer} and{' '}
          {brand.fuelPartner}, and keep collecting.
        </p>
        <Link to="/card/activity">Show my digital card</Link>
      </div>
    </aside>
  );
}
