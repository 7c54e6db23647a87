import PiggyBank from 'lucide-react/icons/piggy-bank';
import { useId } from 'react';
import { Link } from 'react-router';
import { Spinner } from '../../shared/ui/spinner.tsx';
import { usePointsGoal } from './api/get-points-goal.ts';
import { GoalNumbers, GoalProgressBar, PendingPoints } from './goal-progress.tsx';
import { GOAL_PAGE_PATH } from './goal-page-path.ts';
import './points-goal.css';

/**
 * The points goal on /card/activity, in short: the reward, the bar, when; or an invitation to pick one
 * (ADR 042). Its details, and changing or removing it, are on /activity/goal.
 */
export function PointsGoalCard() {
  const query = usePointsGoal();
  const headingId = useId();
  const goal = query.data?.goal;
  return (
    <section className="goal-card" aria-labelledby={headingId}>
      <h2 id={headingId} className="goal-card__heading">
        <PiggyBank aria-hidden="true" size={20} strokeWidth={2.25} />
        Your points goal
      </h2>
      {query.isPending ? (
        <Spinner label="Loading your points goal" />
      ) : query.isError ? (
        <p className="goal-card__text">Your points goal isn't available right now.</p>
      ) : !goal ? (
        <>
          <p className="goal-card__text">
            Saving for something? Pick a voucher or a partner reward and see how close you are, and when
            you'll get there.
          </p>
          <p className="goal-card__links">
            <Link className="button button--secondary" to={GOAL_PAGE_PATH}>
              Set a points goal
            </Link>
          </p>
        </>
      ) : (
        <>
          <p className="goal-card__title" id={`${headingId}-reward`}>
            {goal.option.title}
          </p>
          <GoalProgressBar goal={goal} labelId={`${headingId}-reward`} />
          <GoalNumbers goal={goal} />
          {goal.reached ? <p className="goal-card__reached">You've got enough points for this.</p> : null}
          <PendingPoints goal={goal} />
          <p className="goal-card__links">
            {goal.reached ? (
              <Link className="button button--primary" to={goal.option.spendPath}>
                {goal.option.spendLabel}
              </Link>
            ) : null}
            <Link to={GOAL_PAGE_PATH}>{goal.reached ? 'See your goal' : 'See or change your goal'}</Link>
          </p>
        </>
      )}
    </section>
  );
}
