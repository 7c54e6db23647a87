import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { collectors } from '../../db/schema/core.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The collector a provider subject names, when it is still active. */
export async function findSignedInCollector(db: Database, collectorId: string) {
  if (!UUID.test(collectorId)) return undefined;
  const [row] = await db
    .select({ id: collectors.id, firstName: collectors.firstName })
    .from(collectors)
    .where(and(eq(collectors.id, collectorId), eq(collectors.status, 'active')))
    .limit(1);
  return row;
}
