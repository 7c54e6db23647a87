import { Spinner } from '../../shared/ui/spinner.tsx';
import { useBalance } from '../../shared/session/get-balance.ts';

/** The member's points and what they are worth. */
export function PointsSummary() {
  const balance = useBalance();
  return (
    <p className="points-summary" aria-live="polite">
      {balance.data ? (
        <>
          You have <strong>{balance.data.balance.toLocaleString('en-GB')}</strong> points, worth{' '}
          {balance.data.pointsValue}
        </>
      ) : balance.isError ? (
        "Your balance isn't available right now."
      ) : (
        <Spinner label="Loading your points" />
      )}
    </p>
  );
}
