import { randomBytes, timingSafeEqual } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { PARTNER_SCOPES, partnerApiMessages, type PartnerScope } from '@app/contracts/partner-api';
import type { DbExecutor } from '../db/database.ts';
import { partnerClients, partners } from '../db/schema/partner-api.ts';
import { AppError } from './app-error.ts';
import { hashOf } from './token-hash.ts';

/**
 * The partners' clients of the identity provider (docs/partner-api.md "Clients and tokens"): read by the
 * provider's adapter when a till asks for a token, and by the partner API for each call. Only the SHA-256 of a
 * secret is stored, marked `sha256:` so the provider's secret check knows to hash what it is given.
 */
export const HASHED_SECRET_PREFIX = 'sha256:';

/** A new client secret: 32 random bytes, base64url (43 characters). */
const newSecret = () => randomBytes(32).toString('base64url');
const hashedSecret = (secret: string) => `${HASHED_SECRET_PREFIX}${hashOf(secret)}`;

/** Whether `secret` is one of the client's live secrets (each compared in constant time). */
export function secretMatches(hashes: string, secret: string): boolean {
  const given = Buffer.from(hashedSecret(secret));
  let matched = false;
  for (const stored of hashes.split(' ')) {
    const expected = Buffer.from(stored);
    if (expected.length === given.length && timingSafeEqual(expected, given)) matched = true;
  }
  return matched;
}

export interface PartnerClient {
  clientId: string;
  partnerId: string;
  name: string;
  scopes: PartnerScope[];
  requestsPerMinute: number;
}

/** A live (not revoked) partner client, with its secrets' hashes. */
export async function findPartnerClient(
  db: DbExecutor,
  clientId: string,
): Promise<(PartnerClient & Credentials) | undefined> {
  const [row] = await db
    .select({
      clientId: partnerClients.clientId,
      partnerId: partnerClients.partnerId,
      name: partnerClients.name,
      scopes: partnerClients.scopes,
      requestsPerMinute: partnerClients.requestsPerMinute,
      secretHashes: partnerClients.secretHashes,
      jwks: partnerClients.jwks,
    })
    .from(partnerClients)
    .where(and(eq(partnerClients.clientId, clientId), isNull(partnerClients.revokedAt)));
  if (!row) return undefined;
  return { ...row, scopes: row.scopes.filter(isPartnerScope) };
}

const isPartnerScope = (scope: string): scope is PartnerScope =>
  (PARTNER_SCOPES as readonly string[]).includes(scope);

/** How a client proves itself: the hashes of its secrets, or the public keys of its signed assertions. */
interface Credentials {
  secretHashes: string[];
  jwks: { keys: Array<Record<string, unknown>> } | null;
}

/**
 * The client's metadata for the identity provider: the client-credentials grant only, no redirects, the scopes
 * it may ask for, and either a secret sent by HTTP Basic or a JWT it signs with one of its keys (private_key_jwt).
 */
export const providerMetadataOf = (client: PartnerClient & Credentials) => ({
  client_id: client.clientId,
  client_name: client.name,
  grant_types: ['client_credentials'],
  response_types: [],
  redirect_uris: [],
  scope: client.scopes.join(' '),
  ...(client.jwks
    ? { token_endpoint_auth_method: 'private_key_jwt', jwks: client.jwks }
    : { token_endpoint_auth_method: 'client_secret_basic', client_secret: client.secretHashes.join(' ') }),
});

/**
 * A client's public keys, checked: a JSON Web Key Set of EC or RSA public keys for signing, each with a `kid`,
 * never a private part.
 */
export function publicKeysOf(jwks: unknown): Array<Record<string, unknown>> {
  const keys = (jwks as { keys?: unknown } | null)?.keys;
  if (!Array.isArray(keys) || keys.length === 0) {
    throw new AppError(400, 'VALIDATION', partnerApiMessages.jwksEmpty);
  }
  return keys.map((key: unknown, index) => {
    const jwk = key as Record<string, unknown>;
    if (!jwk || typeof jwk !== 'object' || !['EC', 'RSA'].includes(String(jwk.kty))) {
      throw new AppError(400, 'VALIDATION', partnerApiMessages.jwksKeyType(index));
    }
    if ('d' in jwk || 'p' in jwk) {
      throw new AppError(400, 'VALIDATION', partnerApiMessages.jwksPrivateKey(index));
    }
    if (typeof jwk.kid !== 'string' || jwk.kid.length === 0) {
      throw new AppError(400, 'VALIDATION', partnerApiMessages.jwksKid(index));
    }
    return jwk;
  });
}

export interface NewPartnerClient {
  partnerId: string;
  name: string;
  scopes: PartnerScope[];
  requestsPerMinute?: number;
  /** A fixed id (the demo data's sandbox till); otherwise one is made from the partner's id. */
  clientId?: string;
  /** A fixed secret (the demo data's sandbox till, documented); otherwise a random one. */
  secret?: string;
  /** Public keys: the client signs JWTs (private_key_jwt) and has no secret. */
  jwks?: unknown;
}

/** Registers a client and answers its id and secret; the secret is shown this once and never stored. */
export async function addPartnerClient(
  db: DbExecutor,
  client: NewPartnerClient & { jwks?: undefined },
): Promise<{ clientId: string; secret: string }>;
/** Registers a client that signs JWTs with the keys given: it has no secret. */
export async function addPartnerClient(
  db: DbExecutor,
  client: NewPartnerClient & { jwks: unknown },
): Promise<{ clientId: string; secret: undefined }>;
export async function addPartnerClient(db: DbExecutor, client: NewPartnerClient) {
  const [partner] = await db
    .select({ id: partners.id })
    .from(partners)
    .where(eq(partners.id, client.partnerId));
  if (!partner) {
    throw new AppError(404, 'PARTNER_NOT_FOUND', partnerApiMessages.partnerNotFound(client.partnerId));
  }
  const clientId = client.clientId ?? `${client.partnerId}-${randomBytes(6).toString('hex')}`;
  const keys = client.jwks === undefined ? undefined : publicKeysOf(client.jwks);
  const secret = keys ? undefined : (client.secret ?? newSecret());
  await db
    .insert(partnerClients)
    .values({
      clientId,
      partnerId: client.partnerId,
      name: client.name,
      scopes: client.scopes,
      secretHashes: secret ? [hashedSecret(secret)] : [],
      jwks: keys ? { keys } : null,
      requestsPerMinute: client.requestsPerMinute ?? 600,
    })
    .onConflictDoNothing();
  return { clientId, secret };
}

/**
 * A key client's keys from now on: the live ones plus `add`, less those whose kid is in `remove` (a rotation adds
 * the new key, the tills move to it, then the old one goes). At least one key stays.
 */
export async function changePartnerKeys(
  db: DbExecutor,
  clientId: string,
  change: { add?: unknown; remove?: string[] },
) {
  const client = await findPartnerClient(db, clientId);
  if (!client?.jwks) {
    throw new AppError(404, 'PARTNER_CLIENT_NOT_FOUND', partnerApiMessages.keyClientNotFound(clientId));
  }
  const added = change.add === undefined ? [] : publicKeysOf(change.add);
  const keys = [...client.jwks.keys, ...added].filter((key) => !change.remove?.includes(String(key.kid)));
  if (keys.length === 0) throw new AppError(400, 'VALIDATION', partnerApiMessages.jwksLastKey);
  await db.update(partnerClients).set({ jwks: { keys } }).where(eq(partnerClients.clientId, clientId));
  return keys.map((key) => String(key.kid));
}

/**
 * Adds a new secret beside the live one(s), so tills move to it without downtime; `retireOthers` then keeps only
 * the newest. Answers the new secret, shown this once.
 */
export async function rotatePartnerSecret(db: DbExecutor, clientId: string) {
  const secret = newSecret();
  const updated = await db
    .update(partnerClients)
    .set({ secretHashes: sql`array_append(${partnerClients.secretHashes}, ${hashedSecret(secret)})` })
    .where(and(eq(partnerClients.clientId, clientId), isNull(partnerClients.revokedAt)))
    .returning({ clientId: partnerClients.clientId });
  if (updated.length === 0) throw unknownClient(clientId);
  return { clientId, secret };
}

/** Keeps only the newest secret: the end of a rotation. */
export async function retireOldPartnerSecrets(db: DbExecutor, clientId: string) {
  const updated = await db
    .update(partnerClients)
    .set({
      secretHashes: sql`${partnerClients.secretHashes}[array_length(${partnerClients.secretHashes}, 1):]`,
    })
    .where(and(eq(partnerClients.clientId, clientId), isNull(partnerClients.revokedAt)))
    .returning({ clientId: partnerClients.clientId });
  if (updated.length === 0) throw unknownClient(clientId);
}

/** Stops a client at once: its tokens are refused from the next call, and it gets no new one. */
export async function revokePartnerClient(db: DbExecutor, clientId: string, at: Date) {
  const updated = await db
    .update(partnerClients)
    .set({ revokedAt: at })
    .where(and(eq(partnerClients.clientId, clientId), isNull(partnerClients.revokedAt)))
    .returning({ clientId: partnerClients.clientId });
  if (updated.length === 0) throw unknownClient(clientId);
}

/** Every client, live or revoked, for the operator's list. */
export const listPartnerClients = (db: DbExecutor) =>
  db
    .select({
      clientId: partnerClients.clientId,
      partnerId: partnerClients.partnerId,
      name: partnerClients.name,
      scopes: partnerClients.scopes,
      secrets: sql<number>`cardinality(${partnerClients.secretHashes})`.mapWith(Number),
      keys: sql<number>`coalesce(jsonb_array_length(${partnerClients.jwks} -> 'keys'), 0)`.mapWith(Number),
      requestsPerMinute: partnerClients.requestsPerMinute,
      createdAt: partnerClients.createdAt,
      revokedAt: partnerClients.revokedAt,
    })
    .from(partnerClients)
    .orderBy(partnerClients.createdAt);

const unknownClient = (clientId: string) =>
  new AppError(404, 'PARTNER_CLIENT_NOT_FOUND', partnerApiMessages.clientNotFound(clientId));
