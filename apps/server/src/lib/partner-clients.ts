import { randomBytes, timingSafeEqual } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { PARTNER_SCOPES, type PartnerScope } from '@app/contracts/partner-api';
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
): Promise<(PartnerClient & { secretHashes: string[] }) | undefined> {
  const [row] = await db
    .select({
      clientId: partnerClients.clientId,
      partnerId: partnerClients.partnerId,
      name: partnerClients.name,
      scopes: partnerClients.scopes,
      requestsPerMinute: partnerClients.requestsPerMinute,
      secretHashes: partnerClients.secretHashes,
    })
    .from(partnerClients)
    .where(and(eq(partnerClients.clientId, clientId), isNull(partnerClients.revokedAt)));
  if (!row) return undefined;
  return { ...row, scopes: row.scopes.filter(isPartnerScope) };
}

const isPartnerScope = (scope: string): scope is PartnerScope =>
  (PARTNER_SCOPES as readonly string[]).includes(scope);

/**
 * The client's metadata for the identity provider: the client-credentials grant only, no redirects, a secret
 * sent by HTTP Basic, and the scopes it may ask for.
 */
export const providerMetadataOf = (client: PartnerClient & { secretHashes: string[] }) => ({
  client_id: client.clientId,
  client_name: client.name,
  client_secret: client.secretHashes.join(' '),
  grant_types: ['client_credentials'],
  response_types: [],
  redirect_uris: [],
  token_endpoint_auth_method: 'client_secret_basic',
  scope: client.scopes.join(' '),
});

export interface NewPartnerClient {
  partnerId: string;
  name: string;
  scopes: PartnerScope[];
  requestsPerMinute?: number;
  /** A fixed id (the demo data's sandbox till); otherwise one is made from the partner's id. */
  clientId?: string;
  /** A fixed secret (the demo data's sandbox till, documented); otherwise a random one. */
  secret?: string;
}

/** Registers a client and answers its id and secret; the secret is shown this once and never stored. */
export async function addPartnerClient(db: DbExecutor, client: NewPartnerClient) {
  const [partner] = await db
    .select({ id: partners.id })
    .from(partners)
    .where(eq(partners.id, client.partnerId));
  if (!partner) throw new AppError(404, 'PARTNER_NOT_FOUND', `There is no partner ${client.partnerId}.`);
  const clientId = client.clientId ?? `${client.partnerId}-${randomBytes(6).toString('hex')}`;
  const secret = client.secret ?? newSecret();
  await db
    .insert(partnerClients)
    .values({
      clientId,
      partnerId: client.partnerId,
      name: client.name,
      scopes: client.scopes,
      secretHashes: [hashedSecret(secret)],
      requestsPerMinute: client.requestsPerMinute ?? 600,
    })
    .onConflictDoNothing();
  return { clientId, secret };
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
      requestsPerMinute: partnerClients.requestsPerMinute,
      createdAt: partnerClients.createdAt,
      revokedAt: partnerClients.revokedAt,
    })
    .from(partnerClients)
    .orderBy(partnerClients.createdAt);

const unknownClient = (clientId: string) =>
  new AppError(404, 'PARTNER_CLIENT_NOT_FOUND', `There is no live partner client ${clientId}.`);
