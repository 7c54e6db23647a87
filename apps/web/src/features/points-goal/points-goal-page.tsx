import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import type { PointsGoal } from '@app/contracts/points-goal';
import { Alert } from '../../shared/ui/alert.tsx';
import { Button } from '../../shared/ui/button.tsx';
import { Spinner } from '../../shared/ui/spinner.tsx';
import { usePointsGoal } from './api/get-points-goal.ts';
import { useRemovePointsGoal } from './api/remove-points-goal.ts';
import { GoalChooser } from './goal-chooser.tsx';
import { GoalNumbers, GoalProgressBar, PendingPoints } from './goal-progress.tsx';
import { paceText, points } from './goal-wording.ts';
import './points-goal.css';

function GoalDetails({
  goal,
  onChange,
  onRemoved,
}: {
  goal: PointsGoal;
  onChange: () => void;
  onRemoved: () => void;
}) {
  const remove = useRemovePointsGoal();
  const titleId = useId();
  const pace = paceText(goal);
  return (
    <section className={`goal${goal.reached ? ' goal--reached' : ''}`} aria-labelledby={titleId}>
      <div className="goal__head">
        <img className="goal__logo" src={goal.option.logoImageLocation} alt="" />
        <div>
          <p className="goal__eyebrow">You're saving for</p>
          <h2 id={titleId}>{goal.option.title}</h2>
          <p className="goal__meta">
            {goal.option.partnerName} · {points(goal.option.points)} points
          </p>
        </div>
      </div>
      <GoalProgressBar goal={goal} labelId={titleId} />
      <GoalNumbers goal={goal} />
      {goal.reached ? (
        <div className="goal__reached">
          <p>
            <strong>You've got enough points for this.</strong> Treat yourself, or keep going and set a bigger
            goal.
          </p>
          <Link className="button button--primary" to={goal.option.spendPath}>
            {goal.option.spendLabel}
          </Link>
        </div>
      ) : null}
      {pace ? <p className="goal__pace">{pace}</p> : null}
      <PendingPoints goal={goal} />
      {remove.isError ? <Alert>{remove.error.message}</Alert> : null}
      <div className="goal__actions">
        <Button variant="secondary" onClick={onChange}>
          Change goal
        </Button>
        <Button
          variant="link"
          loading={remove.isPending}
          onClick={() => remove.mutate(undefined, { onSuccess: onRemoved })}
        >
          Remove goal
        </Button>
      </div>
    </section>
  );
}

/**
 * /activity/goal: the member's points goal (ADR 042): the reward, progress in points, when
 * they will get there at their own pace, points on their way apart; choose, change or remove it.
 */
export function PointsGoalPage() {
  const query = usePointsGoal();
  const [changing, setChanging] = useState(false);
  const [notice, setNotice] = useState<string>();
  const noticeRef = useRef<HTMLDivElement>(null);
  const goal = query.data?.goal;

  // After a change the page's content moves: the message is where the keyboard and the reader continue.
  useEffect(() => {
    if (notice) noticeRef.current?.focus();
  }, [notice]);

  return (
    <main id="main" className="goal-page">
      <h1>Your points goal</h1>
      <p className="goal-page__lead">
        Pick something to save for and see how close you are, and when you'll get there at your own pace.
      </p>
      {notice ? (
        <div ref={noticeRef} tabIndex={-1} className="goal-page__notice">
          <Alert tone="success">{notice}</Alert>
        </div>
      ) : null}
      {query.isPending ? (
        <Spinner size="large" label="Loading your points goal" />
      ) : query.isError ? (
        <Alert>We couldn't load your points goal. Please try again later.</Alert>
      ) : goal && !changing ? (
        <GoalDetails
          goal={goal}
          onChange={() => {
            setNotice(undefined);
            setChanging(true);
          }}
          onRemoved={() => setNotice('Your goal is removed. Pick another whenever you like.')}
        />
      ) : (
        <GoalChooser
          current={goal?.option.id}
          onSet={() => {
            setChanging(false);
            setNotice('Your goal is set. We will keep it up to date as your points arrive.');
          }}
          onCancel={goal ? () => setChanging(false) : undefined}
        />
      )}
      <p>
        <Link to="/card/activity">Back to your activity</Link>
      </p>
    </main>
  );
}

// The route's component (React Router's name for it): app/pages.ts loads this module lazily.
export { PointsGoalPage as Component };
