import { eq } from 'drizzle-orm';
import { REMOTE_SWITCH_NAMES, type RemoteConfig } from '@app/contracts/switches';
import type { Database } from '../../db/database.ts';
import { featureStates, remoteSwitches } from '../../db/schema/platform-status.ts';

/** Rows the operator edits: every remote switch (all off) and the features the app asks about. */
export async function insertMissingPlatformRows(db: Database) {
  await db
    .insert(remoteSwitches)
    .values(REMOTE_SWITCH_NAMES.map((name) => ({ name })))
    .onConflictDoNothing({ target: remoteSwitches.name });
  await db
    .insert(featureStates)
    .values([{ feature: 'NECTAR_PRICES', enabled: true }])
    .onConflictDoNothing({ target: featureStates.feature });
}

export async function readRemoteConfig(db: Database): Promise<RemoteConfig> {
  const rows = await db.select().from(remoteSwitches);
  return Object.fromEntries(
    rows.map((row) => [
      row.name,
      { local: row.local, preProduction: row.preProduction, production: row.production },
    ]),
  );
}

export async function findFeatureState(db: Database, feature: string) {
  const [row] = await db.select().from(featureStates).where(eq(featureStates.feature, feature));
  return row;
}
