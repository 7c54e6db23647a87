import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Button } from '../../shared/ui/button.tsx';
import { redemptionStatusQueryKey, useRedemptionStatus } from './api/get-redemption-status.ts';
import { updateRedemptionStatus } from './api/update-redemption-status.ts';
import { verifyCode } from './api/verify-code.ts';
import { AccountLayout, Loading, messageOf, Notice } from './components/account-layout.tsx';
import { StepUpCode } from './components/step-up-code.tsx';

/**
 * /account/redemption-lock: a lock stops anyone spending the account's points (signed-in spec 6). Turning it
 * on is immediate; turning it off asks for a code first (re-authentication).
 */
export function RedemptionLockPage() {
  const status = useRedemptionStatus();
  const queryClient = useQueryClient();
  const [unlocking, setUnlocking] = useState(false);
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string>();
  const [result, setResult] = useState<{ kind: 'success' | 'error'; text: string }>();
  const [busy, setBusy] = useState(false);
  const locked = status.data?.status === 'LOCKED';

  const apply = async (next: 'LOCKED' | 'UNLOCKED') => {
    setBusy(true);
    setResult(undefined);
    try {
      if (next === 'UNLOCKED') {
        if (!/^\d{6}$/.test(code)) {
          setCodeError('Enter the 6-digit code we sent you');
          return;
        }
        await verifyCode(code);
      }
      queryClient.setQueryData(redemptionStatusQueryKey, await updateRedemptionStatus(next));
      setUnlocking(false);
      setCode('');
      setCodeError(undefined);
      setResult({
        kind: 'success',
        text: next === 'LOCKED' ? 'Your points are locked.' : 'Your points can be spent again.',
      });
    } catch (failure) {
      if (next === 'UNLOCKED') setCodeError(messageOf(failure));
      else setResult({ kind: 'error', text: messageOf(failure) });
    } finally {
      setBusy(false);
    }
  };

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
        <Notice kind="error">{status.error.message}</Notice>
      ) : (
        <>
          <p>
            <strong>{locked ? 'Your points are locked.' : 'Your points are not locked.'}</strong>
          </p>
          {result ? <Notice kind={result.kind}>{result.text}</Notice> : null}
          {!locked ? (
            <Button onClick={() => void apply('LOCKED')} loading={busy}>
              Lock my points
            </Button>
          ) : unlocking ? (
            <>
              <StepUpCode code={code} onCode={setCode} error={codeError} />
              <Button onClick={() => void apply('UNLOCKED')} loading={busy}>
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
