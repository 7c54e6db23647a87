import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import type { Pod } from '@app/contracts/marketing';
import { Spinner } from '../../shared/ui/spinner.tsx';
import { usePods } from './api/get-pods.ts';
import { campaignLink } from './campaign-link.ts';
import './events.css';
import { Alert } from '../../shared/ui/alert.tsx';

const DAY_MS = 86_400_000;

function Countdown({ endsAt }: { endsAt: string }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 60_000);
    return () => clearInterval(timer);
  }, []);
  const left = Math.max(0, Date.parse(endsAt) - now);
  const days = Math.floor(left / DAY_MS);
  const hours = Math.floor((left % DAY_MS) / 3_600_000);
  return (
    <p className="pod__countdown">
      <strong>{days}</strong> {days === 1 ? 'day' : 'days'} <strong>{hours}</strong>{' '}
      {hours === 1 ? 'hour' : 'hours'} left
    </p>
  );
}

function PodCard({ pod }: { pod: Pod }) {
  return (
    <li className={`pod pod--${pod.type.toLowerCase()}`}>
      <h2>{pod.title}</h2>
      <p>{pod.body}</p>
      {pod.type === 'COUNTDOWN' && pod.endsAt ? <Countdown endsAt={pod.endsAt} /> : null}
      <Link to={campaignLink(pod.ctaPath)}>{pod.ctaLabel}</Link>
    </li>
  );
}

/** /pods (session): the homepage pods (HOMEPAGE_POD, COUNTDOWN) on their own page. */
export function PodsPage() {
  const pods = usePods();
  return (
    <main id="main" className="page event">
      <h1>What's on</h1>
      {pods.isPending ? (
        <Spinner label="Loading" size="large" />
      ) : pods.isError ? (
        <Alert>{pods.error.message}</Alert>
      ) : pods.data.length === 0 ? (
        <p>
          Nothing special is on right now. <Link to="/homepage">See your offers</Link>.
        </p>
      ) : (
        <ul className="pods">
          {pods.data.map((pod) => (
            <PodCard key={pod.id} pod={pod} />
          ))}
        </ul>
      )}
    </main>
  );
}

// The route's component (React Router's name for it): app/pages.ts loads this module lazily.
export { PodsPage as Component };
