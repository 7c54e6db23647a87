import { cards, collectors } from '../db/schema/core.ts';
import type { DbExecutor } from '../db/database.ts';
import { collectorAddresses } from '../db/schema/registration.ts';

/**
 * Plastic cards without an online account, seeded with the demo data so the Yes path of
 * the card check works end to end: ANALOG cards with a known holder (last name and date of birth for the
 * analogue check), a GHOST card never tied to a person, and an inactivated card. README lists them.
 */
export const seededPlasticCards = [
  {
    digits: '20000000001',
    lastName: 'Shah',
    firstName: 'Priya',
    dateOfBirth: '1985-06-15',
    address: { lines: ['4 Piccadilly', 'Manchester'], postcode: 'M1 1AE' },
  },
  { digits: '20000000002', lastName: 'Baker', firstName: 'Tom', dateOfBirth: '1970-01-31' },
  { digits: '20000000003' },
  {
    digits: '20000000004',
    lastName: 'Closed',
    firstName: 'Casey',
    dateOfBirth: '1960-05-05',
    inactive: true,
  },
] as const;

export async function seedPlasticCards(tx: DbExecutor, cardPrefix: string) {
  for (const card of seededPlasticCards) {
    const [collector] = await tx
      .insert(collectors)
      .values({
        firstName: 'firstName' in card ? card.firstName : null,
        lastName: 'lastName' in card ? card.lastName : null,
        dateOfBirth: 'dateOfBirth' in card ? card.dateOfBirth : null,
        status: 'inactive' in card ? 'inactive' : 'active',
      })
      .returning({ id: collectors.id });
    if (!collector) throw new Error('plastic-card collector was not created');
    await tx.insert(cards).values({
      number: `${cardPrefix}${card.digits}`,
      collectorId: collector.id,
      kind: 'plastic',
      status: 'inactive' in card ? 'inactive' : 'active',
    });
    if ('address' in card) {
      await tx.insert(collectorAddresses).values({
        collectorId: collector.id,
        lines: [...card.address.lines],
        postcode: card.address.postcode,
      });
    }
  }
}
