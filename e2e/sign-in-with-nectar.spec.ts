import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import * as client from 'openid-client';
import { twoFactorMessages } from '@app/contracts/sign-in';
import {
  chooseEssentialCookiesOnly,
  designScreenshot,
  expect,
  freshMember,
  logInWithPassword,
  seriousAxeViolations,
  test,
} from './fixtures.ts';
import { outboxMessages } from './outbox.ts';
import { serverArgs } from '../scripts/server-build.mjs';
import playwrightConfig from './playwright.config.ts';

/**
 * The native app's loopback listener (RFC 8252 7.3): any free port, answers the one redirect it waits for.
 */
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
 * Sign in with Nectar (ADR 017, docs/partner-sign-in.md): a third-party native app uses openid-client, a
 * certified client library, against the product. Discovery, the authorization URL with PKCE for the public
 * client `nectar-app` and a loopback redirect, the real sign-in pages in Chromium, code exchange, userinfo,
 * refresh rotation and the spent refresh token refused; then a silent sign-in asks on the consent page, and
 * the member disconnects the app from the account security page.
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
    await logInWithPassword(page, member.cardNumber.slice(8), member.password);
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

/**
 * A server of the journey's own with DEVICE_2FA on (the journeys' shared server runs with it off): the bundle
 * and the settings playwright.config.ts starts that one with, on another port and an empty data folder.
 */
async function serverWithDevice2fa() {
  const shared = Array.isArray(playwrightConfig.webServer)
    ? playwrightConfig.webServer[0]
    : playwrightConfig.webServer;
  const port = await new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
  const baseURL = `http://localhost:${port}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'lc-e2e-device-2fa-'));
  const server = spawn(process.execPath, serverArgs, {
    cwd: shared?.cwd,
    stdio: 'inherit',
    env: { ...process.env, ...shared?.env, PORT: String(port), DATA_DIR: dataDir, DEVICE_2FA: 'on' },
  });
  const exited = new Promise((done) => server.once('exit', done));
  const close = async () => {
    if (server.exitCode === null && server.signalCode === null) {
      server.kill('SIGTERM');
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 180_000;
  while (
    !(await fetch(`${baseURL}/readyz`).then(
      (answer) => answer.ok,
      () => false,
    ))
  ) {
    if (Date.now() > deadline || server.exitCode !== null) {
      await close();
      throw new Error('The DEVICE_2FA server did not start');
    }
    await new Promise((done) => setTimeout(done, 500));
  }
  return { baseURL, close };
}

test.describe('with DEVICE_2FA on', () => {
  let server: Awaited<ReturnType<typeof serverWithDevice2fa>>;
  test.beforeAll(async () => {
    // A first start migrates and loads the start data: up to a minute on a busy 2-core machine.
    test.setTimeout(200_000);
    server = await serverWithDevice2fa();
  });
  test.afterAll(async () => server?.close());

  /**
   * Device 2FA holds for the native app as it does for the website. On a browser new to the member, the
   * app's sign-in asks for the emailed code on the same code page as the website, after the password and
   * before the app gets anything; the website then asks for a code of its own (known devices are per app).
   */
  test('the native app on a new browser gets in only with the emailed code, and the website asks for its own', async ({
    page,
    playwright,
    consoleErrors,
  }) => {
    const api = await playwright.request.newContext({ baseURL: server.baseURL });
    const member = await freshMember(api);
    /** The code the outbox holds for the member, newest first, once it is there. */
    const latestCode = async () => {
      const newest = (await outboxMessages(api)).find((message) => message.to === member.email);
      return /\b(\d{6})\b/.exec(newest?.text ?? '')?.[1];
    };
    const app = await loopback();
    try {
      const config = await client.discovery(
        new URL(`${server.baseURL}/oauth2`),
        'nectar-app',
        undefined,
        client.None(),
        { execute: [client.allowInsecureRequests] },
      );
      const verifier = client.randomPKCECodeVerifier();
      const state = client.randomState();
      const url = client.buildAuthorizationUrl(config, {
        redirect_uri: app.redirectUri,
        scope: 'openid offline profile',
        code_challenge: await client.calculatePKCECodeChallenge(verifier),
        code_challenge_method: 'S256',
        state,
      });
      const callback = app.next();
      let calledBack = false;
      void callback.then(() => (calledBack = true));

      await page.goto(url.href);
      await chooseEssentialCookiesOnly(page);
      await page.getByLabel('Card number').fill(member.cardNumber.slice(8));
      await page.getByRole('button', { name: 'Continue' }).click();
      await page.getByLabel('Password', { exact: true }).fill(member.password);
      await page.getByRole('button', { name: 'Log in', exact: true }).click();

      // The password alone does not reach the app: the code page asks for what was emailed.
      await expect(page.getByRole('heading', { level: 1, name: "Check it's you" })).toBeVisible();
      const [local = '', domain = ''] = member.email.split('@');
      const masked = `${local.slice(0, 1)}${'*'.repeat(local.length - 1)}@${domain}`;
      await expect(page.getByText(twoFactorMessages.codeSent(masked))).toBeVisible();
      expect(calledBack).toBe(false);
      await expect.poll(latestCode).toMatch(/^\d{6}$/);
      const appCode = (await latestCode()) ?? '';
      const wrong = appCode === '000000' ? '111111' : '000000';
      await page.getByLabel('Code').fill(wrong);
      await page.getByRole('button', { name: 'Continue' }).click();
      await expect(page.getByRole('alert')).toHaveText(twoFactorMessages.incorrect);
      expect(calledBack).toBe(false);
      await page.getByLabel('Code').fill(appCode);
      await page.getByRole('button', { name: 'Continue' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Back in the app' })).toBeVisible();

      const tokens = await client.authorizationCodeGrant(config, await callback, {
        pkceCodeVerifier: verifier,
        expectedState: state,
      });
      expect(tokens.refresh_token).toBeTruthy();
      const sub = tokens.claims()?.sub ?? '';
      expect(await client.fetchUserInfo(config, tokens.access_token, sub)).toMatchObject({
        sub,
        given_name: 'Sam',
      });

      // The website on the same browser: signed in at the provider, but new to the website, so password and
      // code.
      await page.goto(`${server.baseURL}/homepage`);
      await expect(page.getByRole('heading', { level: 1, name: 'Enter your card number' })).toBeVisible();
      await page.getByLabel('Card number').fill(member.cardNumber.slice(8));
      await page.getByRole('button', { name: 'Continue' }).click();
      await page.getByLabel('Password', { exact: true }).fill(member.password);
      await page.getByRole('button', { name: 'Log in', exact: true }).click();
      await expect(page.getByRole('heading', { level: 1, name: "Check it's you" })).toBeVisible();
      await expect.poll(latestCode).not.toBe(appCode);
      await page.getByLabel('Code').fill((await latestCode()) ?? '');
      await page.getByRole('button', { name: 'Continue' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Hello Sam' })).toBeVisible({
        timeout: 20_000,
      });
      expect(new URL(page.url()).pathname).toBe('/homepage');
      expect(consoleErrors.filter((message) => !message.includes('status of 4'))).toEqual([]);
    } finally {
      await app.close();
      await api.dispose();
    }
  });
});
