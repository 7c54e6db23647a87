// @databases one: the rules it tests go through the API and the repositories alike on both databases; nothing it asserts depends on the kind.
import { describe, expect, it } from 'vitest';
import { demoCollector } from '../../start-data/demo-collector.ts';
import { SESSION_COOKIE } from '../../plugins/session.ts';
import { buildTestApp, jsWeb } from '../../test/build-test-app.ts';

describe('POST /dev/session (tester tool)', () => {
  it('starts a session for a card, which the profile call then recognises', async () => {
    const t = await buildTestApp();
    try {
      const res = await t.app.inject({
        method: 'POST',
        url: '/dev/session',
        headers: jsWeb,
        payload: { cardNumber: demoCollector.cardNumber },
      });
      expect(res.statusCode).toBe(204);
      const cookie = res.cookies.find((c) => c.name === SESSION_COOKIE);
      expect(cookie?.httpOnly).toBe(true);
      const profile = await t.app.inject({
        url: '/customer-management-api/customer/v2',
        cookies: { [SESSION_COOKIE]: cookie?.value ?? '' },
      });
      expect(profile.statusCode).toBe(200);
      expect(profile.json()).toMatchObject({ firstName: 'Alex', lastName: 'Morgan' });

      const unknown = await t.app.inject({
        method: 'POST',
        url: '/dev/session',
        headers: jsWeb,
        payload: { cardNumber: '9826300099999999999' },
      });
      expect(unknown.statusCode).toBe(404);

      // A cross-site form cannot start a session for a chosen card: the channel header
      // and the Origin check hold here as on the API.
      const form = await t.app.inject({
        method: 'POST',
        url: '/dev/session',
        headers: { 'content-type': 'application/json', origin: 'https://attacker.example' },
        payload: { cardNumber: demoCollector.cardNumber },
      });
      expect(form.statusCode).toBe(400);
      expect(form.json().code).toBe('CHANNEL_REQUIRED');
      const crossSite = await t.app.inject({
        method: 'POST',
        url: '/dev/session',
        headers: { ...jsWeb, origin: 'https://attacker.example' },
        payload: { cardNumber: demoCollector.cardNumber },
      });
      expect(crossSite.statusCode).toBe(403);
      expect(crossSite.json().code).toBe('ORIGIN_REFUSED');
      expect([...form.cookies, ...crossSite.cookies].map((c) => c.name)).not.toContain(SESSION_COOKIE);
    } finally {
      await t.close();
    }
  });

  it('does not exist in production', async () => {
    const t = await buildTestApp({ NODE_ENV: 'production', BOT_CHECK: 'altcha' });
    try {
      const res = await t.app.inject({
        method: 'POST',
        url: '/dev/session',
        headers: jsWeb,
        payload: { cardNumber: demoCollector.cardNumber },
      });
      expect(res.statusCode).toBe(404);
      expect(res.cookies.find((c) => c.name === SESSION_COOKIE)).toBeUndefined();
    } finally {
      await t.close();
    }
  });

  it('does not exist without DEV_TOOLS=on', async () => {
    const t = await buildTestApp({ DEV_TOOLS: 'off' });
    try {
      const session = await t.app.inject({
        method: 'POST',
        url: '/dev/session',
        headers: jsWeb,
        payload: { cardNumber: demoCollector.cardNumber },
      });
      expect(session.statusCode).toBe(404);
      expect((await t.app.inject('/dev/outbox')).statusCode).toBe(404);
      expect((await t.app.inject('/openapi.json')).statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });

  it('has no API reference in production unless API_DOCS=on', async () => {
    const production = await buildTestApp({ NODE_ENV: 'production', BOT_CHECK: 'altcha' });
    try {
      expect((await production.app.inject('/openapi.json')).statusCode).toBe(404);
      expect((await production.app.inject('/docs')).body).not.toMatch(/swagger/i);
    } finally {
      await production.close();
    }
  });
});
