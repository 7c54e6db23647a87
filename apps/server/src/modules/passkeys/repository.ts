import { and, asc, count, eq, gt, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { cards, collectors } from '../../db/schema/core.ts';
import { passkeyChallenges, passkeys } from '../../db/schema/passkeys.ts';
import { counterMoves } from '../../lib/webauthn.ts';

export type ChallengePurpose = 'registration' | 'authentication';

/** Keeps a challenge until it is answered or expires. */
export async function insertChallenge(
  db: Database,
  row: {
    challenge: string;
    purpose: ChallengePurpose;
    bindingHash: string;
    collectorId: string | null;
    expiresAt: Date;
  },
) {
  await db.insert(passkeyChallenges).values(row);
}

/**
 * Takes the challenge the browser answered, once: it is deleted in the same statement that finds it, so a
 * second answer to it (a replay, or two tabs) finds nothing. Only a live one bound to `bindingHash` counts.
 */
export async function takeChallenge(
  db: Database,
  challenge: string,
  purpose: ChallengePurpose,
  bindingHash: string,
  now: Date,
) {
  const [row] = await db
    .delete(passkeyChallenges)
    .where(
      and(
        eq(passkeyChallenges.challenge, challenge),
        eq(passkeyChallenges.purpose, purpose),
        eq(passkeyChallenges.bindingHash, bindingHash),
        gt(passkeyChallenges.expiresAt, now),
      ),
    )
    .returning({ collectorId: passkeyChallenges.collectorId });
  return row;
}

/** Who a new passkey is for: the name the browser shows beside it (card number, the member's name). */
export async function findPasskeyHolder(db: Database, collectorId: string) {
  const [row] = await db
    .select({
      firstName: collectors.firstName,
      lastName: collectors.lastName,
      email: collectors.email,
      cardNumber: sql<
        string | null
      >`(select ${cards.number} from ${cards} where ${cards.collectorId} = ${collectors.id} and ${cards.status} = 'active' order by ${cards.issuedAt} limit 1)`,
    })
    .from(collectors)
    .where(and(eq(collectors.id, collectorId), eq(collectors.status, 'active')))
    .limit(1);
  return row;
}

const listColumns = {
  id: passkeys.id,
  credentialId: passkeys.credentialId,
  transports: passkeys.transports,
  name: passkeys.name,
  device: passkeys.device,
  backedUp: passkeys.backedUp,
  createdAt: passkeys.createdAt,
  lastUsedAt: passkeys.lastUsedAt,
};
export interface PasskeyRow {
  id: string;
  credentialId: string;
  transports: string[];
  name: string;
  device: string;
  backedUp: boolean;
  createdAt: Date;
  lastUsedAt: Date | null;
}

export async function listPasskeys(db: Database, collectorId: string): Promise<PasskeyRow[]> {
  return db
    .select(listColumns)
    .from(passkeys)
    .where(eq(passkeys.collectorId, collectorId))
    .orderBy(asc(passkeys.createdAt));
}

export async function countPasskeys(db: Database, collectorId: string) {
  const [row] = await db.select({ n: count() }).from(passkeys).where(eq(passkeys.collectorId, collectorId));
  return row?.n ?? 0;
}

/** Stores a verified passkey; undefined when that credential id is already stored (for anyone). */
export async function insertPasskey(
  db: Database,
  row: {
    collectorId: string;
    credentialId: string;
    publicKey: string;
    counter: number;
    transports: string[];
    name: string;
    device: string;
    aaguid: string;
    backedUp: boolean;
  },
): Promise<PasskeyRow | undefined> {
  const [stored] = await db
    .insert(passkeys)
    .values(row)
    .onConflictDoNothing({ target: passkeys.credentialId })
    .returning(listColumns);
  return stored;
}

/** The passkey an assertion names, when it belongs to an active account. */
export async function findPasskeyForSignIn(db: Database, credentialId: string) {
  const [row] = await db
    .select({
      id: passkeys.id,
      collectorId: passkeys.collectorId,
      credentialId: passkeys.credentialId,
      publicKey: passkeys.publicKey,
      counter: passkeys.counter,
      transports: passkeys.transports,
    })
    .from(passkeys)
    .innerJoin(collectors, eq(collectors.id, passkeys.collectorId))
    .where(and(eq(passkeys.credentialId, credentialId), eq(collectors.status, 'active')))
    .limit(1);
  return row;
}

/**
 * After a verified sign-in: the authenticator's new counter, its backup state and the time of use, written only
 * while the counter moves (lib/webauthn.ts); answers whether this sign-in's write won.
 */
export async function recordUse(
  db: Database,
  id: string,
  use: { counter: number; backedUp: boolean; at: Date },
) {
  const updated = await db
    .update(passkeys)
    .set({ counter: use.counter, backedUp: use.backedUp, lastUsedAt: use.at })
    .where(and(eq(passkeys.id, id), counterMoves(passkeys.counter, use.counter)))
    .returning({ id: passkeys.id });
  return updated.length > 0;
}

export async function renamePasskey(db: Database, collectorId: string, id: string, name: string) {
  const renamed = await db
    .update(passkeys)
    .set({ name })
    .where(and(eq(passkeys.id, id), eq(passkeys.collectorId, collectorId)))
    .returning({ id: passkeys.id });
  return renamed.length > 0;
}

export async function deletePasskey(db: Database, collectorId: string, id: string) {
  const [removed] = await db
    .delete(passkeys)
    .where(and(eq(passkeys.id, id), eq(passkeys.collectorId, collectorId)))
    .returning({ name: passkeys.name, credentialId: passkeys.credentialId });
  return removed;
}

/** Every passkey of the account, and any of its challenges still waiting (closing the account). */
export async function deleteAllPasskeys(db: Database, collectorId: string) {
  await db.delete(passkeyChallenges).where(eq(passkeyChallenges.collectorId, collectorId));
  const removed = await db
    .delete(passkeys)
    .where(eq(passkeys.collectorId, collectorId))
    .returning({ id: passkeys.id });
  return removed.length;
}
