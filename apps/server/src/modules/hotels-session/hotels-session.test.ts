// @databases one: the rules it tests go through the API and the repositories alike on both databases; nothing it asserts depends on the kind.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { demoCollector } from '../../start-data/demo-collector.ts';
import { cards } from '../../db/schema/core.ts';
import { SESSION_COOKIE } from '../../plugins/session.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';

let t: TestApp;
let cookie: Record<string, string>;
beforeAll(async () => {
  t = await buildTestApp();
  const [card] = await t.app.db.select().from(cards).where(eq(cards.number, demoCollector.cardNumber));
  const { token } = await t.app.sessions.create(card?.collectorId ?? '');
  cookie = { [SESSION_COOKIE]: token };
});
afterAll(async () => t.close());

const path = '/customer-management-api/customer/session/hotels';

describe('hotels session', () => {
  it('needs a session', async () => {
    expect((await t.app.inject(path)).statusCode).toBe(401);
  });

  it('gives the session holder a token in the body and the header', async () => {
    const res = await t.app.inject({ url: path, cookies: cookie });
    expect(res.statusCode).toBe(200);
    const body = res.json<{ token: string; expiresAt: string; redirectUrl?: string }>();
    expect(body.token).toMatch(/^[\w-]+\.\d+\.[\w-]+$/);
    expect(res.headers['x-hotels-session']).toBe(body.token);
    expect(body.redirectUrl).toBeUndefined();
  });

  it('names the redirect page for an allow-listed target and refuses any other', async () => {
    const allowed = await t.app.inject({
      url: `${path}?redirect=${encodeURIComponent('https://www.nectar.com/hotels')}`,
      cookies: cookie,
    });
    const body = allowed.json<{ token: string; redirectUrl: string }>();
    const redirect = new URL(body.redirectUrl, 'http://localhost');
    expect(redirect.pathname).toBe('/sso-redirection');
    expect(redirect.searchParams.get('pianosessionhotels')).toBe(body.token);
    expect(redirect.searchParams.get('location')).toBe('https://www.nectar.com/hotels');

    for (const target of [
      'https://evil.example/',
      'http://www.nectar.com/',
      'javascript:alert(1)',
      'not a url',
    ]) {
      const refused = await t.app.inject({
        url: `${path}?redirect=${encodeURIComponent(target)}`,
        cookies: cookie,
      });
      expect(refused.statusCode, target).toBe(400);
      expect(refused.json()).toEqual({
        code: 'REDIRECT_NOT_ALLOWED',
        description: 'That address is not one we can take you to.',
      });
    }
  });
});
