import { generateKeyPairSync, type JsonWebKey } from 'node:crypto';
import { desc, eq } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { serverSecrets } from '../../db/schema/core.ts';

const SIGNING_KEY_NAME = 'oidc-signing-key';

const newSigningKey = (version: number): JsonWebKey => {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return { ...privateKey.export({ format: 'jwk' }), kid: `sig-${version}`, use: 'sig', alg: 'RS256' };
};

/**
 * The provider's signing keys, generated once and kept in the database so every instance signs with the same
 * key and tokens survive restarts. Newest first: the provider signs with the first one and still publishes
 * the older versions in its JWKS, so tokens signed before a rotation stay verifiable. When the newest key is
 * older than OIDC_SIGNING_KEY_MAX_AGE_DAYS, start-up adds a new version (rotation by config).
 */
export async function loadSigningKeys(db: Database, maxAgeDays: number): Promise<JsonWebKey[]> {
  const read = async () =>
    db
      .select({
        version: serverSecrets.version,
        value: serverSecrets.value,
        createdAt: serverSecrets.createdAt,
      })
      .from(serverSecrets)
      .where(eq(serverSecrets.name, SIGNING_KEY_NAME))
      .orderBy(desc(serverSecrets.version));
  let rows = await read();
  const newest = rows[0];
  const tooOld = newest && Date.now() - newest.createdAt.getTime() > maxAgeDays * 86_400_000;
  if (!newest || tooOld) {
    const version = (rows[0]?.version ?? 0) + 1;
    // Two instances starting together: the primary key makes one insert win, both then read the same key.
    await db
      .insert(serverSecrets)
      .values({ name: SIGNING_KEY_NAME, version, value: JSON.stringify(newSigningKey(version)) })
      .onConflictDoNothing();
    rows = await read();
  }
  // Keep the previous key published for verification; older ones are retired.
  return rows.slice(0, 2).map((row) => JSON.parse(row.value) as JsonWebKey);
}
