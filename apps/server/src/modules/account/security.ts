import {
  accountMessages,
  describeDevice,
  type AccountEvent,
  type AccountEventType,
  type AccountSession,
  ACCOUNT_EVENT_TYPES,
} from '@app/contracts/account';
import { brand } from '@app/contracts/brand';
import { passwordProblem } from '@app/contracts/password';
import { recordAccountEvent } from '../../lib/account-log.ts';
import { AppError } from '../../lib/app-error.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { endEverySignIn, revokeProviderSignIn } from '../../lib/revoke-account.ts';
import { hashOf } from '../../lib/token-hash.ts';
import { createCredentialsService } from '../credentials/service.ts';
import { notFound, type AccountDeps, type Req } from './deps.ts';
import * as repo from './repository.ts';
import { textOf } from '../../lib/text-of.ts';

/** A session's id as the browser sees it: a hash of the stored hash, never the cookie secret. */
const publicSessionId = (idHash: string) => hashOf(`public:${idHash}`).slice(0, 16);

/** The email that tells the member their password changed (a change here, or with a new email address). */
export const notifyPasswordChanged = (
  deps: Pick<AccountDeps, 'notify' | 'publicUrl'>,
  email: string,
  firstName: string | null | undefined,
) =>
  deps.notify.send({
    channel: 'email',
    to: email,
    subject: `Your ${brand.name} password has changed`,
    text: `Hello ${firstName ?? ''},\n\nThe password of your ${brand.name} account was changed and every other device was logged out. If you didn't do this, reset your password now: ${deps.publicUrl}/pending-reset-password`,
  });

/** The member's current password, with the sign-in lockout counting wrong ones; 400 when it is wrong. */
export async function checkCurrentPassword(
  deps: Pick<AccountDeps, 'db' | 'clock'>,
  collectorId: string,
  password: string,
) {
  const now = deps.clock.now();
  const customer = await repo.findCustomer(deps.db, collectorId, now);
  if (!customer?.cardNumber) throw notFound();
  try {
    await createCredentialsService(deps).verifyCredentials(
      { cardNumber: customer.cardNumber },
      password,
      now,
    );
  } catch (error) {
    // A wrong password must not read as "signed out" (401) to the browser.
    if (error instanceof AppError && error.code === 'INVALID_CREDENTIALS') {
      throw new AppError(400, 'CURRENT_PASSWORD_WRONG', accountMessages.currentPasswordWrong);
    }
    throw error;
  }
  return customer;
}

/**
 * The member's live sessions, last seen first, each with its browser in words; `current` marks the one whose
 * id hashes to `currentHash` (the security page's own; the staff console has none).
 */
export async function sessionsOf(
  db: AccountDeps['db'],
  collectorId: string,
  now: Date,
  currentHash?: string,
): Promise<AccountSession[]> {
  const rows = await repo.listSessions(db, collectorId, now);
  const oldest = rows.reduce((min, row) => (row.createdAt < min ? row.createdAt : min), now);
  const signIns = await repo.listSignIns(db, collectorId, new Date(oldest.getTime() - 60_000));
  const agentAt = new Map(signIns.map((s) => [textOf(s.detail.sessionCreatedAt), s.userAgent]));
  return rows.map((row) => ({
    id: publicSessionId(row.idHash),
    current: row.idHash === currentHash,
    createdAt: row.createdAt.toISOString(),
    lastSeenAt: row.lastSeenAt.toISOString(),
    // The session's own browser; a session from before it was kept is matched to the sign-in that started it.
    device: describeDevice(
      typeof row.data.userAgent === 'string' ? row.data.userAgent : agentAt.get(row.createdAt.toISOString()),
    ),
  }));
}

/** The member's security log, newest first: the latest `limit` events, those the security page names. */
export async function accountEventsOf(
  db: AccountDeps['db'],
  collectorId: string,
  limit: number,
): Promise<AccountEvent[]> {
  const rows = await repo.listEvents(db, collectorId, limit);
  return rows
    .filter((row): row is typeof row & { type: AccountEventType } =>
      (ACCOUNT_EVENT_TYPES as readonly string[]).includes(row.type),
    )
    .map((row) => ({
      id: row.id,
      type: row.type,
      createdAt: row.createdAt.toISOString(),
      device: describeDevice(row.userAgent),
      detail: typeof row.detail.status === 'string' ? row.detail.status : null,
    }));
}

/** The password, the sessions of the security page and its log. */
export function createSecurity(deps: AccountDeps) {
  const { db } = deps;

  /**
   * PUT /credentials/password: the current password, then the rules of docs/product/signed-in-pages.md §S5 on
   * the new one; every session and provider grant of the member ends (the caller starts a fresh session for
   * this browser).
   */
  async function changePassword(
    req: Req,
    collectorId: string,
    currentPassword: string,
    newPassword: string,
    /** Starts this browser's new session once every old one has ended. */
    startSession: () => Promise<{ createdAt: Date }>,
  ) {
    const customer = await checkCurrentPassword(deps, collectorId, currentPassword);
    const problem = passwordProblem(newPassword, customer);
    if (problem) throw new AppError(400, 'PASSWORD_RULES', problem);
    if (newPassword === currentPassword) {
      throw new AppError(400, 'PASSWORD_SAME', accountMessages.samePassword);
    }
    await repo.setPasswordHash(db, collectorId, await hashPassword(newPassword), deps.clock.now());
    await endEverySignIn(deps, collectorId);
    const session = await startSession();
    if (customer.email) await notifyPasswordChanged(deps, customer.email, customer.firstName);
    await recordAccountEvent(db, req, collectorId, 'password-changed', {
      sessionCreatedAt: session.createdAt.toISOString(),
    });
  }

  /**
   * "Log out of other devices": every web session ends, and so does every sign-in the identity provider keeps
   * for the member (its sessions, grants and refresh tokens, as a password change ends them), so no other
   * browser or app is signed straight back in without the password. This browser gets a
   * fresh web session.
   */
  async function signOutOthers(
    req: Req,
    collectorId: string,
    startSession: () => Promise<{ createdAt: Date }>,
  ) {
    await endEverySignIn(deps, collectorId);
    const session = await startSession();
    await recordAccountEvent(db, req, collectorId, 'signed-out-elsewhere', {
      sessionCreatedAt: session.createdAt.toISOString(),
    });
  }

  const listSessions = (collectorId: string, sessionToken: string) =>
    sessionsOf(db, collectorId, deps.clock.now(), hashOf(sessionToken));

  /**
   * Logs one other device out (the security page's list): its web session, and the provider's sign-in that
   * started it with that sign-in's grants and tokens, so the device is not signed straight back in. This
   * device is logged out with "Log out" instead.
   */
  async function signOutSession(req: Req, collectorId: string, sessionToken: string, publicId: string) {
    const rows = await repo.listSessions(db, collectorId, deps.clock.now());
    const row = rows.find((candidate) => publicSessionId(candidate.idHash) === publicId);
    if (!row) throw new AppError(404, 'SESSION_NOT_FOUND', accountMessages.sessionNotFound);
    if (row.idHash === hashOf(sessionToken)) {
      throw new AppError(400, 'SESSION_CURRENT', accountMessages.sessionCurrent);
    }
    await deps.sessions.destroyByHash(row.idHash);
    await revokeProviderSignIn(db, collectorId, row.data.refreshToken);
    await recordAccountEvent(db, req, collectorId, 'signed-out-device');
    return { description: accountMessages.sessionSignedOut };
  }

  const listEvents = (collectorId: string) => accountEventsOf(db, collectorId, 50);

  return { changePassword, signOutOthers, listSessions, signOutSession, listEvents };
}
