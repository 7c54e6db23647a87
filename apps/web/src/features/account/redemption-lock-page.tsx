import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { redemptionStatusQueryKey, useRedemptionStatus } from '../../shared/session/get-redemption-status.ts';
import { Alert } from '../../shared/ui/alert.tsx';
import { Button } from '../../shared/ui/button.tsx';
import { updateRedemptionStatus } from './api/update-redemption-status.ts';
import { verifyCode } from './api/verify-code.ts';
import { AccountLayout, Loading, messageOf } from './components/account-layout.tsx';
import { StepUpCode } from './components/step-up-code.tsx';
import { useStepUpSubmit } from './components/use-step-up-submit.ts';

/**
 * /account/redemption-lock: a lock stops anyone spending the account's points
 * (docs/product/signed-in-pages.md §S6). Turning it on is immediate; turning it off asks for a code first
 * (re-authentication).
 */
export function RedemptionLockPage() {
  const status = useRedemptionStatus();
  const queryClient = useQueryClient();
  const [unlocking, setUnlocking] = useState(false);
  const locked = status.data?.status === 'LOCKED';
  const [result, setResult] = useState<{ kind: 'success' | 'error'; text: string }>();
  /** The state in words, said once: as the page's status line, or as the confirmation of a change. */
  const state = locked ? 'Your points are locked.' : 'Your points are not locked.';
  const [locking, setLocking] = useState(false);
  const { codeProps, error, saving, submit } = useStepUpSubmit();

  const applied = (next: 'LOCKED' | 'UNLOCKED') =>
    setResult({
      kind: 'success',
      text: next === 'LOCKED' ? 'Your points are locked.' : 'Your points can be spent again.',
    });

  const lock = async () => {
    setLocking(true);
    setResult(undefined);
    try {
      queryClient.setQueryData(redemptionStatusQueryKey, await updateRedemptionStatus('LOCKED'));
      applied('LOCKED');
    } catch (failure) {
      setResult({ kind: 'error', text: messageOf(failure) });
    } finally {
      setLocking(false);
    }
  };

  const unlock = () =>
    submit(async (code) => {
      setResult(undefined);
      await verifyCode(code);
      queryClient.setQueryData(redemptionStatusQueryKey, await updateRedemptionStatus('UNLOCKED'));
      setUnlocking(false);
      applied('UNLOCKED');
    });

  return (
    <AccountLayout
      title="Redemption lock"
      intro={
        <p>
          Lock your points if you think someone else might spend them. While the lock is on, nobody can spend
          points from this account, online or in store. You can still collect points.
        </p>
      }
    >
      {status.isPending ? (
        <Loading />
      ) : status.isError ? (
        <Alert tone="error">{status.error.message}</Alert>
      ) : (
        <>
          {result?.kind === 'success' ? (
            <Alert tone="success">{result.text}</Alert>
          ) : (
            <p>
              <strong>{state}</strong>
            </p>
          )}
          {result?.kind === 'error' ? <Alert tone="error">{result.text}</Alert> : null}
          {error ? <Alert tone="error">{error}</Alert> : null}
          {!locked ? (
            <Button onClick={() => void lock()} loading={locking}>
              Lock my points
            </Button>
          ) : unlocking ? (
            <>
              <StepUpCode {...codeProps} />
              <Button onClick={() => void unlock()} loading={saving}>
                Unlock my points
              </Button>
            </>
          ) : (
            <Button variant="secondary" onClick={() => setUnlocking(true)}>
              Unlock my points
            </Button>
          )}
        </>
      )}
    </AccountLayout>
  );
}

// The route's component (React Router's name for it): app/pages.ts loads this module lazily.
export { RedemptionLockPage as Component };
