// @databases one: the rules it tests go through the API and the repositories alike on both databases; nothing it asserts depends on the kind.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { featureStates, remoteSwitches } from '../../db/schema/platform-status.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t.close());

describe('/anonymous-platform-status-api', () => {
  it('serves every remote switch, off by default, and what the operator sets in the database', async () => {
    const before = await t.app.inject('/anonymous-platform-status-api/remote-config');
    expect(before.statusCode).toBe(200);
    expect(before.json()).toMatchObject({
      maintenance: { local: false, preProduction: false, production: false },
      cms: { local: false, preProduction: false, production: false },
    });
    await t.app.db
      .update(remoteSwitches)
      .set({ preProduction: true })
      .where(eq(remoteSwitches.name, 'maintenance'));
    const after = await t.app.inject('/anonymous-platform-status-api/remote-config');
    expect(after.json()).toMatchObject({
      maintenance: { local: false, preProduction: true, production: false },
    });
  });

  it('gives a feature state and 404 for an unknown feature', async () => {
    const prices = await t.app.inject('/anonymous-platform-status-api/feature/detailed-states/NECTAR_PRICES');
    expect(prices.json()).toEqual({ feature: 'NECTAR_PRICES', enabled: true, message: null });
    await t.app.db
      .update(featureStates)
      .set({ enabled: false, message: 'Back soon' })
      .where(eq(featureStates.feature, 'NECTAR_PRICES'));
    const off = await t.app.inject('/anonymous-platform-status-api/feature/detailed-states/NECTAR_PRICES');
    expect(off.json()).toEqual({ feature: 'NECTAR_PRICES', enabled: false, message: 'Back soon' });
    expect(
      (await t.app.inject('/anonymous-platform-status-api/feature/detailed-states/NOPE')).statusCode,
    ).toBe(404);
    expect(
      (await t.app.inject('/anonymous-platform-status-api/feature/detailed-states/bad-name')).statusCode,
    ).toBe(400);
  });
});
