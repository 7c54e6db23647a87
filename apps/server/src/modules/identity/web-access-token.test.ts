// @databases one: the rules it tests go through the API and the repositories alike on both databases; nothing it asserts depends on the kind.
import * as client from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NATIVE_APP_CLIENT_ID, NATIVE_APP_REDIRECT_URI } from '@app/contracts/connected-apps';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { authorizationCode, Jar, pkce } from '../../test/oidc-browser.ts';

const partsOf = (jwt: string) =>
  jwt
    .split('.')
    .slice(0, 2)
    .map((part) => JSON.parse(Buffer.from(part, 'base64url').toString('utf8')) as Record<string, unknown>);

/**
 * ADR 047: the access token of the website's code exchange, which the exchange throws away, is a short JWT for
 * the website alone (resource indicators), never stored; nothing accepts it. The session's own access token
 * (identity-access-token, from the refresh token) is still the opaque userinfo token (sign-in.test.ts).
 */
describe("the website's code exchange access token", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => t.close());

  it('is a JWT for the website only, which userinfo and introspection do not accept', async () => {
    const { code, verifier, redirectUri } = await authorizationCode(t, new Jar());
    const configuration = await t.app.identity.webClient.configuration();
    const callback = new URL(redirectUri);
    callback.searchParams.set('code', code);
    callback.searchParams.set('iss', configuration.serverMetadata().issuer);
    const tokens = await client.authorizationCodeGrant(configuration, callback, {
      pkceCodeVerifier: verifier,
    });
    expect(tokens.refresh_token).toEqual(expect.any(String));
    const [header, claims] = partsOf(tokens.access_token);
    expect(header).toMatchObject({ typ: 'at+jwt', alg: 'ES256' });
    expect(claims).toMatchObject({ aud: `${t.config.publicUrl}/session-api`, client_id: 'nectar-web' });
    expect(Number(claims?.exp) - Number(claims?.iat)).toBeLessThanOrEqual(60);

    const userinfo = await t.app.inject({
      method: 'GET',
      url: '/oauth2/me',
      headers: { authorization: `Bearer ${tokens.access_token}` },
    });
    expect(userinfo.statusCode).toBe(401);
    // Introspection tells nothing about it either: the provider does not introspect its JWT access tokens.
    await expect(client.tokenIntrospection(configuration, tokens.access_token)).rejects.toMatchObject({
      error: 'unsupported_token_type',
    });
  });

  it('is not for other clients: a resource indicator from the native app is refused (invalid_target)', async () => {
    const { challenge } = pkce();
    const auth = await t.app.inject({
      method: 'GET',
      url: `/oauth2/auth?${new URLSearchParams({
        client_id: NATIVE_APP_CLIENT_ID,
        redirect_uri: NATIVE_APP_REDIRECT_URI,
        response_type: 'code',
        scope: 'openid',
        code_challenge: challenge,
        code_challenge_method: 'S256',
        state: 'state-1',
        resource: `${t.config.publicUrl}/session-api`,
      })}`,
    });
    expect(auth.statusCode).toBe(303);
    const back = new URL(String(auth.headers.location));
    expect(`${back.origin}${back.pathname}`).toBe(NATIVE_APP_REDIRECT_URI);
    expect(back.searchParams.get('error')).toBe('invalid_target');
  });
});
