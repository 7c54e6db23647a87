// @databases one: the rules it tests go through the API and the repositories alike on both databases; nothing it asserts depends on the kind.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pageViews } from '../../db/schema/analytics.ts';
import { buildTestApp, jsWeb, type TestApp } from '../../test/build-test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t.close());

describe('/analytics-api/page-views', () => {
  it('stores a page view the operator can count', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/analytics-api/page-views',
      headers: jsWeb,
      payload: { pageName: 'New Offers', path: '/my-offers' },
    });
    expect(res.statusCode).toBe(204);
    const rows = await t.app.db.select().from(pageViews);
    expect(rows).toMatchObject([{ pageName: 'New Offers', path: '/my-offers' }]);
  });

  it('refuses bad input and a missing channel header, storing nothing', async () => {
    const bad = await t.app.inject({
      method: 'POST',
      url: '/analytics-api/page-views',
      headers: jsWeb,
      payload: { pageName: '', path: 'x' },
    });
    expect(bad.statusCode).toBe(400);
    const noChannel = await t.app.inject({
      method: 'POST',
      url: '/analytics-api/page-views',
      headers: { 'content-type': 'application/json' },
      payload: { pageName: 'x', path: '/x' },
    });
    expect(noChannel.statusCode).toBe(400);
    expect(await t.app.db.select().from(pageViews)).toHaveLength(1);
  });
});
