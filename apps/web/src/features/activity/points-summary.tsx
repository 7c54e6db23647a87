import { BALANCE_PATH } from '@app/contracts/page-answers';
import { formatCopyTime } from '../../shared/offline/connection.ts';
import { useOfflineCopyTime } from '../../shared/offline/use-connection.ts';
import { Spinner } from '../../shared/ui/spinner.tsx';
import { useBalance } from '../../shared/session/get-balance.ts';
import { wholeNumber } from '../../shared/format/uk-format.ts';

/**
 * The member's points and what they are worth; from the device's last copy, as of when it was taken
 * (ADR 030).
 */
export function PointsSummary() {
  const balance = useBalance();
  const asOf = useOfflineCopyTime(BALANCE_PATH);
  return (
    <p className="points-summary" aria-live="polite">
      {balance.data ? (
        <>
          You have <strong>{wholeNumber(balance.data.balance)}</strong> points, worth{' '}
          {balance.data.pointsValue}
          {asOf ? <span className="points-summary__as-of"> as of {formatCopyTime(asOf)}</span> : null}
        </>
      ) : balance.isError ? (
        "Your balance isn't available right now."
      ) : (
        <Spinner label="Loading your points" />
      )}
    </p>
  );
}
