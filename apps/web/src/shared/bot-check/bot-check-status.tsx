import { useEffect, useState, useSyncExternalStore } from 'react';
import '../ui/ui.css';
import { botCheckProgress } from './bot-check-progress.ts';

/** How long a solve may take before the status shows (most finish sooner on a laptop). */
export const BOT_CHECK_STATUS_DELAY_MS = 300;

/**
 * While the browser solves a bot-check for longer than a moment, a status line says so, so a slow phone's second
 * does not look like a frozen button. Announced politely to screen readers; empty otherwise.
 */
export function BotCheckStatus() {
  const solving = useSyncExternalStore(botCheckProgress.subscribe, botCheckProgress.isSolving, () => false);
  // Whether the current solve has run past the delay; cleared as it ends, so the next one waits again.
  const [delayPassed, setDelayPassed] = useState(false);
  useEffect(() => {
    if (!solving) return undefined;
    const timer = setTimeout(() => setDelayPassed(true), BOT_CHECK_STATUS_DELAY_MS);
    return () => {
      clearTimeout(timer);
      setDelayPassed(false);
    };
  }, [solving]);
  const shown = solving && delayPassed;
  return (
    <div role="status" aria-live="polite" className="bot-check-status">
      {shown ? (
        <p className="bot-check-status__text">
          <span className="spinner" aria-hidden="true" />
          Checking your browser, this takes a moment…
        </p>
      ) : null}
    </div>
  );
}
