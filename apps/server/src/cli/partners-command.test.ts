// @databases one: the command writes and reads partner clients through the same repositories on both databases; nothing it asserts depends on the kind.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brand } from '@app/contracts/brand';
import { requestPartnerToken } from '../test/partner-token.ts';
import { buildTestApp, type TestApp } from '../test/build-test-app.ts';
import { PARTNERS_USAGE, runPartnersCommand } from './partners-command.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t.close());

async function partners(...argv: string[]) {
  const log: string[] = [];
  const error: string[] = [];
  const code = await runPartnersCommand(argv, t.app.db, {
    log: (line) => log.push(line),
    error: (line) => error.push(line),
  });
  return { code, log, error };
}

/** The token endpoint's answer status for the client-credentials grant with this id and secret. */
const tokenStatus = async (clientId: string, secret: string) =>
  (await requestPartnerToken(t, clientId, secret, 'points:earn')).statusCode;

const valueOf = (lines: string[], name: string) =>
  lines.find((line) => line.startsWith(`${name}=`))?.slice(name.length + 1) ?? '';

describe('npm run partners', () => {
  it('adds a client whose secret gets a token, rotates it without downtime, retires the old one and revokes it', async () => {
    const added = await partners(
      'add',
      '--partner',
      'fuel',
      '--name',
      'Forecourt pumps',
      '--scopes',
      'points:earn',
    );
    expect(added.code).toBe(0);
    const clientId = valueOf(added.log, 'client_id');
    const first = valueOf(added.log, 'client_secret');
    expect(clientId).toMatch(/^fuel-[0-9a-f]{12}$/);
    expect(await tokenStatus(clientId, first)).toBe(200);

    const rotated = await partners('rotate-secret', clientId);
    const second = valueOf(rotated.log, 'client_secret');
    expect(second).not.toBe(first);
    expect([await tokenStatus(clientId, first), await tokenStatus(clientId, second)]).toEqual([200, 200]);

    expect((await partners('retire-old-secrets', clientId)).code).toBe(0);
    expect([await tokenStatus(clientId, first), await tokenStatus(clientId, second)]).toEqual([401, 200]);

    const listed = await partners('list');
    expect(listed.log.find((line) => line.startsWith(clientId))).toContain(
      '"Forecourt pumps"  points:earn  1 secret(s)',
    );
    expect((await partners('revoke', clientId)).code).toBe(0);
    expect(await tokenStatus(clientId, second)).toBe(401);
    expect((await partners('list')).log.find((line) => line.startsWith(clientId))).toContain('revoked');
  });

  it("sets a client's webhook address with a fresh signing secret, and removes it", async () => {
    const clientId = valueOf(
      (await partners('add', '--partner', 'argos', '--name', 'eShop', '--scopes', 'points:earn')).log,
      'client_id',
    );
    const set = await partners('webhook', clientId, '--url', 'https://argos.example/loyalty-hooks');
    expect(set.code).toBe(0);
    expect(valueOf(set.log, 'webhook_secret')).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect((await partners('webhook', clientId, '--remove')).log).toEqual([
      `${clientId} has no webhook address now.`,
    ]);
    await expect(partners('webhook', 'nobody', '--url', 'https://x.example')).rejects.toThrow(
      'There is no live partner client nobody.',
    );
  });

  it('refuses an unknown scope, an unknown partner and a missing argument with the reason', async () => {
    expect(
      await partners('add', '--partner', 'fuel', '--name', 'x', '--scopes', 'points:everything'),
    ).toMatchObject({
      code: 2,
      error: ['Unknown scope: points:everything'],
    });
    await expect(
      partners('add', '--partner', 'nobody', '--name', 'x', '--scopes', 'points:earn'),
    ).rejects.toThrow('There is no partner nobody.');
    expect(await partners('revoke')).toMatchObject({ code: 2, error: [PARTNERS_USAGE] });
    expect((await partners('rates')).log).toContain(`fuel  "${brand.fuelPartner}"  FUEL  1 point(s) per £1`);
  });
});
