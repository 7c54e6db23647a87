/** A state in a word, coloured by what it asks of the reader: fine, waiting, stopped or yet to come. */
const TONES: Record<string, 'good' | 'waiting' | 'stopped' | 'planned'> = {
  active: 'good',
  live: 'good',
  'awaiting-approval': 'waiting',
  paused: 'waiting',
  scheduled: 'planned',
  applied: 'good',
  granted: 'good',
  pending: 'waiting',
  open: 'waiting',
  refused: 'stopped',
  blocked: 'stopped',
  closed: 'stopped',
  rejected: 'stopped',
};

export function StatusBadge({ status, label }: { status: string; label?: string }) {
  return <span className={`badge badge--${TONES[status] ?? 'neutral'}`}>{label ?? status}</span>;
}
