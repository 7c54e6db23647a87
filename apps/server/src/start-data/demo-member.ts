import { sql } from 'drizzle-orm';
import { CARD_PREFIX } from '@app/contracts/card-number';
import { hashPassword } from '../lib/passwords.ts';
import type { Database } from '../db/database.ts';
import { cards, collectors, consents, contactPreferences, credentials } from '../db/schema/core.ts';
import { demoCollector } from './demo-collector.ts';
import { seedPlasticCards } from './plastic-cards.ts';

/** The demo collector and the plastic cards, on an empty database only; later starts keep whatever is there. */
export async function createDemoMembersIfEmpty(db: Database): Promise<boolean> {
  // Whether any member exists, not how many: a count reads every collector at each start.
  const [anyone] = await db
    .select({ one: sql<number>`1` })
    .from(collectors)
    .limit(1);
  if (anyone) return false;
  const passwordHash = await hashPassword(demoCollector.password);
  await db.transaction(async (tx) => {
    const [collector] = await tx
      .insert(collectors)
      .values({
        title: demoCollector.title,
        firstName: demoCollector.firstName,
        lastName: demoCollector.lastName,
        email: demoCollector.email,
        dateOfBirth: demoCollector.dateOfBirth,
        phoneCountryCode: demoCollector.phoneCountryCode,
        phoneNumber: demoCollector.phoneNumber,
        memorableName: demoCollector.memorableName,
      })
      .returning({ id: collectors.id });
    if (!collector) throw new Error('demo collector was not created');
    await tx
      .insert(cards)
      .values({ number: demoCollector.cardNumber, collectorId: collector.id, kind: 'digital' });
    await tx.insert(credentials).values({ collectorId: collector.id, passwordHash });
    await tx.insert(contactPreferences).values({ collectorId: collector.id, byEmail: true });
    await tx.insert(consents).values([
      { collectorId: collector.id, kind: 'collector-rules', wordingVersion: '2026-01' },
      { collectorId: collector.id, kind: 'privacy-policy', wordingVersion: '2026-01' },
    ]);
    await seedPlasticCards(tx, CARD_PREFIX);
  });
  return true;
}
