import { useEffect, useState } from 'react';
import { startSignIn } from './start-sign-in.ts';

/** Starts the authorization request once (entering sign-in pages directly, ADR 007); reports a failure. */
export function useStartSignIn(active: boolean, next: string | undefined) {
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (!active) return;
    let cancelled = false;
    // React's development double-run: a short delay lets the first, cancelled run do nothing.
    const timer = setTimeout(() => {
      if (!cancelled) startSignIn(next).catch(() => setFailed(true));
    }, 0);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [active, next]);
  return failed;
}
