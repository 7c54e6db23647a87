import { createServer, type Server } from 'node:http';
import * as client from 'openid-client';
import {
  chooseEssentialCookiesOnly,
  designScreenshot,
  expect,
  freshMember,
  seriousAxeViolations,
  test,
} from './fixtures.ts';

/** The native app's loopback listener (RFC 8252 7.3): any free port, answers the one redirect it waits for. */
async function loopback() {
  let resolve: (url: URL) => void = () => undefined;
  const server: Server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    if (url.pathname !== '/callback') {
      response.writeHead(204).end();
      return;
    }
    response.writeHead(200, { 'content-type': 'text/html' });
    response.end('<!doctype html><title>Example app</title><h1>Back in the app</h1>');
    resolve(new URL(`${redirectUri}${url.search}`));
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const redirectUri = `http://127.0.0.1:${port}/callback`;
  return {
    redirectUri,
    /** The next redirect the browser brings back. */
    next: () => new Promise<URL>((done) => (resolve = done)),
    close: () => new Promise<void>((done) => server.close(() => done())),
  };
}

/**
 * Sign in with Nectar (issue 16, README): a third-party native app uses openid-client, a certified client
 * library, against the product. Discovery, the authorization URL with PKCE for the public client `nectar-app`
 * and a loopback redirect, the real sign-in pages in Chromium, code exchange, userinfo, refresh rotation and
 * the spent refresh token refused; then a silent sign-in asks on the consent page, and the member disconnects
 * the app from the account security page.
 */
test('a native app signs in with Nectar through the real pages with openid-client', async ({
  page,
  request,
  baseURL,
  consoleErrors,
}) => {
  // A member of the journey's own (made on the `request` fixture's context, so the page is still signed out):
  // the app's grants and the disconnection are theirs, not the demo member's.
  const member = await freshMember(request);
  const app = await loopback();
  try {
    const config = await client.discovery(
      new URL(`${baseURL}/oauth2`),
      'nectar-app',
      undefined,
      client.None(),
      { execute: [client.allowInsecureRequests] },
    );
    const metadata = config.serverMetadata();
    expect(metadata.introspection_endpoint).toBe(`${baseURL}/oauth2/token/introspection`);
    expect(metadata.revocation_endpoint).toBe(`${baseURL}/oauth2/token/revocation`);

    const authorize = async (scope: string) => {
      const verifier = client.randomPKCECodeVerifier();
      const state = client.randomState();
      const url = client.buildAuthorizationUrl(config, {
        redirect_uri: app.redirectUri,
        scope,
        code_challenge: await client.calculatePKCECodeChallenge(verifier),
        code_challenge_method: 'S256',
        state,
      });
      return { url, verifier, state, callback: app.next() };
    };

    // The member signs in on the real pages, card number then password.
    const first = await authorize('openid offline profile email');
    await page.goto(first.url.href);
    await expect(page.getByRole('heading', { level: 1, name: 'Enter your card number' })).toBeVisible();
    await chooseEssentialCookiesOnly(page);
    await page.getByLabel('Card number').fill(member.cardNumber.slice(8));
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Enter your password' })).toBeVisible();
    await page.getByLabel('Password', { exact: true }).fill(member.password);
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    const callback = await first.callback;
    await expect(page.getByRole('heading', { level: 1, name: 'Back in the app' })).toBeVisible();

    const tokens = await client.authorizationCodeGrant(config, callback, {
      pkceCodeVerifier: first.verifier,
      expectedState: first.state,
    });
    const sub = tokens.claims()?.sub ?? '';
    const userinfo = await client.fetchUserInfo(config, tokens.access_token, sub);
    expect(userinfo).toMatchObject({ sub, name: 'Sam Tester', given_name: 'Sam', family_name: 'Tester' });

    const rotated = await client.refreshTokenGrant(config, tokens.refresh_token ?? '');
    expect(rotated.refresh_token).toBeTruthy();
    expect(rotated.refresh_token).not.toBe(tokens.refresh_token);
    await expect(client.refreshTokenGrant(config, tokens.refresh_token ?? '')).rejects.toMatchObject({
      error: 'invalid_grant',
    });

    // Signed in already, the app asks again: a native app never gets in silently, the member says yes.
    const second = await authorize('openid offline profile');
    await page.goto(second.url.href);
    await expect(
      page.getByRole('heading', { level: 1, name: 'Nectar app wants to connect to your Nectar account' }),
    ).toBeVisible();
    await expect(page.getByRole('list', { name: /will be able to/ })).toContainText('See your name');
    expect(await seriousAxeViolations(page)).toEqual([]);
    await designScreenshot(page, 'app-consent');
    await page.getByRole('button', { name: 'Allow', exact: true }).click();
    const allowed = await client.authorizationCodeGrant(config, await second.callback, {
      pkceCodeVerifier: second.verifier,
      expectedState: second.state,
    });
    expect(allowed.refresh_token).toBeTruthy();
    await expect(page.getByRole('heading', { level: 1, name: 'Back in the app' })).toBeVisible();

    // The member sees the app on the account security page and disconnects it: its tokens stop working.
    await page.goto('/account/security');
    const apps = page.getByRole('region', { name: 'Connected apps' });
    await expect(apps.getByText('Nectar app', { exact: true })).toBeVisible({ timeout: 20_000 });
    await designScreenshot(page, 'connected-apps');
    await apps.getByRole('button', { name: 'Disconnect Nectar app' }).click();
    await expect(apps.getByText('Nectar app is disconnected.')).toBeVisible();
    await expect(apps.getByText("You haven't connected any apps to your account.")).toBeVisible();
    await expect(client.refreshTokenGrant(config, allowed.refresh_token ?? '')).rejects.toMatchObject({
      error: 'invalid_grant',
    });
    // The security page asks for the session once before the website's own sign-in: that 401 is expected.
    expect(consoleErrors.filter((message) => !message.includes('status of 401'))).toEqual([]);
  } finally {
    await app.close();
  }
});
