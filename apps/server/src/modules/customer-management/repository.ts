import { eq } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { cards, collectors } from '../../db/schema/core.ts';

export async function findProfile(db: Database, collectorId: string) {
  const [row] = await db
    .select({
      id: collectors.id,
      title: collectors.title,
      firstName: collectors.firstName,
      lastName: collectors.lastName,
      email: collectors.email,
      cardNumber: cards.number,
    })
    .from(collectors)
    .leftJoin(cards, eq(cards.collectorId, collectors.id))
    .where(eq(collectors.id, collectorId))
    .limit(1);
  return row;
}

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
