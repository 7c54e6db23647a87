import { generateKeyPairSync, type JsonWebKey } from 'node:crypto';
import { desc, eq } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { serverSecrets } from '../../db/schema/core.ts';

/**
 * The two kinds of signing key the provider holds. RS256 is what OpenID Connect clients sign-verify by default
 * (the native app and partners); ES256 is the web client's (ADR 046): the same security level for its ID tokens
 * at about a fifteenth of the CPU (0.06 ms a signature against 0.9 ms for 2048-bit RSA, measured on the bench's
 * core), CPU that competes with argon2 in the thread pool on every sign-in.
 */
const KINDS = {
  RS256: {
    name: 'oidc-signing-key',
    kid: 'sig',
    generate: () => generateKeyPairSync('rsa', { modulusLength: 2048 }),
  },
  ES256: {
    name: 'oidc-signing-key-es256',
    kid: 'es',
    generate: () => generateKeyPairSync('ec', { namedCurve: 'P-256' }),
  },
} as const;
type Kind = keyof typeof KINDS;

const newSigningKey = (kind: Kind, version: number): JsonWebKey => ({
  ...KINDS[kind].generate().privateKey.export({ format: 'jwk' }),
  kid: `${KINDS[kind].kid}-${version}`,
  use: 'sig',
  alg: kind,
});

/** One kind's keys, newest first: generated once and rotated when the newest is older than `maxAgeDays`. */
async function loadKeysOf(db: Database, kind: Kind, maxAgeDays: number): Promise<JsonWebKey[]> {
  const name = KINDS[kind].name;
  const read = async () =>
    db
      .select({
        version: serverSecrets.version,
        value: serverSecrets.value,
        createdAt: serverSecrets.createdAt,
      })
      .from(serverSecrets)
      .where(eq(serverSecrets.name, name))
      .orderBy(desc(serverSecrets.version));
  let rows = await read();
  const newest = rows[0];
  const tooOld = newest && Date.now() - newest.createdAt.getTime() > maxAgeDays * 86_400_000;
  if (!newest || tooOld) {
    const version = (rows[0]?.version ?? 0) + 1;
    // Two instances starting together: the primary key makes one insert win, both then read the same key.
    await db
      .insert(serverSecrets)
      .values({ name, version, value: JSON.stringify(newSigningKey(kind, version)) })
      .onConflictDoNothing();
    rows = await read();
  }
  // Keep the previous key published for verification; older ones are retired.
  return rows.slice(0, 2).map((row) => JSON.parse(row.value) as JsonWebKey);
}

/**
 * The provider's signing keys, generated once and kept in the database so every instance signs with the same
 * key and tokens survive restarts. Newest first for each algorithm: the provider signs with the first key of
 * the algorithm a client asks for and still publishes the older versions in its JWKS, so tokens signed before
 * a rotation stay verifiable. When a newest key is older than OIDC_SIGNING_KEY_MAX_AGE_DAYS, start-up adds a
 * new version (rotation by config).
 */
export async function loadSigningKeys(db: Database, maxAgeDays: number): Promise<JsonWebKey[]> {
  return [...(await loadKeysOf(db, 'RS256', maxAgeDays)), ...(await loadKeysOf(db, 'ES256', maxAgeDays))];
}
