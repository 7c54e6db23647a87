// @databases one: the command writes a member of staff and an invitation through the same repositories on both databases.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, jsWeb, type TestApp } from '../test/build-test-app.ts';
import { runStaffCommand, STAFF_USAGE } from './staff-command.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t.close());

async function staff(...argv: string[]) {
  const log: string[] = [];
  const error: string[] = [];
  const code = await runStaffCommand(
    argv,
    { db: t.app.db, clock: t.app.clock, publicUrl: t.config.publicUrl },
    { log: (line) => log.push(line), error: (line) => error.push(line) },
  );
  return { code, log, error };
}

describe('npm run staff', () => {
  it('invites the first admin and prints a link the console takes', async () => {
    const email = `first-${randomUUID().slice(0, 8)}@example.com`;
    const invited = await staff('invite', '--email', email, '--name', 'Ada First', '--role', 'admin');
    expect(invited.code).toBe(0);
    const link = invited.log.at(-1) ?? '';
    expect(link).toMatch(new RegExp(`^${t.config.publicUrl}/console/invite/[\\w-]{40,}$`));
    const token = link.split('/').at(-1) ?? '';
    const invite = await t.app.inject({ url: `/staff-api/invites/${token}`, headers: jsWeb });
    expect(invite.json()).toEqual({ email, name: 'Ada First', role: 'admin' });

    const again = await staff('invite', '--email', email, '--name', 'Ada First', '--role', 'admin');
    expect(again).toMatchObject({ code: 1, error: ['There is already a member of staff with that email.'] });
  });

  it('refuses a command it does not know, or a role that does not exist, with its usage', async () => {
    for (const argv of [['list'], ['invite', '--email', 'x@example.com', '--name', 'X', '--role', 'owner']]) {
      const refused = await staff(...argv);
      expect(refused.code).toBe(2);
      expect(refused.error).toEqual([STAFF_USAGE]);
    }
  });
});
