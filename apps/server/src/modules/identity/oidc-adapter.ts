import { and, eq, isNull, lt } from 'drizzle-orm';
import { errors, type Adapter, type AdapterPayload } from 'oidc-provider';
import type { Database } from '../../db/database.ts';
import { oidcModels } from '../../db/schema/identity.ts';

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
 * sessions, interactions, codes and tokens. Expired rows are ignored on read and swept on write.
 */
export function createOidcAdapter(db: Database): new (name: string) => Adapter {
  let lastSweep = 0;
  const sweep = async () => {
    if (Date.now() - lastSweep < 60_000) return;
    lastSweep = Date.now();
    await db.delete(oidcModels).where(lt(oidcModels.expiresAt, new Date()));
  };

  return class DrizzleOidcAdapter implements Adapter {
    constructor(private readonly model: string) {}

    async upsert(id: string, payload: AdapterPayload, expiresIn: number): Promise<void> {
      const expiresAt = expiresIn ? new Date(Date.now() + expiresIn * 1000) : null;
      const row = {
        payload: payload as Record<string, unknown>,
        grantId: GRANTABLE.has(this.model) || this.model === 'Grant' ? (payload.grantId ?? null) : null,
        userCode: payload.userCode ?? null,
        uid: payload.uid ?? null,
        expiresAt,
        consumedAt: null,
      };
      await db
        .insert(oidcModels)
        .values({ model: this.model, id, ...row })
        .onConflictDoUpdate({ target: [oidcModels.model, oidcModels.id], set: row });
      await sweep();
    }

    private async findWhere(where: ReturnType<typeof eq>): Promise<AdapterPayload | undefined> {
      const [row] = await db
        .select()
        .from(oidcModels)
        .where(and(eq(oidcModels.model, this.model), where))
        .limit(1);
      if (!row) return undefined;
      if (row.expiresAt && row.expiresAt.getTime() <= Date.now()) return undefined;
      return {
        ...row.payload,
        ...(row.consumedAt ? { consumed: Math.floor(row.consumedAt.getTime() / 1000) } : {}),
      } as AdapterPayload;
    }

    find(id: string) {
      return this.findWhere(eq(oidcModels.id, id));
    }

    findByUid(uid: string) {
      return this.findWhere(eq(oidcModels.uid, uid));
    }

    findByUserCode(userCode: string) {
      return this.findWhere(eq(oidcModels.userCode, userCode));
    }

    /**
     * Marks a code or token used in one conditional update: of two parallel exchanges of one authorization
     * code or refresh token only one gets through; the other is refused and, as for a replay, the grant is
     * revoked (issue 10).
     */
    async consume(id: string): Promise<void> {
      const spent = await db
        .update(oidcModels)
        .set({ consumedAt: new Date() })
        .where(and(eq(oidcModels.model, this.model), eq(oidcModels.id, id), isNull(oidcModels.consumedAt)))
        .returning({ grantId: oidcModels.grantId });
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
      await db.delete(oidcModels).where(and(eq(oidcModels.model, this.model), eq(oidcModels.id, id)));
    }

    async revokeByGrantId(grantId: string): Promise<void> {
      await db.delete(oidcModels).where(eq(oidcModels.grantId, grantId));
    }
  };
}
