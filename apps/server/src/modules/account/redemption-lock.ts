import { accountMessages } from '@app/contracts/account';
import { recordAccountEvent } from '../../lib/account-log.ts';
import { AppError } from '../../lib/app-error.ts';
import { isRedemptionLocked, setRedemptionLock } from '../../lib/redemption-lock.ts';
import type { AccountDeps, Req } from './deps.ts';

/** The redemption lock: whether the member's points can be spent. */
export function createRedemptionLock(deps: Pick<AccountDeps, 'db' | 'clock'>) {
  const { db } = deps;

  async function getRedemptionStatus(collectorId: string) {
    return { status: (await isRedemptionLocked(db, collectorId)) ? 'LOCKED' : 'UNLOCKED' } as const;
  }

  /**
   * Turning the lock on is always allowed; turning it off needs a code verified in this session
   * (`reauthUntil`, kept in the session by POST /2fa/verify) that has not run out.
   */
  async function setRedemptionStatus(
    req: Req,
    collectorId: string,
    status: 'LOCKED' | 'UNLOCKED',
    reauthUntil: number,
  ) {
    if (status === 'UNLOCKED' && !(reauthUntil > deps.clock.now().getTime())) {
      throw new AppError(403, 'REAUTH_REQUIRED', accountMessages.codeNeeded);
    }
    await setRedemptionLock(db, collectorId, status === 'LOCKED');
    await recordAccountEvent(db, req, collectorId, 'redemption-lock-changed', { status });
    return { status };
  }

  return { getRedemptionStatus, setRedemptionStatus };
}
