import { brand } from '@app/contracts/brand';
import { recordAccountEvent } from '../../lib/account-log.ts';
import { endEverySignIn } from '../../lib/revoke-account.ts';
import { removeAllPasskeys } from '../passkeys/service.ts';
import type { AccountDeps, Req } from './deps.ts';
import * as repo from './repository.ts';
import { checkCurrentPassword } from './security.ts';

/**
 * What closing an account does, whoever closes it: personal data is anonymised (the card numbers stay taken,
 * the ledger and consent records stay; `alongside` runs in that transaction), then every web session,
 * provider grant and passkey ends. A closed card cannot sign in (sign-in looks for active collectors only).
 */
export async function endAccount(
  deps: Pick<AccountDeps, 'db' | 'sessions' | 'clock'>,
  collectorId: string,
  alongside?: (tx: repo.Transaction) => Promise<unknown>,
) {
  const now = deps.clock.now();
  if (!alongside) await repo.anonymiseCollector(deps.db, collectorId, now);
  else {
    await deps.db.transaction(async (tx) => {
      await repo.anonymiseCollector(tx, collectorId, now);
      await alongside(tx);
    });
  }
  await endEverySignIn(deps, collectorId);
  // A closed account signs in no more: its passkeys go too (a password reset keeps them).
  await removeAllPasskeys(deps.db, collectorId);
}

/** Closing the account. */
export function createClosing(deps: AccountDeps) {
  const { db } = deps;

  /** Closes the account (endAccount), the member's password first; the member is told by email. */
  async function closeAccount(req: Req, collectorId: string, password: string) {
    const customer = await checkCurrentPassword(deps, collectorId, password);
    await recordAccountEvent(db, req, collectorId, 'account-closed');
    await endAccount(deps, collectorId);
    if (customer.email) {
      await deps.notify.send({
        channel: 'email',
        to: customer.email,
        subject: `Your ${brand.name} account is closed`,
        text: `Hello ${customer.firstName ?? ''},\n\nYour ${brand.name} account is now closed and your personal details have been removed. Thank you for being a member.`,
      });
    }
  }

  return { closeAccount };
}
