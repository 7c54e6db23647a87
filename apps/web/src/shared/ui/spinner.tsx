import './ui.css';

export function Spinner({ label = 'Loading', size = 'small' }: { label?: string; size?: 'small' | 'large' }) {
  return (
    <span role="status" className="spinner-wrap">
      <span className={`spinner${size === 'large' ? ' spinner--large' : ''}`} aria-hidden="true" />
      <span className="visually-hidden">{label}</span>
    </span>
  );
}
