import { formatPoints } from '../../shared/format.ts';

/**
 * Points issued against a budget, as a bar with its figures: an ARIA meter, read out as "12,000 of 50,000
 * points, 24%". It turns amber from 90% and red when the whole budget is paid. Without a budget, the points
 * issued alone.
 */
export function BudgetMeter({
  issued,
  budget,
  label,
  size = 'small',
}: {
  issued: number;
  budget: number | null;
  /** The meter's accessible name: whose budget it is. */
  label: string;
  size?: 'small' | 'large';
}) {
  if (budget === null || budget <= 0) {
    return (
      <span className={`budget budget--${size} budget--open`}>{formatPoints(issued)} points, no budget</span>
    );
  }
  const percent = Math.min(100, Math.round((issued / budget) * 100));
  const tone = issued >= budget ? 'spent' : percent >= 90 ? 'near' : 'fine';
  const valueText = `${formatPoints(issued)} of ${formatPoints(budget)} points, ${percent}%`;
  return (
    <div className={`budget budget--${size} budget--${tone}`}>
      <div
        className="budget__bar"
        role="meter"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={budget}
        aria-valuenow={Math.min(issued, budget)}
        aria-valuetext={valueText}
      >
        <span className="budget__fill" style={{ width: `${percent}%` }} />
      </div>
      <span className="budget__figures" aria-hidden="true">
        {formatPoints(issued)} <span className="budget__of">of {formatPoints(budget)}</span>
        {size === 'large' && <span className="budget__share"> points · {percent}%</span>}
      </span>
    </div>
  );
}
