import type { FastifyInstance } from 'fastify';
import { eq, inArray, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { knownDevices, oidcModels } from '../../db/schema/identity.ts';

/** Provider models that hold an account's sign-in: its sessions, grants, codes and tokens, and open logins. */
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
 * Ends everything the identity provider keeps for an account (issue 10, point 2): its provider sessions (so
 * no code is issued again without a password), grants, authorization codes, access and refresh tokens, the
 * logins finished but not yet used, and the devices it has been signed in on (device 2FA asks again).
 * Password reset and password change call it; closing an account should too. The web sessions are ended
 * separately (app.sessions.destroyAllFor). Answers how many provider rows were removed.
 */
export async function revokeProviderSessions(
  appOrDb: FastifyInstance | Database,
  collectorId: string,
): Promise<number> {
  const db: Database = 'db' in appOrDb && 'config' in appOrDb ? appOrDb.db : (appOrDb as Database);
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
