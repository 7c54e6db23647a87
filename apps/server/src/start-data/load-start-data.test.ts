// @databases both: a first start migrates and loads the start data, under a lock that differs by kind.
import { randomBytes } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { describe, expect, inject, it } from 'vitest';
import { buildApp } from '../app.ts';
import { adminQuery, databaseUrl, testConfig } from '../test/test-config.ts';
import { REMOTE_SWITCH_NAMES } from '@app/contracts/switches';
import { brands } from '../db/schema/brands.ts';
import { documents } from '../db/schema/documents.ts';
import { marketingEvents } from '../db/schema/marketing.ts';
import { featureStates, remoteSwitches } from '../db/schema/platform-status.ts';
import { cards, collectors } from '../db/schema/core.ts';
import { memberPrices, offers } from '../db/schema/offers.ts';
import { sandboxPartnerAccounts } from '../db/schema/linked-partners.ts';
import { demoCollector } from './demo-collector.ts';

const rows = async (
  app: FastifyInstance,
  table:
    | typeof collectors
    | typeof brands
    | typeof offers
    | typeof memberPrices
    | typeof documents
    | typeof marketingEvents
    | typeof remoteSwitches,
) => (await app.db.select({ n: count() }).from(table))[0]?.n ?? 0;

/**
 * The start data (load-start-data.ts) on an empty database, as a first `npm start` or a production start; the race
 * on the PostgreSQL server of TEST_DATABASE_URL.
 */
describe('the start data on an empty database', () => {
  const template = inject('databaseTemplate');

  it.runIf(template.kind === 'pglite')(
    'with DEMO_DATA=off: the catalogues, documents and switch rows, and no member, plastic card or sandbox account',
    async () => {
      const app = await buildApp(testConfig({ DEMO_DATA: 'off' }));
      try {
        await app.ready();
        expect(await rows(app, collectors)).toBe(0);
        expect(await app.db.select().from(sandboxPartnerAccounts)).toEqual([]);
        expect(await rows(app, brands)).toBeGreaterThan(20);
        expect(await rows(app, offers)).toBeGreaterThan(10);
        expect(await rows(app, memberPrices)).toBeGreaterThan(300);
        expect(await rows(app, marketingEvents)).toBe(2);
        expect(await rows(app, documents)).toBeGreaterThan(5);
        expect(await rows(app, remoteSwitches)).toBe(REMOTE_SWITCH_NAMES.length);
        expect(
          await app.db
            .select({ feature: featureStates.feature, enabled: featureStates.enabled })
            .from(featureStates),
        ).toEqual([{ feature: 'NECTAR_PRICES', enabled: true }]);
      } finally {
        await app.close();
      }
    },
  );

  it.runIf(template.kind === 'postgres')(
    'two instances starting at once on one empty PostgreSQL database both start, and load it once',
    async () => {
      const name = `lc_test_${randomBytes(6).toString('hex')}`;
      await adminQuery(`CREATE DATABASE ${name}`);
      const started: FastifyInstance[] = [];
      try {
        const results = await Promise.allSettled(
          [1, 2].map(async () => {
            const app = await buildApp(testConfig({}, { databaseUrl: databaseUrl(name) }));
            started.push(app);
            await app.ready();
            return app;
          }),
        );
        expect(results.map((result) => result.status)).toEqual(['fulfilled', 'fulfilled']);
        const [first] = started;
        if (!first) throw new Error('no instance started');
        const demo = await first.db
          .select({ id: collectors.id })
          .from(collectors)
          .where(eq(collectors.email, demoCollector.email));
        expect(demo).toHaveLength(1);
        const plastic = await first.db.select().from(cards).where(eq(cards.kind, 'plastic'));
        expect(plastic).toHaveLength(4);
      } finally {
        await Promise.all(started.map((app) => app.close()));
        await adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      }
    },
  );
});
