// @databases both: each action's change and its audit row share a transaction under row locks, and the audit trail's trigger is SQL.
import { randomUUID } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountEventLabels, accountMessages } from '@app/contracts/account';
import { staffMessages, STAFF_ACTIONS, type StaffAction, type StaffRole } from '@app/contracts/staff';
import { carelineEmails, carelineMessages } from '@app/contracts/staff-careline';
import { accountEvents } from '../../db/schema/account.ts';
import { redemptionLocks } from '../../db/schema/card-activity.ts';
import { cards, collectors, credentials, sessions } from '../../db/schema/core.ts';
import { missingPointsClaims } from '../../db/schema/missing-points.ts';
import { pointsLedger } from '../../db/schema/points-ledger.ts';
import { staffAudit } from '../../db/schema/staff.ts';
import { pointsBalance } from '../../lib/points-ledger.ts';
import { buildTestApp, jsWeb, signedInMember, type TestApp } from '../../test/build-test-app.ts';
import { staffSession } from '../../test/staff-session.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

type Cookies = Record<string, string>;
const ROLES: StaffRole[] = ['agent', 'supervisor', 'admin'];

/** A console session for the demo member of staff of `role`, through the tester tool. */
const consoleAs = (role: StaffRole): Promise<Cookies> => staffSession(t, `${role}@example.com`);

const call = (cookies: Cookies, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: jsWeb, cookies, ...(payload === undefined ? {} : { payload }) });

/** A fresh member (signed in to their own site), whose caller `staff` has checked. */
async function checkedMember(staff: Cookies) {
  const member = await signedInMember(t);
  const check = await call(staff, 'POST', `/staff-api/members/${member.id}/caller-check`, {
    notCheckedBecause: 'A test of the careline',
  });
  expect(check.json()).toEqual({ passed: true, matches: null });
  return member;
}

type Member = Awaited<ReturnType<typeof checkedMember>>;

/** The newest email to `to`, as the outbox holds it. */
const mailTo = async (to: string, subject: string) =>
  (await t.app.notify.listOutbox()).find((message) => message.to === to && message.subject === subject);

/** The member's security log, as their own security page reads it. */
const securityLog = async (member: Member) => {
  const answer = await call(member.cookies, 'GET', '/customer-management-api/account/events');
  expect(answer.statusCode).toBe(200);
  return answer.json<{ events: Array<{ type: keyof typeof accountEventLabels }> }>().events;
};

/** The audit rows of one action on one member, newest first. */
const audited = (memberId: string, action: string) =>
  t.app.db
    .select()
    .from(staffAudit)
    .where(and(eq(staffAudit.memberId, memberId), eq(staffAudit.action, action)))
    .orderBy(desc(staffAudit.id));

const cardsOf = async (memberId: string) =>
  Object.fromEntries(
    (await t.app.db.select().from(cards).where(eq(cards.collectorId, memberId))).map((card) => [
      card.number,
      card.status,
    ]),
  );

const reason = 'Caller reported the card lost on the phone';
const P = '/customer-management-api';

/** Every careline call, on a member or a claim (not found for the claim: the role check comes first). */
const ACTIONS: Array<{ action: StaffAction; call: (c: Cookies, member: Member) => ReturnType<typeof call> }> =
  [
    {
      action: 'blockCard',
      call: (c, m) => call(c, 'POST', `/staff-api/members/${m.id}/cards/${m.cardNumber}/block`, { reason }),
    },
    {
      action: 'unblockCard',
      call: (c, m) => call(c, 'POST', `/staff-api/members/${m.id}/cards/${m.cardNumber}/unblock`, { reason }),
    },
    {
      action: 'replaceCard',
      call: (c, m) =>
        call(c, 'POST', `/staff-api/members/${m.id}/cards/${m.cardNumber}/replace`, {
          reason,
          replacementType: 'LOST',
        }),
    },
    {
      action: 'clearLockout',
      call: (c, m) => call(c, 'POST', `/staff-api/members/${m.id}/sign-in-lockout/clear`, { reason }),
    },
    {
      action: 'signOutEverywhere',
      call: (c, m) => call(c, 'POST', `/staff-api/members/${m.id}/sessions/end`, { reason }),
    },
    {
      action: 'resendLink',
      call: (c, m) => call(c, 'POST', `/staff-api/members/${m.id}/links`, { link: 'password-reset', reason }),
    },
    {
      action: 'unlockSpending',
      call: (c, m) => call(c, 'POST', `/staff-api/members/${m.id}/spending-lock/off`, { reason }),
    },
    {
      action: 'changeEmail',
      call: (c, m) =>
        call(c, 'POST', `/staff-api/members/${m.id}/email`, { email: `new-${m.email}`, reason }),
    },
    {
      action: 'closeAccount',
      call: (c, m) => call(c, 'POST', `/staff-api/members/${m.id}/close`, { reason }),
    },
    { action: 'viewClaims', call: (c) => call(c, 'GET', '/staff-api/claims') },
    {
      action: 'decideClaim',
      call: (c) =>
        call(c, 'POST', `/staff-api/claims/${randomUUID()}/decision`, { grant: false, reason: 'No receipt' }),
    },
  ];
const MEMBER_ACTIONS = ACTIONS.filter((a) => a.action !== 'viewClaims' && a.action !== 'decideClaim');

describe('who may take each careline action', () => {
  it('refuses every role below the least role of each action (403, audited), and lets the others past', async () => {
    // Nobody has checked this member's caller, so every member action that passes the role check answers 409.
    const member = await signedInMember(t);
    for (const role of ROLES) {
      const staff = await consoleAs(role);
      for (const { action, call: act } of ACTIONS) {
        const answer = await act(staff, member);
        const allowed = ROLES.indexOf(role) >= ROLES.indexOf(STAFF_ACTIONS[action]);
        if (!allowed) {
          expect(answer.statusCode, `${role} ${action}`).toBe(403);
          expect(answer.json()).toEqual({ code: 'ROLE_REFUSED', description: staffMessages.roleRefused });
          const [refused] = await t.app.db
            .select()
            .from(staffAudit)
            .where(and(eq(staffAudit.staffEmail, `${role}@example.com`), eq(staffAudit.action, 'refused')))
            .orderBy(desc(staffAudit.id))
            .limit(1);
          expect(refused?.after, `${role} ${action}`).toMatchObject({ action });
        } else if (action === 'viewClaims') {
          expect(answer.statusCode, `${role} ${action}`).toBe(200);
        } else if (action === 'decideClaim') {
          expect(answer.json().code, `${role} ${action}`).toBe('CLAIM_NOT_FOUND');
        } else {
          expect(answer.statusCode, `${role} ${action}`).toBe(409);
          expect(answer.json(), `${role} ${action}`).toMatchObject({
            code: 'CALLER_CHECK_REQUIRED',
            description: staffMessages.callerCheckRequired,
          });
        }
      }
    }
    // Nothing changed on the member whose caller nobody checked.
    expect(await cardsOf(member.id)).toEqual({ [member.cardNumber]: 'active' });
    const [row] = await t.app.db.select().from(collectors).where(eq(collectors.id, member.id));
    expect(row).toMatchObject({ status: 'active', email: member.email });
  });

  it('answers 404 for a member that does not exist', async () => {
    const supervisor = await consoleAs('supervisor');
    const nobody = {
      id: randomUUID(),
      cardNumber: '9826300000000000000',
      email: 'nobody@example.com',
    } as Member;
    for (const { action, call: act } of MEMBER_ACTIONS) {
      const answer = await act(supervisor, nobody);
      expect(answer.json(), action).toEqual({
        code: 'MEMBER_NOT_FOUND',
        description: staffMessages.memberNotFound,
      });
    }
  });
});

describe('cards', () => {
  it("blocks a member's card: it stops working, the member is told and sees it in their log", async () => {
    const agent = await consoleAs('agent');
    const member = await checkedMember(agent);
    const url = `/staff-api/members/${member.id}/cards/${member.cardNumber}`;
    const blocked = await call(agent, 'POST', `${url}/block`, { reason });
    expect(blocked.statusCode).toBe(200);
    expect(blocked.json()).toEqual({ message: carelineMessages.cardBlocked(member.cardNumber) });
    expect(await cardsOf(member.id)).toEqual({ [member.cardNumber]: 'blocked' });
    // The member's own pages find no card in use.
    expect((await call(member.cookies, 'GET', `${P}/customer/card`)).json().code).toBe('CARD_NOT_FOUND');
    const mail = await mailTo(member.email, carelineEmails.cardBlocked(member.cardNumber).subject);
    expect(mail?.text).toContain(carelineEmails.cardBlocked(member.cardNumber).text);
    expect(mail?.text).not.toContain(reason);
    const log = await securityLog(member);
    expect(log[0]?.type).toBe('card-blocked-by-staff');
    expect(accountEventLabels['card-blocked-by-staff']).toBe('Card blocked by our team');
    const [row] = await audited(member.id, 'block-card');
    expect(row).toMatchObject({
      staffEmail: 'agent@example.com',
      reason,
      before: { card: member.cardNumber, status: 'active' },
      after: { card: member.cardNumber, status: 'blocked' },
    });

    const again = await call(agent, 'POST', `${url}/block`, { reason });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ code: 'CARD_NOT_ACTIVE', description: carelineMessages.cardNotActive });
    const otherCard = await call(
      agent,
      'POST',
      `/staff-api/members/${member.id}/cards/9826300000000000001/block`,
      {
        reason,
      },
    );
    expect(otherCard.statusCode).toBe(404);
    expect(otherCard.json()).toEqual({ code: 'CARD_NOT_FOUND', description: carelineMessages.cardNotFound });
    expect(await audited(member.id, 'block-card')).toHaveLength(1);
  });

  it('unblocks a blocked card for a supervisor, unless a replacement is in use now', async () => {
    const agent = await consoleAs('agent');
    const supervisor = await consoleAs('supervisor');
    const member = await checkedMember(agent);
    await call(supervisor, 'POST', `/staff-api/members/${member.id}/caller-check`, {
      notCheckedBecause: 'Same call',
    });
    const url = `/staff-api/members/${member.id}/cards/${member.cardNumber}`;
    const notBlocked = await call(supervisor, 'POST', `${url}/unblock`, { reason });
    expect(notBlocked.json()).toEqual({
      code: 'CARD_NOT_BLOCKED',
      description: carelineMessages.cardNotBlocked,
    });

    expect((await call(agent, 'POST', `${url}/block`, { reason })).statusCode).toBe(200);
    const unblocked = await call(supervisor, 'POST', `${url}/unblock`, { reason: 'Card found again' });
    expect(unblocked.json()).toEqual({ message: carelineMessages.cardUnblocked(member.cardNumber) });
    expect(await cardsOf(member.id)).toEqual({ [member.cardNumber]: 'active' });
    expect((await call(member.cookies, 'GET', `${P}/customer/card`)).json().cardNumber).toBe(
      member.cardNumber,
    );
    expect(await mailTo(member.email, carelineEmails.cardUnblocked(member.cardNumber).subject)).toBeDefined();
    expect((await securityLog(member)).map((e) => e.type).slice(0, 2)).toEqual([
      'card-unblocked-by-staff',
      'card-blocked-by-staff',
    ]);
    expect((await audited(member.id, 'unblock-card'))[0]).toMatchObject({
      staffEmail: 'supervisor@example.com',
      reason: 'Card found again',
      after: { card: member.cardNumber, status: 'active' },
    });

    // Blocked, then replaced: the old card stays blocked while the new one is in use.
    await call(agent, 'POST', `${url}/block`, { reason });
    const replaced = await call(agent, 'POST', `${url}/replace`, { reason, replacementType: 'STOLEN' });
    expect(replaced.statusCode).toBe(200);
    const other = await call(supervisor, 'POST', `${url}/unblock`, { reason });
    expect(other.statusCode).toBe(409);
    expect(other.json()).toEqual({
      code: 'OTHER_CARD_ACTIVE',
      description: carelineMessages.otherCardActive,
    });
    expect((await cardsOf(member.id))[member.cardNumber]).toBe('blocked');
  });

  it('replaces a card through the card module: a new number in use, the old one replaced, the balance kept', async () => {
    const agent = await consoleAs('agent');
    const member = await checkedMember(agent);
    await t.app.db.insert(pointsLedger).values({
      collectorId: member.id,
      amount: 1234,
      reason: 'Shopping',
      source: 'test',
      idempotencyKey: `test:${randomUUID()}`,
    });
    const url = `/staff-api/members/${member.id}/cards/${member.cardNumber}`;
    const answer = await call(agent, 'POST', `${url}/replace`, { reason, replacementType: 'DAMAGED' });
    expect(answer.statusCode).toBe(200);
    const now = await cardsOf(member.id);
    const newNumber = Object.keys(now).find((number) => number !== member.cardNumber) ?? '';
    expect(now).toEqual({ [member.cardNumber]: 'replaced', [newNumber]: 'active' });
    expect(answer.json()).toEqual({ message: carelineMessages.cardReplaced(newNumber) });
    expect(await pointsBalance(t.app.db, member.id)).toBe(1234);
    expect((await call(member.cookies, 'GET', `${P}/customer/card`)).json().cardNumber).toBe(newNumber);
    const mail = await mailTo(member.email, carelineEmails.cardReplaced(newNumber).subject);
    expect(mail?.text).toContain(newNumber.slice(-4));
    expect((await securityLog(member))[0]?.type).toBe('card-replaced-by-staff');
    expect((await audited(member.id, 'replace-card'))[0]).toMatchObject({
      reason,
      before: { card: member.cardNumber, status: 'active' },
      after: { card: newNumber, replacementType: 'DAMAGED', cardType: 'CARD' },
    });
    // The old card can be replaced no more; a key tag waits for its stock switch, as on the member's page.
    const old = await call(agent, 'POST', `${url}/replace`, { reason, replacementType: 'LOST' });
    expect(old.json()).toEqual({
      code: 'CARD_NOT_REPLACEABLE',
      description: carelineMessages.cardNotReplaceable,
    });
    const keyTag = await call(agent, 'POST', `/staff-api/members/${member.id}/cards/${newNumber}/replace`, {
      reason,
      replacementType: 'LOST',
      cardType: 'KEYTAG',
    });
    expect(keyTag.json().code).toBe('KEY_TAG_UNAVAILABLE');
    expect(await audited(member.id, 'replace-card')).toHaveLength(1);
  });
});

describe('signing in', () => {
  it('clears a sign-in lockout: no wrong passwords, no lock; the member is told', async () => {
    const agent = await consoleAs('agent');
    const member = await checkedMember(agent);
    const url = `/staff-api/members/${member.id}/sign-in-lockout/clear`;
    const nothing = await call(agent, 'POST', url, { reason });
    expect(nothing.statusCode).toBe(409);
    expect(nothing.json()).toEqual({ code: 'NOT_LOCKED_OUT', description: carelineMessages.notLockedOut });

    const lockedUntil = new Date(Date.now() + 15 * 60_000);
    await t.app.db
      .update(credentials)
      .set({ failedAttempts: 5, lockedUntil })
      .where(eq(credentials.collectorId, member.id));
    const cleared = await call(agent, 'POST', url, { reason: 'Caller passed the check, forgot password' });
    expect(cleared.json()).toEqual({ message: carelineMessages.lockoutCleared });
    const [credential] = await t.app.db
      .select()
      .from(credentials)
      .where(eq(credentials.collectorId, member.id));
    expect(credential).toMatchObject({ failedAttempts: 0, lockedUntil: null });
    expect(await mailTo(member.email, carelineEmails.lockoutCleared().subject)).toBeDefined();
    expect((await securityLog(member))[0]?.type).toBe('sign-in-lockout-cleared-by-staff');
    expect((await audited(member.id, 'clear-lockout'))[0]).toMatchObject({
      reason: 'Caller passed the check, forgot password',
      before: { failedAttempts: 5, lockedUntil: lockedUntil.toISOString() },
      after: { failedAttempts: 0, lockedUntil: null },
    });
  });

  it("ends every one of the member's sessions, as their own log out everywhere does", async () => {
    const agent = await consoleAs('agent');
    const member = await checkedMember(agent);
    expect((await call(member.cookies, 'GET', `${P}/account/events`)).statusCode).toBe(200);
    const ended = await call(agent, 'POST', `/staff-api/members/${member.id}/sessions/end`, { reason });
    expect(ended.json()).toEqual({ message: carelineMessages.signedOut });
    expect(await t.app.db.select().from(sessions).where(eq(sessions.collectorId, member.id))).toEqual([]);
    expect((await call(member.cookies, 'GET', `${P}/account/events`)).statusCode).toBe(401);
    expect(await mailTo(member.email, carelineEmails.signedOut().subject)).toBeDefined();
    const [event] = await t.app.db
      .select()
      .from(accountEvents)
      .where(eq(accountEvents.collectorId, member.id))
      .orderBy(desc(accountEvents.createdAt))
      .limit(1);
    expect(event).toMatchObject({ type: 'signed-out-by-staff', ip: null, userAgent: null });
    expect((await audited(member.id, 'sign-out-everywhere'))[0]?.reason).toBe(reason);
  });

  it("sends a password reset link to the member's own address, and the link works", async () => {
    const agent = await consoleAs('agent');
    const member = await checkedMember(agent);
    const sent = await call(agent, 'POST', `/staff-api/members/${member.id}/links`, {
      link: 'password-reset',
      reason: 'Caller cannot find the reset email',
    });
    expect(sent.statusCode).toBe(200);
    expect(sent.json().message).toMatch(/^A password reset link went to \w\*\*\*@/);
    const mail = (await t.app.notify.listOutbox()).find(
      (message) => message.to === member.email && message.subject.startsWith('Reset your'),
    );
    const link = new URL(mail?.links.find((href) => href.includes('/confirm-reset-password')) ?? '');
    const check = await call({}, 'POST', `${P}/credentials/password/check-link`, {
      token: link.searchParams.get('token'),
    });
    expect(check.json()).toEqual({ status: 'VALID' });
    expect((await audited(member.id, 'resend-link'))[0]).toMatchObject({
      reason: 'Caller cannot find the reset email',
      after: { link: 'password-reset' },
    });
    const none = await call(agent, 'POST', `/staff-api/members/${member.id}/links`, {
      link: 'email-verification',
      reason,
    });
    expect(none.statusCode).toBe(409);
    expect(none.json()).toEqual({ code: 'NO_EMAIL_CHANGE', description: carelineMessages.noEmailChange });
  });
});

describe('the account', () => {
  it('turns the redemption lock off for a supervisor; the member is told', async () => {
    const supervisor = await consoleAs('supervisor');
    const member = await checkedMember(supervisor);
    const url = `/staff-api/members/${member.id}/spending-lock/off`;
    const notOn = await call(supervisor, 'POST', url, { reason });
    expect(notOn.json()).toEqual({
      code: 'SPENDING_NOT_LOCKED',
      description: carelineMessages.spendingNotLocked,
    });
    await t.app.db.insert(redemptionLocks).values({ collectorId: member.id, locked: true });
    const status = async () =>
      (await call(member.cookies, 'GET', `${P}/v1/collectors/redemption-status`)).json().status;
    expect(await status()).toBe('LOCKED');
    const off = await call(supervisor, 'POST', url, { reason: 'Member locked it by mistake' });
    expect(off.json()).toEqual({ message: carelineMessages.redemptionLockOff });
    expect(await status()).toBe('UNLOCKED');
    expect(await mailTo(member.email, carelineEmails.redemptionLockOff().subject)).toBeDefined();
    expect((await securityLog(member))[0]?.type).toBe('redemption-lock-off-by-staff');
    expect((await audited(member.id, 'unlock-spending'))[0]).toMatchObject({
      reason: 'Member locked it by mistake',
      before: { spendingLocked: true },
      after: { spendingLocked: false },
    });
  });

  it('changes the email address once the new one is confirmed; an address in use is refused', async () => {
    const supervisor = await consoleAs('supervisor');
    const member = await checkedMember(supervisor);
    const other = await signedInMember(t);
    const url = `/staff-api/members/${member.id}/email`;
    const taken = await call(supervisor, 'POST', url, { email: other.email, reason });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({ code: 'EMAIL_TAKEN', description: accountMessages.emailTaken });

    const newEmail = `moved-${member.email}`;
    const asked = await call(supervisor, 'POST', url, {
      email: newEmail.toUpperCase(),
      reason: 'Old mailbox closed',
    });
    expect(asked.statusCode).toBe(200);
    expect(asked.json().message).toMatch(/^A link went to m\*\*\*@example\.com/);
    // Nothing moves until the new address is confirmed; the current one is told.
    const [before] = await t.app.db.select().from(collectors).where(eq(collectors.id, member.id));
    expect(before?.email).toBe(member.email);
    const told = (await t.app.notify.listOutbox()).find(
      (message) => message.to === member.email && message.subject.includes('asked to change your'),
    );
    expect(told?.text).toContain('Nothing changes until the link');
    expect((await securityLog(member))[0]?.type).toBe('email-change-requested-by-staff');
    expect((await audited(member.id, 'change-email'))[0]).toMatchObject({
      reason: 'Old mailbox closed',
      after: { email: 'm***@example.com', confirmed: false },
    });

    // The careline sends the confirmation link again; the latest link moves the address.
    const resent = await call(supervisor, 'POST', `/staff-api/members/${member.id}/links`, {
      link: 'email-verification',
      reason: 'Link lost',
    });
    expect(resent.json().message).toMatch(/^The link to confirm the new email address went to m\*\*\*@/);
    const links = (await t.app.notify.listOutbox()).filter((message) => message.to === newEmail);
    expect(links).toHaveLength(2);
    const token = /token=([\w-]+)/.exec(links[0]?.text ?? '')?.[1] ?? '';
    const confirmed = await call({}, 'PUT', `${P}/verify-email`, { token });
    expect(confirmed.statusCode).toBe(200);
    const [after] = await t.app.db.select().from(collectors).where(eq(collectors.id, member.id));
    expect(after?.email).toBe(newEmail);
  });

  it("closes the account as the member's own close does: details gone, sessions ended, the member told", async () => {
    const supervisor = await consoleAs('supervisor');
    const member = await checkedMember(supervisor);
    const url = `/staff-api/members/${member.id}/close`;
    const closed = await call(supervisor, 'POST', url, { reason: 'Member asked by letter' });
    expect(closed.json()).toEqual({ message: carelineMessages.accountClosed });
    const [row] = await t.app.db.select().from(collectors).where(eq(collectors.id, member.id));
    expect(row).toMatchObject({ status: 'closed', email: null, firstName: null });
    expect(await cardsOf(member.id)).toEqual({ [member.cardNumber]: 'inactive' });
    expect(await t.app.db.select().from(sessions).where(eq(sessions.collectorId, member.id))).toEqual([]);
    expect(await mailTo(member.email, carelineEmails.accountClosed().subject)).toBeDefined();
    const events = await t.app.db
      .select()
      .from(accountEvents)
      .where(eq(accountEvents.collectorId, member.id));
    expect(events.map((event) => event.type)).toContain('account-closed-by-staff');
    expect((await audited(member.id, 'close-account'))[0]).toMatchObject({
      reason: 'Member asked by letter',
      before: { status: 'active' },
      after: { status: 'closed' },
    });
    // A closed account takes no more changes.
    const again = await call(supervisor, 'POST', url, { reason });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ code: 'ACCOUNT_CLOSED', description: carelineMessages.alreadyClosed });
  });
});

describe('missing-points claims', () => {
  const claimOf = async (memberId: string, reference: string, createdAt: Date) => {
    const [claim] = await t.app.db
      .insert(missingPointsClaims)
      .values({
        collectorId: memberId,
        partner: 'argos',
        purchasedOn: '2026-01-10',
        spendPence: 2599,
        reference,
        referenceKey: reference,
        createdAt,
      })
      .returning();
    return claim?.id ?? '';
  };

  it('lists open claims oldest first, grants one through the ledger and refuses another, each audited', async () => {
    const supervisor = await consoleAs('supervisor');
    const member = await signedInMember(t);
    const older = await claimOf(member.id, `REF${randomUUID().slice(0, 6)}`, new Date(Date.now() - 60_000));
    const newer = await claimOf(member.id, `REF${randomUUID().slice(0, 6)}`, new Date());
    const queue = (await call(supervisor, 'GET', '/staff-api/claims')).json<Array<{ id: string }>>();
    const ids = queue.map((claim) => claim.id);
    expect(ids.indexOf(older)).toBeGreaterThanOrEqual(0);
    expect(ids.indexOf(older)).toBeLessThan(ids.indexOf(newer));
    expect(queue.find((claim) => claim.id === older)).toEqual({
      id: older,
      memberId: member.id,
      memberName: expect.any(String),
      partner: 'Argos',
      reference: expect.stringMatching(/^REF/),
      transactionDate: '2026-01-10',
      amount: '£25.99',
      status: 'OPEN',
      createdAt: expect.any(String),
    });

    const granted = await call(supervisor, 'POST', `/staff-api/claims/${older}/decision`, {
      grant: true,
      points: 300,
      note: 'Receipt checked',
    });
    expect(granted.json()).toEqual({ message: carelineMessages.claimGranted(300) });
    expect(await pointsBalance(t.app.db, member.id)).toBe(300);
    expect(
      (await t.app.notify.listOutbox()).find(
        (m) => m.to === member.email && m.subject.includes('300 points added'),
      ),
    ).toBeDefined();
    const refused = await call(supervisor, 'POST', `/staff-api/claims/${newer}/decision`, {
      grant: false,
      reason: 'The purchase has its points already',
    });
    expect(refused.json()).toEqual({ message: carelineMessages.claimRefused });
    const statuses = await t.app.db
      .select({ id: missingPointsClaims.id, status: missingPointsClaims.status })
      .from(missingPointsClaims)
      .where(eq(missingPointsClaims.collectorId, member.id));
    expect(Object.fromEntries(statuses.map((s) => [s.id, s.status]))).toEqual({
      [older]: 'GRANTED',
      [newer]: 'REFUSED',
    });
    expect((await audited(member.id, 'grant-claim'))[0]).toMatchObject({
      reason: 'Receipt checked',
      after: { claimId: older, status: 'GRANTED', points: 300 },
    });
    expect((await audited(member.id, 'refuse-claim'))[0]?.reason).toBe('The purchase has its points already');
    const ids2 = (await call(supervisor, 'GET', '/staff-api/claims'))
      .json<Array<{ id: string }>>()
      .map((c) => c.id);
    expect(ids2).not.toContain(older);

    const twice = await call(supervisor, 'POST', `/staff-api/claims/${older}/decision`, {
      grant: true,
      points: 300,
    });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().code).toBe('CLAIM_ALREADY_SETTLED');
    expect(await pointsBalance(t.app.db, member.id)).toBe(300);
    expect(await audited(member.id, 'grant-claim')).toHaveLength(1);
  });

  it("refuses a grant above the decider's limit for one change; a higher role grants it", async () => {
    const member = await signedInMember(t);
    const claim = await claimOf(member.id, `REF${randomUUID().slice(0, 6)}`, new Date());
    const above = await call(await consoleAs('supervisor'), 'POST', `/staff-api/claims/${claim}/decision`, {
      grant: true,
      points: 10_001,
    });
    expect(above.statusCode).toBe(403);
    expect(above.json()).toMatchObject({
      code: 'CLAIM_ABOVE_LIMIT',
      description: staffMessages.claimAboveLimit(10_000),
    });
    expect(await pointsBalance(t.app.db, member.id)).toBe(0);
    const granted = await call(await consoleAs('admin'), 'POST', `/staff-api/claims/${claim}/decision`, {
      grant: true,
      points: 10_001,
    });
    expect(granted.statusCode).toBe(200);
    expect(await pointsBalance(t.app.db, member.id)).toBe(10_001);
  });
});
