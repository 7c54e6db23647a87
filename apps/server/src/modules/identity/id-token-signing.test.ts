// @databases one: the rules it tests go through the API and the repositories alike on both databases; nothing it asserts depends on the kind.
import { createPrivateKey, sign, type JsonWebKey } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOGOUT_PATH, WEB_CLIENT_ID } from '@app/contracts/sign-in';
import { serverSecrets } from '../../db/schema/core.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { Jar, signInFully } from '../../test/oidc-browser.ts';

const partsOf = (jwt: string) =>
  jwt
    .split('.')
    .slice(0, 2)
    .map((part) => JSON.parse(Buffer.from(part, 'base64url').toString('utf8')) as Record<string, unknown>);

/**
 * ADR 046: the web client's ID tokens are signed with ES256 (a fifteenth of RS256's CPU on every sign-in); the
 * provider publishes both kinds of key, other clients keep RS256, and an RS256 ID token of a web session started
 * before the switch still works as the logout's `id_token_hint`.
 */
describe('ID token signing', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => t.close());

  /** The provider's logout with this hint: 200 with the confirmation form when the hint is accepted. */
  const endSession = (idTokenHint: string) =>
    t.app.inject({
      method: 'GET',
      url: `/oauth2/sessions/logout?${new URLSearchParams({
        id_token_hint: idTokenHint,
        client_id: WEB_CLIENT_ID,
        post_logout_redirect_uri: `${t.config.publicUrl}${LOGOUT_PATH}`,
      })}`,
    });

  it('signs the web session ID token with ES256, publishes RS256 and ES256 keys, and takes it as a logout hint', async () => {
    const jar = new Jar();
    expect((await signInFully(t, jar)).statusCode).toBe(200);
    const logout = await t.app.inject({
      method: 'DELETE',
      url: '/session-api/session',
      headers: { channel: 'JS-WEB', cookie: jar.header() },
    });
    const idToken = String(logout.json().oidcToken);
    const [header, claims] = partsOf(idToken);
    expect(header).toMatchObject({ alg: 'ES256', kid: 'es-1' });
    expect(claims).toMatchObject({ aud: WEB_CLIENT_ID });

    const jwks = (await t.app.inject({ method: 'GET', url: '/oauth2/jwks' })).json<{
      keys: Array<Record<string, unknown>>;
    }>();
    expect(jwks.keys.map((key) => [key.kid, key.alg, key.kty])).toEqual([
      ['sig-1', 'RS256', 'RSA'],
      ['es-1', 'ES256', 'EC'],
    ]);
    // Public parts only.
    expect(jwks.keys.every((key) => key.d === undefined)).toBe(true);

    const confirm = await endSession(idToken);
    expect(confirm.statusCode).toBe(200);
    expect(confirm.body).toContain('name="logout" value="yes"');
  });

  it("still takes an RS256 ID token from before the switch as the web client's logout hint, and refuses a forged one", async () => {
    const [row] = await t.app.db
      .select({ value: serverSecrets.value })
      .from(serverSecrets)
      .where(eq(serverSecrets.name, 'oidc-signing-key'));
    const rsaKey = createPrivateKey({ key: JSON.parse(row?.value ?? '{}') as JsonWebKey, format: 'jwk' });
    const now = Math.floor(Date.now() / 1000);
    const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const rs256 = (claims: object) => {
      const input = `${encode({ alg: 'RS256', kid: 'sig-1', typ: 'JWT' })}.${encode(claims)}`;
      return `${input}.${sign('sha256', Buffer.from(input), rsaKey).toString('base64url')}`;
    };
    const claims = {
      iss: `${t.config.publicUrl}/oauth2`,
      aud: WEB_CLIENT_ID,
      sub: '00000000-0000-4000-8000-000000000001',
      iat: now - 3600,
      exp: now - 60,
    };
    const earlier = await endSession(rs256(claims));
    expect(earlier.statusCode).toBe(200);
    expect(earlier.body).toContain('name="logout" value="yes"');

    // Another audience, or a signature that does not match: refused as before.
    const otherAudience = await endSession(rs256({ ...claims, aud: 'someone-else' }));
    expect(otherAudience.statusCode).toBe(400);
    const forged = rs256(claims).replace(/\.[^.]+$/, `.${Buffer.from('forged').toString('base64url')}`);
    expect((await endSession(forged)).statusCode).toBe(400);
  });
});
