import { brand } from '@app/contracts/brand';
import { recordAccountEvent } from '../../lib/account-log.ts';
import { revokeProviderSessions } from '../../lib/revoke-account.ts';
import { removeAllPasskeys } from '../passkeys/service.ts';
import type { AccountDeps, Req } from './deps.ts';
import * as repo from './repository.ts';
import { checkCurrentPassword } from './security.ts';

/** Closing the account. */
export function createClosing(deps: AccountDeps) {
  const { db } = deps;

  /**
   * Closes the account: the password first; then every web session, provider grant and passkey ends, personal
   * data is anonymised, the card numbers stay taken and the ledger and consent records stay. A closed card
   * cannot sign in (sign-in looks for active collectors only).
   */
  async function closeAccount(req: Req, collectorId: string, password: string) {
    const customer = await checkCurrentPassword(deps, collectorId, password);
    await recordAccountEvent(db, req, collectorId, 'account-closed');
    await repo.anonymiseCollector(db, collectorId, deps.clock.now());
    await deps.sessions.destroyAllFor(collectorId);
    await revokeProviderSessions(db, collectorId);
    // A closed account signs in no more: its passkeys go too (a password reset keeps them).
    await removeAllPasskeys(db, collectorId);
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
