import { mkdtempSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { createServer, type Server } from 'node:https';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { generate } from 'selfsigned';
import { freePort } from '../scripts/browser-tools.mjs';
import { startInstance, stopInstance, type Instance } from '../scripts/cluster-lib.mjs';
import {
  chooseEssentialCookiesOnly,
  expect,
  journeyServerSettings,
  logInWithPassword,
  test,
} from './fixtures.ts';

/**
 * The sign-in over real HTTPS, as a deployment serves it behind its TLS terminator: an instance of the server with
 * an https PUBLIC_URL, behind a TLS front with a certificate made for this run (self-signed, the browser told to
 * accept it). The browser, not our code, decides whether a `__Host-` or `__Secure-` cookie is kept, so this is
 * where those prefixes are proven.
 */
test.describe.configure({ mode: 'serial' });

let instance: Instance | undefined;
let front: Server | undefined;
let origin = '';

test.beforeAll(async () => {
  // An empty embedded database is migrated and given its start data on the first start.
  test.setTimeout(180_000);
  const [frontPort, appPort] = [await freePort(), await freePort()];
  origin = `https://localhost:${frontPort}`;
  const certificate = await generate([{ name: 'commonName', value: 'localhost' }], {
    keySize: 2048,
    extensions: [{ name: 'subjectAltName', altNames: [{ type: 2, value: 'localhost' }] }],
  });
  // The server calls its own provider at PUBLIC_URL (the code exchange): it trusts this run's certificate as an
  // operator trusts a private authority, through Node's NODE_EXTRA_CA_CERTS.
  const authority = path.join(mkdtempSync(path.join(tmpdir(), 'lc-https-')), 'localhost.pem');
  writeFileSync(authority, certificate.cert);
  const settings = journeyServerSettings();
  instance = await startInstance({
    name: 'https',
    port: appPort,
    env: { ...settings, PUBLIC_URL: origin, TRUST_PROXY: '127.0.0.1', NODE_EXTRA_CA_CERTS: authority },
    output: 'ignore',
  });
  // The TLS front: what a balancer does, it ends TLS and says so (X-Forwarded-Proto, X-Forwarded-For).
  front = createServer({ key: certificate.private, cert: certificate.cert }, (incoming, outgoing) => {
    const forwarded = httpRequest(
      {
        host: '127.0.0.1',
        port: appPort,
        method: incoming.method,
        path: incoming.url,
        headers: {
          ...incoming.headers,
          'x-forwarded-proto': 'https',
          'x-forwarded-for': incoming.socket.remoteAddress ?? '127.0.0.1',
        },
      },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(outgoing);
      },
    );
    forwarded.on('error', () => outgoing.writeHead(502).end());
    incoming.pipe(forwarded);
  });
  await new Promise<void>((resolve) => front?.listen(frontPort, '127.0.0.1', resolve));
});

test.afterAll(async () => {
  await new Promise((resolve) => (front ? front.close(resolve) : resolve(undefined)));
  if (instance) await stopInstance(instance);
});

test('over https the sign-in keeps its cookies as __Host- or __Secure-, Secure, HttpOnly and SameSite', async ({
  browser,
}) => {
  const context = await browser.newContext({ baseURL: origin, ignoreHTTPSErrors: true });
  try {
    const page = await context.newPage();
    await page.goto('/homepage');
    await expect(page.getByRole('heading', { level: 1, name: 'Enter your card number' })).toBeVisible();
    await chooseEssentialCookiesOnly(page);

    // In the middle of the sign-in: the provider's interaction cookie, for the whole host and nothing wider.
    const during = await context.cookies();
    expect(during.find((cookie) => cookie.name === '__Host-oidc_interaction')).toMatchObject({
      domain: 'localhost',
      path: '/',
      secure: true,
      httpOnly: true,
      sameSite: 'Lax',
    });

    await logInWithPassword(page, '12345678901', 'Nectar-demo-2026');
    await expect(page.getByRole('heading', { level: 1, name: 'Hello Alex' })).toBeVisible({
      timeout: 20_000,
    });

    // Signed in: every cookie the browser holds is Secure (the website's switches and sign-in marker too); the
    // provider's session and the website's own session are __Host- and out of scripts' reach.
    const after = await context.cookies();
    expect(after.filter((cookie) => !cookie.secure).map((cookie) => cookie.name)).toEqual([]);
    for (const name of ['__Host-oidc_session', '__Host-oidc_session.sig']) {
      expect(after.find((cookie) => cookie.name === name)).toMatchObject({
        path: '/',
        secure: true,
        httpOnly: true,
        sameSite: 'Lax',
      });
    }
    expect(after.find((cookie) => cookie.name === '__Host-lc_session')).toMatchObject({
      path: '/',
      httpOnly: true,
      sameSite: 'Lax',
    });
  } finally {
    await context.close();
  }
});
