import type { PointsGoal } from '@app/contracts/points-goal';
import { estimateText, points, progressShare, progressText } from './goal-wording.ts';

/**
 * The goal's progress bar. A screen reader hears the points, not a percentage: the bar's value is the points
 * collected towards the goal, its maximum the points needed, and its text says both.
 */
export function GoalProgressBar({ goal, labelId }: { goal: PointsGoal; labelId: string }) {
  const share = progressShare(goal);
  return (
    <div
      className={`goal-bar${goal.reached ? ' goal-bar--reached' : ''}`}
      role="progressbar"
      aria-labelledby={labelId}
      aria-valuemin={0}
      aria-valuemax={goal.option.points}
      aria-valuenow={Math.max(0, Math.min(goal.balance, goal.option.points))}
      aria-valuetext={progressText(goal)}
    >
      <div className="goal-bar__fill" style={{ width: `${share}%` }} />
    </div>
  );
}

/** '+700 points on their way': delayed points, apart from the balance the progress counts. */
export function PendingPoints({ goal }: { goal: PointsGoal }) {
  if (goal.pendingPoints <= 0) return null;
  return (
    <p className="goal__pending">
      <strong>+{points(goal.pendingPoints)} points on their way</strong>{' '}
      <span>(not in your balance yet, so not counted above)</span>
    </p>
  );
}

/** The words under the bar: points collected, still to go, and when. */
export function GoalNumbers({ goal }: { goal: PointsGoal }) {
  return (
    <>
      <p className="goal__numbers">
        <span className="goal__have">{progressText(goal)}</span>
        {goal.reached ? null : <span className="goal__to-go">{points(goal.pointsToGo)} to go</span>}
      </p>
      {goal.reached ? null : <p className="goal__estimate">{estimateText(goal)}</p>}
    </>
  );
}
