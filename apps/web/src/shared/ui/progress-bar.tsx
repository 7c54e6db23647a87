import './ui.css';

/**
 * The registration progress bar (docs/product/registration-and-sign-in.md §R2): a percentage from 0 to 100.
 */
export function ProgressBar({ value, label = 'Progress' }: { value: number; label?: string }) {
  const clamped = Math.max(0, Math.min(100, value));
  return (
    <div
      className="progress"
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={clamped}
    >
      <div className="progress__bar" style={{ width: `${clamped}%` }} />
    </div>
  );
}
