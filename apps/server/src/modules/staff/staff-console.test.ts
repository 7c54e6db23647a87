// @databases both: four-eyes decisions and the daily limits lock rows, and the audit trail's trigger is SQL.
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES } from '@app/contracts/error-codes';
import { staffMessages, type StaffRole } from '@app/contracts/staff';
import { cards } from '../../db/schema/core.ts';
import { pointsLedger } from '../../db/schema/points-ledger.ts';
import { staffAdjustments, staffAudit, staffMembers } from '../../db/schema/staff.ts';
import { pointsBalance } from '../../lib/points-ledger.ts';
import { demoCollector } from '../../start-data/demo-collector.ts';
import { demoStaff } from '../../start-data/demo-staff.ts';
import { createLedgerCheckService } from '../ledger-check/service.ts';
import { buildTestApp, jsWeb, signedInMember, type TestApp } from '../../test/build-test-app.ts';
import { STAFF_SESSION_COOKIE } from './routes.ts';
import { loadEnrolledStaff, totpFor } from './service.ts';

let t: TestApp;
/** The app's clock: the real time, or a moment a test holds it at. */
const clock: { heldAt?: number } = {};
const now = () => clock.heldAt ?? Date.now();
beforeAll(async () => {
  t = await buildTestApp({}, { now: () => new Date(now()) });
});
afterAll(() => t.close());

const emailOf = (role: StaffRole) => `${role}@example.com`;
const cookieOf = (response: { cookies: Array<{ name: string; value: string }> }) => ({
  [STAFF_SESSION_COOKIE]:
    response.cookies.find((cookie) => cookie.name === STAFF_SESSION_COOKIE)?.value ?? '',
});

/** A console session for a member of staff (a demo one by default), through the tester tool. */
async function consoleAs(role: StaffRole, email = emailOf(role)) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/dev/staff-session',
    headers: jsWeb,
    payload: { email },
  });
  expect(response.statusCode).toBe(204);
  return cookieOf(response);
}

/** A member of staff of the test's own, enrolled with the demo password and secret: their email. */
async function freshStaff(role: StaffRole) {
  const email = `${role}-${randomUUID().slice(0, 8)}@example.com`;
  await loadEnrolledStaff(t.app.db, [
    { email, name: `Fresh ${role}`, role, password: demoStaff.password, totpSecret: demoStaff.totpSecret },
  ]);
  return email;
}

/** What the database said when it refused a statement. */
const refusal = (statement: Promise<unknown>) =>
  statement.then(
    () => 'done',
    (error: Error & { cause?: Error }) => error.cause?.message ?? error.message,
  );

const call = (
  cookies: Record<string, string>,
  method: 'GET' | 'POST' | 'DELETE',
  url: string,
  payload?: Record<string, unknown>,
) => t.app.inject({ method, url, headers: jsWeb, cookies, ...(payload === undefined ? {} : { payload }) });

/** A member of their own, with their id, and a caller check passed by `cookies`' member of staff. */
async function checkedMember(cookies: Record<string, string>, points = 0) {
  const member = await signedInMember(t);
  if (points) {
    await t.app.db.insert(pointsLedger).values({
      collectorId: member.id,
      amount: points,
      reason: 'Shopping',
      source: 'test',
      idempotencyKey: `test:${randomUUID()}`,
    });
  }
  const check = await call(cookies, 'POST', `/staff-api/members/${member.id}/caller-check`, {
    notCheckedBecause: 'A test of the console',
  });
  expect(check.json()).toEqual({ passed: true, matches: null });
  return member;
}

const adjust = (cookies: Record<string, string>, memberId: string, points: number, key = randomUUID()) =>
  call(cookies, 'POST', `/staff-api/members/${memberId}/adjustments`, {
    points,
    reason: 'goodwill',
    note: 'Sorry about the missing offer',
    idempotencyKey: key,
  });

describe('signing in to the staff console', () => {
  it('takes the password and the authenticator code once, and refuses the same code again', async () => {
    const code = totpFor(demoStaff.totpSecret).generate({ timestamp: now() });
    const signIn = (password: string, otp: string) =>
      t.app.inject({
        method: 'POST',
        url: '/staff-api/session',
        headers: jsWeb,
        payload: { email: 'Supervisor@Example.com', password, code: otp },
      });
    const wrong = await signIn('Not-the-password-1', code);
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ code: 'STAFF_SIGN_IN_FAILED', description: staffMessages.signInFailed });

    const right = await signIn(demoStaff.password, code);
    expect(right.statusCode).toBe(200);
    expect(right.json()).toMatchObject({ email: 'supervisor@example.com', role: 'supervisor' });
    expect(right.json().actions).toContain('decideAdjustment');
    expect(right.json().actions).not.toContain('exportAudit');
    const cookie = right.cookies.find((c) => c.name === STAFF_SESSION_COOKIE);
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict' });
    expect((await call(cookieOf(right), 'GET', '/staff-api/session')).json().email).toBe(
      'supervisor@example.com',
    );

    const replay = await signIn(demoStaff.password, code);
    expect(replay.statusCode).toBe(401);
  });

  it('ends a session after 30 minutes without a call, and 8 hours after sign-in', async () => {
    const cookies = await consoleAs('agent');
    clock.heldAt = Date.now();
    try {
      clock.heldAt += 29 * 60_000;
      expect((await call(cookies, 'GET', '/staff-api/session')).statusCode).toBe(200);
      clock.heldAt += 31 * 60_000;
      const idle = await call(cookies, 'GET', '/staff-api/session');
      expect(idle.statusCode).toBe(401);
      expect(idle.json().code).toBe('STAFF_SIGN_IN_REQUIRED');

      const busy = await consoleAs('agent');
      for (let minutes = 0; minutes < 8 * 60; minutes += 25) {
        clock.heldAt += 25 * 60_000;
        expect((await call(busy, 'GET', '/staff-api/session')).statusCode, `${minutes}`).toBe(
          minutes + 25 < 8 * 60 ? 200 : 401,
        );
      }
    } finally {
      clock.heldAt = undefined;
    }
  });

  it('lets an admin invite someone, who sets a password and an authenticator and gets recovery codes', async () => {
    const admin = await consoleAs('admin');
    const email = `new-${randomUUID().slice(0, 8)}@example.com`;
    const invited = await call(admin, 'POST', '/staff-api/invites', {
      email,
      name: 'Nia New',
      role: 'agent',
    });
    expect(invited.statusCode).toBe(201);
    const mail = (await t.app.notify.listOutbox()).find((message) => message.to === email);
    const token = /\/console\/invite\/([\w-]+)/.exec(mail?.text ?? '')?.[1] ?? '';
    expect(token.length).toBeGreaterThan(20);
    expect((await call({}, 'GET', `/staff-api/invites/${token}`)).json()).toEqual({
      email,
      name: 'Nia New',
      role: 'agent',
    });

    const chosen = await call({}, 'POST', `/staff-api/invites/${token}/password`, {
      password: 'A-long-console-password-1',
    });
    const { totpSecret, totpUri } = chosen.json<{ totpSecret: string; totpUri: string }>();
    expect(totpUri).toMatch(/^otpauth:\/\/totp\//);
    const wrongCode = await call({}, 'POST', `/staff-api/invites/${token}/authenticator`, { code: '000000' });
    expect(wrongCode.json().code).toBe('TOTP_CODE_WRONG');
    const enrolled = await call({}, 'POST', `/staff-api/invites/${token}/authenticator`, {
      code: totpFor(totpSecret).generate({ timestamp: now() }),
    });
    expect(enrolled.statusCode).toBe(200);
    const { recoveryCodes } = enrolled.json<{ recoveryCodes: string[] }>();
    expect(recoveryCodes).toHaveLength(8);
    expect((await call({}, 'GET', `/staff-api/invites/${token}`)).json().code).toBe('INVITE_INVALID');

    // A recovery code signs in once.
    const withRecovery = () =>
      t.app.inject({
        method: 'POST',
        url: '/staff-api/session',
        headers: jsWeb,
        payload: { email, password: 'A-long-console-password-1', code: recoveryCodes[0] },
      });
    expect((await withRecovery()).statusCode).toBe(200);
    expect((await withRecovery()).statusCode).toBe(401);
  });

  it('locks a staff account after 5 wrong sign-ins', async () => {
    const email = await freshStaff('agent');
    const statuses = [];
    for (let attempt = 0; attempt < 6; attempt += 1) {
      const answer = await t.app.inject({
        method: 'POST',
        url: '/staff-api/session',
        headers: jsWeb,
        payload: { email, password: 'Wrong-password-1', code: '123456' },
      });
      statuses.push(answer.json().code);
    }
    expect(statuses, JSON.stringify(statuses)).toEqual([
      ...Array(4).fill('STAFF_SIGN_IN_FAILED'),
      'STAFF_LOCKED',
      'STAFF_LOCKED',
    ]);
    const right = await t.app.inject({
      method: 'POST',
      url: '/staff-api/session',
      headers: jsWeb,
      payload: {
        email,
        password: demoStaff.password,
        code: totpFor(demoStaff.totpSecret).generate({ timestamp: now() }),
      },
    });
    expect(right.json()).toEqual({ code: 'STAFF_LOCKED', description: staffMessages.lockedOut(15) });
  });
});

describe('roles, checked on the server for every call', () => {
  const cases: Array<{
    action: string;
    allowed: StaffRole[];
    call: (c: Record<string, string>) => Promise<{ statusCode: number }>;
  }> = [
    {
      action: 'search',
      allowed: ['agent', 'supervisor', 'admin'],
      call: (c) => call(c, 'GET', '/staff-api/members?q=Morgan'),
    },
    {
      action: 'list waiting changes',
      allowed: ['supervisor', 'admin'],
      call: (c) => call(c, 'GET', '/staff-api/adjustments'),
    },
    {
      action: 'decide a change',
      allowed: ['supervisor', 'admin'],
      call: (c) =>
        call(c, 'POST', `/staff-api/adjustments/${randomUUID()}/decision`, { approve: true, reason: 'ok' }),
    },
    {
      action: 'read the audit trail',
      allowed: ['supervisor', 'admin'],
      call: (c) => call(c, 'GET', '/staff-api/audit'),
    },
    {
      action: 'export the audit trail',
      allowed: ['admin'],
      call: (c) => call(c, 'GET', '/staff-api/audit.csv'),
    },
    {
      action: 'invite',
      allowed: ['admin'],
      call: (c) =>
        call(c, 'POST', '/staff-api/invites', {
          email: `invited-${randomUUID().slice(0, 8)}@example.com`,
          name: 'Ivy Invited',
          role: 'agent',
        }),
    },
  ];
  for (const role of ['agent', 'supervisor', 'admin'] as const) {
    it(`lets ${role} take only the actions of its role`, async () => {
      const cookies = await consoleAs(role);
      for (const action of cases) {
        const status = (await action.call(cookies)).statusCode;
        if (action.allowed.includes(role)) expect(status, action.action).not.toBe(403);
        else expect(status, action.action).toBe(403);
      }
    });
  }

  it('refuses every call without a console session, and a member session is not one', async () => {
    const member = await signedInMember(t);
    for (const action of cases)
      expect((await action.call(member.cookies)).statusCode, action.action).toBe(401);
  });
});

describe('finding a member', () => {
  it('reads a card number as spoken, an email, a mobile, a postcode with a last name, and the start of a name', async () => {
    const agent = await consoleAs('agent');
    const [card] = await t.app.db.select().from(cards).where(eq(cards.number, demoCollector.cardNumber));
    const search = async (q: string) =>
      (await call(agent, 'GET', `/staff-api/members?q=${encodeURIComponent(q)}`)).json();
    for (const [q, readAs] of [
      ['9826 3000 1234 5678 901', 'card'],
      ['123-456-789-01', 'card'],
      ['DEMO@example.com', 'email'],
      ['07700 900123', 'card-or-mobile'],
      ['+44 7700 900123', 'mobile'],
      ['alex mor', 'name'],
      ['morg', 'name'],
    ] as const) {
      const found = await search(q);
      expect(found.readAs, q).toBe(readAs);
      expect(
        found.members.map((m: { id: string }) => m.id),
        q,
      ).toContain(card?.collectorId);
    }
    const demo = (await search('9826300012345678901')).members[0];
    expect(demo).toMatchObject({
      name: 'Alex Morgan',
      email: 'd***@example.com',
      cardNumber: demoCollector.cardNumber,
    });
  });
});

describe('the member on one screen', () => {
  it('asks for the careline check first, then shows the member masked; each reveal is audited', async () => {
    const agent = await consoleAs('agent');
    const member = await signedInMember(t);
    const before = await call(agent, 'GET', `/staff-api/members/${member.id}`);
    expect(before.statusCode).toBe(409);
    expect(before.json().code).toBe('CALLER_CHECK_REQUIRED');

    const wrong = await call(agent, 'POST', `/staff-api/members/${member.id}/caller-check`, {
      dateOfBirth: '1900-01-01',
      postcode: 'ZZ1 1ZZ',
    });
    expect(wrong.json()).toEqual({ passed: false, matches: false });
    expect((await call(agent, 'GET', `/staff-api/members/${member.id}`)).statusCode).toBe(409);

    await call(agent, 'POST', `/staff-api/members/${member.id}/caller-check`, {
      notCheckedBecause: 'Member wrote in by letter',
    });
    const shown = await call(agent, 'GET', `/staff-api/members/${member.id}`);
    expect(shown.statusCode).toBe(200);
    expect(shown.json().email).not.toBe(member.email);
    expect(shown.json().email).toMatch(/^\w\*+@/);
    const revealed = await call(agent, 'POST', `/staff-api/members/${member.id}/reveal`, { field: 'email' });
    expect(revealed.json()).toEqual({ field: 'email', value: member.email });
    const trail = await t.app.db.select().from(staffAudit).where(eq(staffAudit.memberId, member.id));
    expect(trail.map((row) => row.action)).toEqual(
      expect.arrayContaining(['caller-check-failed', 'caller-check', 'view-member', 'reveal']),
    );
    expect(trail.find((row) => row.action === 'caller-check')?.reason).toBe('Member wrote in by letter');
  });
});

describe('putting points right, within limits, with four eyes above them', () => {
  it("adds an agent's 250 goodwill points at once through the ledger, tells the member, and a double click does one thing", async () => {
    const agent = await consoleAs('agent', await freshStaff('agent'));
    const member = await checkedMember(agent);
    const key = randomUUID();
    const [first, second] = await Promise.all([
      adjust(agent, member.id, 250, key),
      adjust(agent, member.id, 250, key),
    ]);
    expect(first.statusCode).toBe(201);
    expect(second.json().id).toBe(first.json().id);
    expect(first.json()).toMatchObject({ points: 250, reason: 'goodwill', state: 'applied' });
    const entries = await t.app.db.select().from(pointsLedger).where(eq(pointsLedger.collectorId, member.id));
    expect(entries.map((e) => [e.amount, e.reason])).toEqual([[250, 'Adjusted by our team: goodwill']]);
    const mail = (await t.app.notify.listOutbox()).find(
      (m) => m.to === member.email && m.subject.includes('changed your'),
    );
    expect(mail?.text).toContain('Sorry about the missing offer');
    const reused = await call(agent, 'POST', `/staff-api/members/${member.id}/adjustments`, {
      points: 300,
      reason: 'goodwill',
      note: 'Another',
      idempotencyKey: key,
    });
    expect(reused.statusCode).toBe(422);
  });

  it("keeps an agent's 5,000 points waiting until a supervisor approves them; nobody approves their own", async () => {
    const agent = await consoleAs('agent', await freshStaff('agent'));
    const supervisor = await consoleAs('supervisor', await freshStaff('supervisor'));
    const member = await checkedMember(agent);
    const asked = await adjust(agent, member.id, 5000);
    expect(asked.statusCode).toBe(202);
    expect(asked.json().state).toBe('pending');
    expect(await pointsBalance(t.app.db, member.id)).toBe(0);
    expect(
      (await call(supervisor, 'GET', '/staff-api/adjustments')).json().map((a: { id: string }) => a.id),
    ).toContain(asked.json().id);

    const decided = await call(supervisor, 'POST', `/staff-api/adjustments/${asked.json().id}/decision`, {
      approve: true,
      reason: 'Receipt seen',
    });
    expect(decided.json()).toMatchObject({ state: 'applied', points: 5000 });
    expect(await pointsBalance(t.app.db, member.id)).toBe(5000);
    const again = await call(supervisor, 'POST', `/staff-api/adjustments/${asked.json().id}/decision`, {
      approve: true,
      reason: 'again',
    });
    expect(again.json().code).toBe('ADJUSTMENT_DECIDED');

    // A supervisor's own change above their limit waits for an admin: not for themselves, nor for another supervisor.
    const big = await adjust(supervisor, member.id, 20_000);
    expect(big.statusCode).toBe(202);
    const own = await call(supervisor, 'POST', `/staff-api/adjustments/${big.json().id}/decision`, {
      approve: true,
      reason: 'mine',
    });
    expect(own.json().code).toBe('OWN_ADJUSTMENT');
    const admin = await consoleAs('admin');
    const refused = await call(admin, 'POST', `/staff-api/adjustments/${big.json().id}/decision`, {
      approve: false,
      reason: 'No evidence',
    });
    expect(refused.json().state).toBe('refused');
    expect(await pointsBalance(t.app.db, member.id)).toBe(5000);
  });

  it('counts the day: an agent past 3,000 points today waits for approval', async () => {
    const agent = await consoleAs('agent', await freshStaff('agent'));
    const member = await checkedMember(agent);
    const other = await checkedMember(agent);
    // Earlier changes of this agent today count, whoever they were for.
    const done = [];
    for (let i = 0; i < 3; i += 1)
      done.push((await adjust(agent, i === 0 ? other.id : member.id, 900)).json().state);
    expect(done).toEqual(['applied', 'applied', 'applied']);
    expect((await adjust(agent, member.id, 400)).json().state).toBe('pending');
  });

  it('takes points only from a balance that has them, and writes nothing when it has not', async () => {
    const agent = await consoleAs('agent', await freshStaff('agent'));
    const member = await checkedMember(agent, 100);
    const taken = await adjust(agent, member.id, -150);
    expect(taken.statusCode).toBe(409);
    expect(await pointsBalance(t.app.db, member.id)).toBe(100);
    expect((await adjust(agent, member.id, -100)).json().state).toBe('applied');
    expect(await pointsBalance(t.app.db, member.id)).toBe(0);
  });
});

describe('the ledger check over changes by staff', () => {
  it('finds every applied change with its entry, and names one without', async () => {
    const agent = await consoleAs('agent', await freshStaff('agent'));
    const member = await checkedMember(agent, 500);
    await adjust(agent, member.id, -200);
    await adjust(agent, member.id, 4000);
    const problems = async () =>
      Object.fromEntries(
        (await createLedgerCheckService({ db: t.app.db, clock: t.app.clock }).check()).results.map(
          (result) => [result.invariant, result.count],
        ),
      );
    expect(await problems()).toMatchObject({ 'adjustment-entries-match-state': 0, 'debit-explained': 0 });
    // An applied change whose entry never came is named.
    const [requester] = await t.app.db.select().from(staffMembers).limit(1);
    await t.app.db.insert(staffAdjustments).values({
      memberId: member.id,
      points: 10,
      reasonCode: 'goodwill',
      note: 'no entry',
      requestedBy: requester?.id ?? '',
      idempotencyKey: randomUUID(),
      state: 'applied',
      createdAt: new Date(),
    });
    expect((await problems())['adjustment-entries-match-state']).toBe(1);
  });
});

describe('the audit trail', () => {
  it('cannot be changed or deleted, even by the server', async () => {
    await call(await consoleAs('agent'), 'GET', '/staff-api/members?q=Morgan');
    expect(await refusal(t.app.db.execute(sql`update staff_audit set action = 'nothing'`))).toMatch(
      /append only/,
    );
    expect(await refusal(t.app.db.execute(sql`delete from staff_audit`))).toMatch(/append only/);
    expect(await refusal(t.app.db.execute(sql`truncate staff_audit`))).toMatch(/append only/);
    const [searched] = await t.app.db
      .select()
      .from(staffAudit)
      .where(eq(staffAudit.action, 'search'))
      .limit(1);
    expect(searched).toMatchObject({
      staffEmail: 'agent@example.com',
      after: expect.objectContaining({ query: 'Morgan' }),
    });
  });

  it('is filtered for a supervisor and exported as CSV by an admin only', async () => {
    const agent = await consoleAs('agent', await freshStaff('agent'));
    const member = await checkedMember(agent);
    await adjust(agent, member.id, 10);
    const supervisor = await consoleAs('supervisor');
    const entries = (await call(supervisor, 'GET', `/staff-api/audit?memberId=${member.id}`)).json();
    expect(entries.map((e: { action: string }) => e.action)).toEqual(['adjust-points', 'caller-check']);
    expect((await call(agent, 'GET', '/staff-api/audit.csv')).statusCode).toBe(403);
    const csv = await call(await consoleAs('admin'), 'GET', `/staff-api/audit.csv?memberId=${member.id}`);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body.split('\n')[0]).toBe('at,staff,ip,member,action,before,after,reason');
    expect(csv.body).toContain('adjust-points');
    expect(ERROR_CODES).toContain('ROLE_REFUSED');
  });
});
