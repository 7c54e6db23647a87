import { and, eq, isNull, sql } from 'drizzle-orm';
import { errors, type Adapter, type AdapterPayload } from 'oidc-provider';
import type { Database } from '../../db/database.ts';
import { systemClock, type Clock } from '../../lib/clock.ts';
import { oidcModels } from '../../db/schema/identity.ts';
import { findPartnerClient, providerMetadataOf } from '../../lib/partner-clients.ts';

/** Models that a grant revocation removes (oidc-provider's adapter contract). */
const GRANTABLE = new Set([
  'AccessToken',
  'AuthorizationCode',
  'RefreshToken',
  'DeviceCode',
  'ClientCredentials',
  'BackchannelAuthenticationRequest',
]);

/** Codes and tokens that work once: a second consume of one of them is a replay. */
const SINGLE_USE = new Set(['AuthorizationCode', 'RefreshToken', 'DeviceCode']);

/**
 * oidc-provider's adapter over the `oidc_models` table: every instance of the app shares the provider's
 * sessions, interactions, codes and tokens. Expired rows are ignored on read and deleted by the purge job
 * (plugins/expired-rows.ts), never inside a sign-in.
 */
export function createOidcAdapter(db: Database, clock: Clock = systemClock): new (name: string) => Adapter {
  // A sign-in runs about fifteen of these: built once as prepared statements instead of on every call.
  const placeholder = (name: string) => sql.placeholder(name);
  const columns = {
    payload: oidcModels.payload,
    expiresAt: oidcModels.expiresAt,
    consumedAt: oidcModels.consumedAt,
  };
  const upsertRow = db
    .insert(oidcModels)
    .values({
      model: placeholder('model'),
      id: placeholder('id'),
      payload: placeholder('payload'),
      grantId: placeholder('grantId'),
      userCode: placeholder('userCode'),
      uid: placeholder('uid'),
      // Cast in SQL: a placeholder bound to the column would run its Date encoder on null.
      expiresAt: sql`${placeholder('expiresAt')}::timestamptz`,
      consumedAt: null,
    })
    .onConflictDoUpdate({
      target: [oidcModels.model, oidcModels.id],
      set: {
        payload: sql`excluded.payload`,
        grantId: sql`excluded.grant_id`,
        userCode: sql`excluded.user_code`,
        uid: sql`excluded.uid`,
        expiresAt: sql`excluded.expires_at`,
        consumedAt: null,
      },
    })
    .prepare('oidc_upsert');
  const byModel = eq(oidcModels.model, placeholder('model'));
  const findBy = (
    column: typeof oidcModels.id | typeof oidcModels.uid | typeof oidcModels.userCode,
    name: string,
  ) =>
    db
      .select(columns)
      .from(oidcModels)
      .where(and(byModel, eq(column, placeholder('value'))))
      .limit(1)
      .prepare(name);
  const findById = findBy(oidcModels.id, 'oidc_find_id');
  const findByUid = findBy(oidcModels.uid, 'oidc_find_uid');
  const findByUserCode = findBy(oidcModels.userCode, 'oidc_find_user_code');
  const consumeRow = db
    .update(oidcModels)
    .set({ consumedAt: sql`${placeholder('at')}::timestamptz` })
    .where(and(byModel, eq(oidcModels.id, placeholder('id')), isNull(oidcModels.consumedAt)))
    .returning({ grantId: oidcModels.grantId })
    .prepare('oidc_consume');
  const destroyRow = db
    .delete(oidcModels)
    .where(and(byModel, eq(oidcModels.id, placeholder('id'))))
    .prepare('oidc_destroy');

  return class DrizzleOidcAdapter implements Adapter {
    constructor(private readonly model: string) {}

    async upsert(id: string, payload: AdapterPayload, expiresIn: number): Promise<void> {
      await upsertRow.execute({
        model: this.model,
        id,
        payload,
        grantId: GRANTABLE.has(this.model) || this.model === 'Grant' ? (payload.grantId ?? null) : null,
        userCode: payload.userCode ?? null,
        uid: payload.uid ?? null,
        // On the app's clock, the one the purge job ends rows by.
        expiresAt: expiresIn ? new Date(clock.now().getTime() + expiresIn * 1000).toISOString() : null,
      });
    }

    private async findWhere(query: typeof findById, value: string): Promise<AdapterPayload | undefined> {
      const [row] = await query.execute({ model: this.model, value });
      if (!row) return undefined;
      if (row.expiresAt && row.expiresAt.getTime() <= clock.now().getTime()) return undefined;
      return {
        ...row.payload,
        ...(row.consumedAt ? { consumed: Math.floor(row.consumedAt.getTime() / 1000) } : {}),
      };
    }

    async find(id: string) {
      // A partner's till system (the client-credentials grant): its row in partner_clients, when live.
      if (this.model === 'Client') {
        const partner = await findPartnerClient(db, id);
        if (partner) return providerMetadataOf(partner) as AdapterPayload;
      }
      return this.findWhere(findById, id);
    }

    findByUid(uid: string) {
      return this.findWhere(findByUid, uid);
    }

    findByUserCode(userCode: string) {
      return this.findWhere(findByUserCode, userCode);
    }

    /**
     * Marks a code or token used in one conditional update: of two parallel exchanges of one authorization
     * code or refresh token only one gets through; the other is refused and, as for a replay, the grant is
     * revoked.
     */
    async consume(id: string): Promise<void> {
      const spent = await consumeRow.execute({ model: this.model, id, at: new Date().toISOString() });
      if (spent.length > 0 || !SINGLE_USE.has(this.model)) return;
      const [row] = await db
        .select({ grantId: oidcModels.grantId })
        .from(oidcModels)
        .where(and(eq(oidcModels.model, this.model), eq(oidcModels.id, id)))
        .limit(1);
      if (row?.grantId) await this.revokeByGrantId(row.grantId);
      throw new errors.InvalidGrant(
        `${this.model === 'RefreshToken' ? 'refresh token' : 'code'} already used`,
      );
    }

    async destroy(id: string): Promise<void> {
      await destroyRow.execute({ model: this.model, id });
    }

    async revokeByGrantId(grantId: string): Promise<void> {
      await db.delete(oidcModels).where(eq(oidcModels.grantId, grantId));
    }
  };
}
