import { Link } from 'react-router';
import { brand } from '@app/contracts/brand';
import { POINTS_PER_POUND } from '@app/contracts/vouchers';
import { Spinner } from '../../shared/ui/spinner.tsx';
import { useRewards } from './api/get-rewards.ts';
import { useSpendPageName } from './api/get-spend-page-name.ts';
import './vouchers.css';
import { Alert } from '../../shared/ui/alert.tsx';
import { wholeNumber } from '../../shared/format/uk-format.ts';

/** /spend ('Ways to spend', public): what points buy, and the way in to spend them. */
export function SpendPage() {
  const rewards = useRewards(false);
  const name = useSpendPageName();
  return (
    <main id="main" className="vouchers-page">
      <h1>{name}</h1>
      <p>
        Every {POINTS_PER_POUND} points are worth £1. Spend them at the till at {brand.retailer} and{' '}
        {brand.fuelPartner}, or swap them for a voucher here.
      </p>
      {rewards.isPending ? (
        <Spinner size="large" label="Loading rewards" />
      ) : rewards.isError ? (
        <Alert>We couldn't load the rewards. Please try again later.</Alert>
      ) : (
        <ul className="vouchers-page__grid" aria-label="Rewards">
          {rewards.data.rewards.map((reward) => (
            <li key={reward.id}>
              <article className="reward" aria-label={reward.itemDescription}>
                {reward.logoImageLocation ? (
                  <img className="voucher__logo" src={reward.logoImageLocation} alt="" />
                ) : null}
                <h2 className="voucher__title">{reward.itemDescription}</h2>
                <p className="voucher__meta">{wholeNumber(reward.points)} points</p>
              </article>
            </li>
          ))}
        </ul>
      )}
      <Link className="button button--primary" to="/redemption">
        Spend your points
      </Link>
    </main>
  );
}

// The route's component (React Router's name for it): app/pages.ts loads this module lazily.
export { SpendPage as Component };
