import { and, desc, eq } from 'drizzle-orm';
import type { Database } from '../db/database.ts';
import { cards, collectors } from '../db/schema/core.ts';

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
    // The card in use: a replaced card keeps its row but is no longer the member's number (docs/decisions/011).
    .leftJoin(cards, and(eq(cards.collectorId, collectors.id), eq(cards.status, 'active')))
    .where(eq(collectors.id, collectorId))
    .orderBy(desc(cards.issuedAt))
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
