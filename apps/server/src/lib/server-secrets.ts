import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { and, desc, eq } from 'drizzle-orm';
import type { Database } from '../db/database.ts';
import { serverSecrets } from '../db/schema/core.ts';

/**
 * Returns the newest secret of that name, creating it on first use. Kept in the database so that every
 * instance shares it; a rotation adds a higher version.
 */
export async function getOrCreateSecret(db: Database, name: string): Promise<string> {
  const read = async () =>
    (
      await db
        .select({ value: serverSecrets.value })
        .from(serverSecrets)
        .where(eq(serverSecrets.name, name))
        .orderBy(desc(serverSecrets.version))
        .limit(1)
    )[0]?.value;
  const existing = await read();
  if (existing) return existing;
  await db
    .insert(serverSecrets)
    .values({ name, version: 1, value: randomBytes(32).toString('base64url') })
    .onConflictDoNothing();
  const created = await read();
  if (!created) throw new Error(`secret ${name} could not be created`);
  return created;
}

export async function listSecretVersions(db: Database, name: string): Promise<string[]> {
  const rows = await db
    .select({ value: serverSecrets.value })
    .from(serverSecrets)
    .where(and(eq(serverSecrets.name, name)))
    .orderBy(desc(serverSecrets.version));
  return rows.map((row) => row.value);
}

/**
 * A secret the server reads when it gets ready (an `onReady` hook) rather than while its plugins register, so
 * that registering does not wait for the database to open (docs/decisions/025). Read it in request handlers,
 * which only run once the server is ready.
 */
export function secretWhenReady(app: FastifyInstance, name: string): () => string {
  let value: string | undefined;
  app.addHook('onReady', async () => {
    value = await getOrCreateSecret(app.db, name);
  });
  return () => {
    if (value === undefined) throw new Error(`the secret ${name} was read before the server was ready`);
    return value;
  };
}
