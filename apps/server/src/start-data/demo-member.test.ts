// @databases one: the rules it tests go through the API and the repositories alike on both databases; nothing it asserts depends on the kind.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyPassword } from '../lib/passwords.ts';
import { buildTestApp, type TestApp } from '../test/build-test-app.ts';
import { demoCollector } from './demo-collector.ts';
import { cards, collectors, credentials } from '../db/schema/core.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t.close());

describe('demo data', () => {
  it('seeds the demo collector whose password verifies against the argon2id hash', async () => {
    const [row] = await t.app.db
      .select({
        firstName: collectors.firstName,
        lastName: collectors.lastName,
        hash: credentials.passwordHash,
      })
      .from(cards)
      .innerJoin(collectors, eq(cards.collectorId, collectors.id))
      .innerJoin(credentials, eq(credentials.collectorId, collectors.id))
      .where(eq(cards.number, demoCollector.cardNumber));
    expect(row).toMatchObject({ firstName: 'Alex', lastName: 'Morgan' });
    // The cost is the test run's (lib/passwords.test.ts checks the one `npm start` uses).
    expect(row?.hash).toMatch(/^\$argon2id\$v=19\$/);
    expect(await verifyPassword(row?.hash ?? '', 'Nectar-demo-2026')).toBe(true);
    expect(await verifyPassword(row?.hash ?? '', 'nectar-demo-2026')).toBe(false);
  });
});
