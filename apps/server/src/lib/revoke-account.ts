import type { FastifyInstance } from 'fastify';
import { and, eq, inArray, or, sql } from 'drizzle-orm';
import type { Database } from '../db/database.ts';
import { knownDevices, oidcModels } from '../db/schema/identity.ts';

/**
 * Provider models that hold an account's sign-in: its sessions, grants, codes and tokens, and open logins.
 */
const ACCOUNT_MODELS = [
  'Session',
  'Grant',
  'AuthorizationCode',
  'AccessToken',
  'RefreshToken',
  'DeviceCode',
  'BackchannelAuthenticationRequest',
  'Interaction',
];

/**
 * Ends everything the identity provider keeps for an account: its provider sessions (so
 * no code is issued again without a password), grants, authorization codes, access and refresh tokens, the
 * logins finished but not yet used, and the devices it has been signed in on (device 2FA asks again).
 * Password reset and password change call it; closing an account should too. The web sessions are ended
 * separately (app.sessions.destroyAllFor). Answers how many provider rows were removed.
 */
export async function revokeProviderSessions(
  appOrDb: FastifyInstance | Database,
  collectorId: string,
): Promise<number> {
  const db: Database = 'db' in appOrDb && 'config' in appOrDb ? appOrDb.db : appOrDb;
  return db.transaction(async (tx) => {
    const grants = await tx
      .select({ id: oidcModels.id })
      .from(oidcModels)
      .where(sql`${oidcModels.model} = 'Grant' and ${oidcModels.payload}->>'accountId' = ${collectorId}`);
    const grantIds = grants.map((grant) => grant.id);
    const removed = await tx
      .delete(oidcModels)
      .where(
        or(
          sql`${oidcModels.model} in (${sql.join(
            ACCOUNT_MODELS.map((model) => sql`${model}`),
            sql`, `,
          )}) and (${oidcModels.payload}->>'accountId' = ${collectorId} or ${oidcModels.payload}->'result'->'login'->>'accountId' = ${collectorId})`,
          ...(grantIds.length > 0 ? [inArray(oidcModels.grantId, grantIds)] : []),
        ),
      )
      .returning({ id: oidcModels.id });
    await tx.delete(knownDevices).where(eq(knownDevices.collectorId, collectorId));
    return removed.length;
  });
}

/**
 * Ends every sign-in of an account: each web session (`sessions`, the app's session store) and everything the
 * identity provider keeps for it (revokeProviderSessions), so no browser or app stays signed in or is signed
 * straight back in without the password: a password reset or a new password with a change of email, closing
 * an account, and the careline's "sign out everywhere", as the member's own "log out of other devices" does
 * before it signs that browser in afresh.
 */
export async function endEverySignIn(
  deps: { db: Database; sessions: { destroyAllFor(collectorId: string): Promise<void> } },
  collectorId: string,
): Promise<void> {
  await deps.sessions.destroyAllFor(collectorId);
  await revokeProviderSessions(deps.db, collectorId);
}

type ProviderAuthorizations = Record<string, { sid?: string; grantId?: string }>;

/**
 * Ends the provider's sign-in behind one web session. The web session keeps the refresh
 * token its sign-in was given; that token's grant names the provider session it was issued in. That provider
 * session ends, with every grant made in it and their codes and tokens; another browser's provider session is
 * left alone. Answers how many provider rows were removed.
 */
export async function revokeProviderSignIn(
  db: Database,
  collectorId: string,
  refreshToken: unknown,
): Promise<number> {
  if (typeof refreshToken !== 'string' || refreshToken === '') return 0;
  return db.transaction(async (tx) => {
    const [token] = await tx
      .select({ grantId: oidcModels.grantId })
      .from(oidcModels)
      .where(and(eq(oidcModels.model, 'RefreshToken'), eq(oidcModels.id, refreshToken)));
    if (!token?.grantId) return 0;
    const sessionRows = await tx
      .select({ id: oidcModels.id, payload: oidcModels.payload })
      .from(oidcModels)
      .where(sql`${oidcModels.model} = 'Session' and ${oidcModels.payload}->>'accountId' = ${collectorId}`);
    const grantsOf = (payload: Record<string, unknown>) =>
      Object.values((payload.authorizations ?? {}) as ProviderAuthorizations)
        .map((authorization) => authorization.grantId)
        .filter((grantId): grantId is string => typeof grantId === 'string');
    const session = sessionRows.find((row) => grantsOf(row.payload).includes(token.grantId ?? ''));
    const grantIds = [...new Set([token.grantId, ...(session ? grantsOf(session.payload) : [])])];
    const removed = await tx
      .delete(oidcModels)
      .where(
        or(
          ...(session ? [and(eq(oidcModels.model, 'Session'), eq(oidcModels.id, session.id))] : []),
          and(eq(oidcModels.model, 'Grant'), inArray(oidcModels.id, grantIds)),
          inArray(oidcModels.grantId, grantIds),
        ),
      )
      .returning({ id: oidcModels.id });
    return removed.length;
  });
}
