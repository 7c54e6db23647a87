import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { redemptionMessages, type Reward } from '@app/contracts/vouchers';
import { usePopups } from '../../shared/popups/popup-manager.tsx';
import { useBalance } from '../../shared/session/get-balance.ts';
import { useRedemptionStatus } from '../../shared/session/get-redemption-status.ts';
import { Alert } from '../../shared/ui/alert.tsx';
import { Button } from '../../shared/ui/button.tsx';
import { Spinner } from '../../shared/ui/spinner.tsx';
import { useRewards } from './api/get-rewards.ts';
import { useRedeemPoints } from './api/redeem-points.ts';
import './vouchers.css';
import { wholeNumber } from '../../shared/format/uk-format.ts';

/**
 * /redemption and /card/spend (zero=true: /zero-point-redemption): choose a reward, confirm, and get a voucher.
 * One idempotency key per confirmation, so a double press or a retry after a lost answer spends once. A
 * redemption lock is shown before anything is chosen, with the way to the setting, and nothing can be chosen
 * while it is on; the server refuses a spend under the lock in any case.
 */
export function RedemptionPage({ zero = false }: { zero?: boolean }) {
  const rewards = useRewards(zero);
  const balance = useBalance();
  const redeem = useRedeemPoints();
  const popups = usePopups();
  const navigate = useNavigate();
  const [chosen, setChosen] = useState<{ reward: Reward; key: string }>();
  const points = balance.data?.balance;
  const lock = useRedemptionStatus();
  const locked = lock.data?.status === 'LOCKED';
  // Until the lock is known nothing is chosen; if it cannot be read, the server's refusal still holds.
  const choosing = !lock.isPending && !locked;

  const confirm = () => {
    if (!chosen) return;
    redeem.mutate(
      { rewardId: chosen.reward.id, idempotencyKey: chosen.key },
      { onSuccess: (answer) => void navigate(`/voucher/success?voucherId=${answer.voucher.id}`) },
    );
  };

  return (
    <main id="main" className="vouchers-page">
      <h1>{zero ? 'Redeem your reward' : 'Spend your points'}</h1>
      {zero ? null : (
        <p aria-live="polite">
          {balance.data ? (
            <>
              You have <strong>{wholeNumber(balance.data.balance)}</strong> points, worth{' '}
              {balance.data.pointsValue}.
            </>
          ) : balance.isError ? (
            "Your balance isn't available right now."
          ) : (
            <Spinner label="Loading your points" />
          )}
        </p>
      )}
      <p>
        <Button variant="link" onClick={() => popups.toggle('REDEMPTION_HELP')}>
          Need some help?
        </Button>
      </p>
      {locked ? (
        <Alert tone="warning" title={redemptionMessages.lockedTitle} className="vouchers-page__lock">
          <p>{redemptionMessages.lockedNotice}</p>
          <p>
            <Link to="/account/redemption-lock">{redemptionMessages.lockedLink}</Link>
          </p>
        </Alert>
      ) : null}
      {chosen && !locked ? (
        <section className="vouchers-page__confirm" aria-labelledby="confirm-heading">
          <h2 id="confirm-heading">Confirm your choice</h2>
          <p>
            {chosen.reward.points > 0
              ? `Spend ${wholeNumber(chosen.reward.points)} points on ${chosen.reward.itemDescription}?`
              : `Claim ${chosen.reward.itemDescription}?`}
          </p>
          {redeem.isError ? <Alert tone="error">{redeem.error.message}</Alert> : null}
          <div className="vouchers-page__actions">
            <Button loading={redeem.isPending} onClick={confirm}>
              Confirm
            </Button>
            <Button
              variant="secondary"
              disabled={redeem.isPending}
              onClick={() => {
                redeem.reset();
                setChosen(undefined);
              }}
            >
              Choose something else
            </Button>
          </div>
        </section>
      ) : rewards.isPending ? (
        <Spinner size="large" label="Loading rewards" />
      ) : rewards.isError ? (
        <Alert>We couldn't load the rewards. Please try again later.</Alert>
      ) : rewards.data.rewards.length === 0 ? (
        <p>There's nothing to redeem right now.</p>
      ) : (
        <ul className="vouchers-page__grid" aria-label="Rewards">
          {rewards.data.rewards.map((reward) => {
            const short = points !== undefined && reward.points > points;
            return (
              <li key={reward.id}>
                <article className="reward" aria-label={reward.itemDescription}>
                  {reward.logoImageLocation ? (
                    <img className="voucher__logo" src={reward.logoImageLocation} alt="" />
                  ) : null}
                  <h2 className="voucher__title">{reward.itemDescription}</h2>
                  <p className="voucher__meta">
                    {reward.points > 0 ? `${wholeNumber(reward.points)} points` : 'Free'}
                  </p>
                  {short ? <p className="voucher__meta">{redemptionMessages.notEnough}</p> : null}
                  <Button
                    variant={short || !choosing ? 'secondary' : 'primary'}
                    disabled={short || !choosing}
                    onClick={() => setChosen({ reward, key: crypto.randomUUID() })}
                  >
                    {reward.points > 0 ? 'Spend points' : 'Claim'}
                  </Button>
                </article>
              </li>
            );
          })}
        </ul>
      )}
      <p>
        <Link to="/vouchers">Your vouchers</Link> · <Link to="/card/activity">Your activity</Link>
      </p>
    </main>
  );
}

// The route's component (React Router's name for it): app/pages.ts loads this module lazily.
export { RedemptionPage as Component };
