import { eq } from 'drizzle-orm';
import type { Database } from '../db/database.ts';
import { collectors } from '../db/schema/core.ts';

/** Where a collector can be reached: the email and mobile one-time codes are sent to. */
export async function findContact(db: Database, collectorId: string) {
  const [row] = await db
    .select({
      email: collectors.email,
      phoneCountryCode: collectors.phoneCountryCode,
      phoneNumber: collectors.phoneNumber,
    })
    .from(collectors)
    .where(eq(collectors.id, collectorId))
    .limit(1);
  return row;
}
