// @databases one: the rules it tests go through the API and the repositories alike on both databases; nothing it asserts depends on the kind.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountMessages } from '@app/contracts/account';
import { passwordMessages } from '@app/contracts/password';
import { demoCollector } from '../../start-data/demo-collector.ts';
import { accountEvents } from '../../db/schema/account.ts';
import { cards, collectors, consents, credentials, sessions } from '../../db/schema/core.ts';
import { oidcModels } from '../../db/schema/identity.ts';
import { pointsLedger } from '../../db/schema/points-ledger.ts';
import { maskEmail } from '../../lib/one-time-codes.ts';
import { recordPoints } from '../../lib/points-ledger.ts';
import { SESSION_COOKIE } from '../../plugins/session.ts';
import { buildTestApp, jsWeb, newAccountMember, type TestApp } from '../../test/build-test-app.ts';
import { createCredentialsService } from '../credentials/service.ts';
import { signInEvent } from '../../lib/account-log.ts';

let t: TestApp;
const P = '/customer-management-api';

interface Member {
  id: string;
  cardNumber: string;
  email: string;
  password: string;
  cookies: Record<string, string>;
  /** Each member calls from an address of its own, so one test's calls do not use up the next one's limits. */
  address?: string;
}

let members = 0;

/** A fresh member of its own (the tester tool), signed in. */
async function makeMember(): Promise<Member> {
  const response = await newAccountMember(t);
  const body = response.json<{ cardNumber: string; email: string; password: string }>();
  const cookie = response.cookies.find((c) => c.name === SESSION_COOKIE)?.value ?? '';
  const [card] = await t.app.db.select().from(cards).where(eq(cards.number, body.cardNumber));
  members += 1;
  return {
    ...body,
    id: card?.collectorId ?? '',
    cookies: { [SESSION_COOKIE]: cookie },
    address: `198.51.100.${members}`,
  };
}

const call = (
  member: Pick<Member, 'cookies' | 'address'> | undefined,
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  payload?: unknown,
  headers: Record<string, string> = {},
) =>
  t.app.inject({
    method,
    url: `${P}${url}`,
    headers:
      method === 'GET' ? headers : { ...(payload === undefined ? { channel: 'JS-WEB' } : jsWeb), ...headers },
    cookies: member?.cookies ?? {},
    ...(member?.address ? { remoteAddress: member.address } : {}),
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

const latestTo = async (to: string) => (await t.app.notify.listOutbox()).find((m) => m.to === to);
/** Asks for a step-up code by email and reads it from the outbox. */
async function stepUpCode(member: Member) {
  const sent = await call(member, 'POST', '/2fa/send', { deliveryMethod: 'email' });
  expect(sent.statusCode).toBe(200);
  const message = await latestTo(member.email);
  return /\b(\d{6})\b/.exec(message?.text ?? '')?.[1] ?? '';
}
const eventsOf = async (collectorId: string) =>
  (await t.app.db.select().from(accountEvents).where(eq(accountEvents.collectorId, collectorId))).map(
    (e) => e.type,
  );

beforeAll(async () => {
  t = await buildTestApp({ DEV_TOOLS: 'on' });
});
afterAll(async () => {
  await t.close();
});

describe('details', () => {
  it('GET /customer/v2 answers the demo member with address and masked mobile; 401 without a session', async () => {
    const [card] = await t.app.db.select().from(cards).where(eq(cards.number, demoCollector.cardNumber));
    const cookies = { [SESSION_COOKIE]: (await t.app.sessions.create(card?.collectorId ?? '')).token };
    const response = await call({ cookies }, 'GET', '/customer/v2');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      firstName: 'Alex',
      lastName: 'Morgan',
      email: demoCollector.email,
      address: { lines: expect.any(Array) as unknown, postcode: expect.any(String) as unknown },
      mobile: { countryCode: '+44', phoneNumber: '7700900123', masked: '**********123' },
    });
    expect((await call(undefined, 'GET', '/customer/v2')).statusCode).toBe(401);
    expect((await call({ cookies }, 'GET', '/customer/refresh?ignoreCache=true')).json()).toMatchObject({
      firstName: 'Alex',
    });
  });

  it('PUT /customer changes the name with the spec rules, and audits it', async () => {
    const member = await makeMember();
    const bad = await call(member, 'PUT', '/customer', {
      title: 'Mr',
      firstName: 'Sam_',
      lastName: 'Tester',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().description).toContain('Letters, dashes, apostrophes and spaces only');
    const ok = await call(member, 'PUT', '/customer', {
      title: 'Dr',
      firstName: 'Jo-Ann',
      lastName: "O'Neil",
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ title: 'Dr', firstName: 'Jo-Ann', lastName: "O'Neil" });
    expect(await eventsOf(member.id)).toContain('name-changed');
  });

  it('changes the address only to one the lookup gives', async () => {
    const member = await makeMember();
    const found = await call(member, 'POST', '/address-lookup', { building: '2', postcode: 'm11ae' });
    expect(found.statusCode).toBe(200);
    const [address] = found.json<{ addresses: { lines: string[]; postcode: string }[] }>().addresses;
    expect(address).toEqual({ lines: ['2 Piccadilly', 'Manchester'], postcode: 'M1 1AE' });
    // Anonymous too, through the bot-check (off in these tests), with the same answer
    // (docs/product/calls-and-errors.md §S7.4).
    const anonymous = await call(undefined, 'POST', '/address-lookup', { building: '2', postcode: 'm11ae' });
    expect(anonymous.statusCode).toBe(200);
    expect(anonymous.json()).toEqual(found.json());
    const made = await call(member, 'PUT', '/customer-address', {
      address: { lines: ['1 Made Up Road'], postcode: 'M1 1AE' },
    });
    expect(made.statusCode).toBe(400);
    const ok = await call(member, 'PUT', '/customer-address', { address });
    expect(ok.json().address).toEqual(address);
    expect(await eventsOf(member.id)).toContain('address-changed');
  });
});

describe('email and mobile need a fresh code', () => {
  it('refuses an email change without a code, with a wrong one, and with a spent one', async () => {
    const member = await makeMember();
    const newEmail = `new-${member.email}`;
    const none = await call(member, 'PUT', '/customer/v2/email', { email: newEmail });
    expect(none.statusCode).toBe(403);
    expect(none.json().code).toBe('REAUTH_REQUIRED');
    const code = await stepUpCode(member);
    const wrong = await call(
      member,
      'PUT',
      '/customer/v2/email',
      { email: newEmail },
      {
        'x-2fa-code': code === '000000' ? '111111' : '000000',
      },
    );
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().code).toBe('CODE_INCORRECT');
    const ok = await call(member, 'PUT', '/customer/v2/email', { email: newEmail }, { 'x-2fa-code': code });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().description).toBe(accountMessages.emailLinkSent(newEmail));
    const again = await call(
      member,
      'PUT',
      '/customer/v2/email',
      { email: `x-${newEmail}` },
      {
        'x-2fa-code': code,
      },
    );
    expect(again.statusCode).toBe(400);
    // Nothing changes until the link is opened.
    const [row] = await t.app.db.select().from(collectors).where(eq(collectors.id, member.id));
    expect(row?.email).toBe(member.email);
    expect((await call(member, 'GET', '/customer/v2')).json().pendingEmail).toBe(newEmail);
  });

  it('sends no new code once the guesses of the request are spent, until it expires', async () => {
    const member = await makeMember();
    const code = await stepUpCode(member);
    const wrongCode = code === '000000' ? '111111' : '000000';
    for (let guess = 0; guess < 5; guess += 1) {
      const wrong = await call(
        member,
        'PUT',
        '/customer/v2/email',
        { email: `g-${member.email}` },
        { 'x-2fa-code': wrongCode },
      );
      expect(wrong.json().code).toBe('CODE_INCORRECT');
    }
    const sentBefore = (await t.app.notify.listOutbox()).filter((m) => m.to === member.email).length;
    const send = await call(member, 'POST', '/2fa/send', { deliveryMethod: 'email' });
    expect(send.statusCode).toBe(400);
    expect(send.json()).toEqual({
      code: 'CODE_MAX_ATTEMPTS',
      description: 'Too many wrong codes. Ask for a new one.',
    });
    expect((await t.app.notify.listOutbox()).filter((m) => m.to === member.email)).toHaveLength(sentBefore);
  });

  it('a code sent to another session does not work in this one', async () => {
    const member = await makeMember();
    const code = await stepUpCode(member);
    const other = { cookies: { [SESSION_COOKIE]: (await t.app.sessions.create(member.id)).token } };
    const response = await call(
      other,
      'PUT',
      '/customer/v2/email',
      { email: `o-${member.email}` },
      {
        'x-2fa-code': code,
      },
    );
    expect(response.statusCode).toBe(400);
  });

  it('the emailed link moves the address once and tells the old one', async () => {
    const member = await makeMember();
    const newEmail = `moved-${member.email}`;
    const code = await stepUpCode(member);
    await call(member, 'PUT', '/customer/v2/email', { email: newEmail }, { 'x-2fa-code': code });
    const link = (await latestTo(newEmail))?.links.find((l) => l.includes('/confirm-update-email?token='));
    const token = new URL(link ?? 'http://x/').searchParams.get('token') ?? '';
    const confirmed = await call(undefined, 'PUT', '/customer/v3/email', { token });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toEqual({ email: newEmail, description: accountMessages.emailConfirmed });
    const [row] = await t.app.db.select().from(collectors).where(eq(collectors.id, member.id));
    expect(row?.email).toBe(newEmail);
    expect((await latestTo(member.email))?.subject).toContain('email address has changed');
    // Opened again after it did its work: it says so, and that nothing is left to do.
    const reused = await call(undefined, 'PUT', '/verify-email', { token });
    expect(reused.statusCode).toBe(409);
    expect(reused.json()).toEqual({
      code: 'EMAIL_ALREADY_CONFIRMED',
      description: `This link has already been used: your email address is ${maskEmail(newEmail)}. There's nothing more to do.`,
    });
    const unknown = await call(undefined, 'PUT', '/verify-email', { token: 'x'.repeat(43) });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({
      code: 'EMAIL_LINK_INVALID',
      description: 'This link has expired or has already been used. Please ask for a new one.',
    });
    // A token cut short in the email client gets the link's message, not 'Something went wrong'.
    const broken = await call(undefined, 'PUT', '/customer/v3/email', { token: 'abc' });
    expect(broken.json().description).toBe(accountMessages.emailLinkInvalid);
    expect(await eventsOf(member.id)).toEqual(
      expect.arrayContaining(['email-change-requested', 'email-changed']),
    );
  });

  it('with newPassword, the link sets a password that keeps the rules and ends every session (PUT /customer/v3/email)', async () => {
    const member = await makeMember();
    const newEmail = `pw-${member.email}`;
    const code = await stepUpCode(member);
    await call(member, 'PUT', '/customer/v2/email', { email: newEmail }, { 'x-2fa-code': code });
    const link = (await latestTo(newEmail))?.links.find((l) => l.includes('/confirm-update-email?token='));
    const token = new URL(link ?? 'http://x/').searchParams.get('token') ?? '';
    const passwordOf = async () =>
      (await t.app.db.select().from(credentials).where(eq(credentials.collectorId, member.id)))[0]
        ?.passwordHash;
    const hashBefore = await passwordOf();

    // A password that breaks the rules changes nothing, and the link still works.
    const weak = await call(undefined, 'PUT', '/customer/v3/email', { token, newPassword: 'abc' });
    expect(weak.statusCode).toBe(400);
    expect(weak.json()).toMatchObject({ code: 'PASSWORD_RULES' });
    expect(weak.json().description).toMatch(/^Your password must:/);
    const [unchanged] = await t.app.db.select().from(collectors).where(eq(collectors.id, member.id));
    expect(unchanged?.email).toBe(member.email);
    expect(await passwordOf()).toBe(hashBefore);

    const newPassword = 'Moved-house-2027!';
    const confirmed = await call(undefined, 'PUT', '/customer/v3/email', { token, newPassword });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toEqual({ email: newEmail, description: accountMessages.emailConfirmed });
    expect(await passwordOf()).not.toBe(hashBefore);
    await expect(
      createCredentialsService(t.app).verifyCredentials({ email: newEmail }, newPassword),
    ).resolves.toBeTruthy();
    expect((await call(member, 'GET', '/customer/v2')).statusCode).toBe(401);
    expect((await latestTo(newEmail))?.subject).toContain('password has changed');
    expect(await eventsOf(member.id)).toEqual(expect.arrayContaining(['email-changed', 'password-changed']));
  });

  it('refuses an address another account uses', async () => {
    const member = await makeMember();
    const code = await stepUpCode(member);
    const taken = await call(
      member,
      'PUT',
      '/customer/v2/email',
      { email: demoCollector.email.toUpperCase() },
      {
        'x-2fa-code': code,
      },
    );
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({ code: 'EMAIL_TAKEN', description: accountMessages.emailTaken });
    // The refusal did not spend the code: the member tries another address with it.
    const other = await call(
      member,
      'PUT',
      '/customer/v2/email',
      { email: `other-${member.email}` },
      { 'x-2fa-code': code },
    );
    expect(other.statusCode).toBe(200);
  });

  it('changes the mobile number only with a fresh code, and checks the number', async () => {
    const member = await makeMember();
    const phone = { phoneNumber: '07911 123456', countryCode: 'GB' };
    expect((await call(member, 'PUT', '/customer/mobile', { phone })).statusCode).toBe(403);
    const code = await stepUpCode(member);
    const bad = await call(
      member,
      'PUT',
      '/customer/mobile',
      { phone: { ...phone, phoneNumber: '12' } },
      {
        'x-2fa-code': code,
      },
    );
    expect(bad.statusCode).toBe(400);
    // A landline is a real number but no mobile: security codes could never reach it.
    const landline = await call(
      member,
      'PUT',
      '/customer/mobile',
      { phone: { phoneNumber: '020 7946 0000', countryCode: 'GB' } },
      { 'x-2fa-code': code },
    );
    expect(landline.statusCode).toBe(400);
    expect(landline.json()).toEqual({ code: 'INVALID_PHONE', description: 'Enter a valid mobile number' });
    const ok = await call(member, 'PUT', '/customer/mobile', { phone }, { 'x-2fa-code': code });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().mobile).toMatchObject({ countryCode: '+44', phoneNumber: '7911123456' });
    expect(await eventsOf(member.id)).toContain('mobile-changed');
  });
});

describe('parallel use (run against PostgreSQL to show it)', () => {
  it('one code changes one thing, however many requests carry it at once', async () => {
    const member = await makeMember();
    const code = await stepUpCode(member);
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        call(
          member,
          'PUT',
          '/customer/mobile',
          { phone: { phoneNumber: `0791112345${i}`, countryCode: 'GB' } },
          {
            'x-2fa-code': code,
          },
        ),
      ),
    );
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
    expect((await eventsOf(member.id)).filter((e) => e === 'mobile-changed')).toHaveLength(1);
  });

  it('one confirmation link moves the address once', async () => {
    const member = await makeMember();
    const newEmail = `race-${member.email}`;
    await call(
      member,
      'PUT',
      '/customer/v2/email',
      { email: newEmail },
      { 'x-2fa-code': await stepUpCode(member) },
    );
    const link = (await latestTo(newEmail))?.links[0] ?? 'http://x/';
    const token = new URL(link).searchParams.get('token') ?? '';
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => call(undefined, 'PUT', '/customer/v3/email', { token })),
    );
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
    expect((await eventsOf(member.id)).filter((e) => e === 'email-changed')).toHaveLength(1);
  });
});

describe('a session ended where this instance did not hear of it', () => {
  it('is refused at once by every call that moves points or changes how the member signs in', async () => {
    const member = await makeMember();
    // Read once, so this instance keeps the session in memory...
    expect((await call(member, 'GET', '/customer/v2')).statusCode).toBe(200);
    // ...then it ends in the database without this instance being told (another instance, a lost notice).
    const [card] = await t.app.db.select().from(cards).where(eq(cards.number, member.cardNumber));
    await t.app.db.delete(sessions).where(eq(sessions.collectorId, card?.collectorId ?? ''));

    const attempts = [
      call(member, 'POST', '/account/sessions/sign-out-others'),
      call(member, 'PUT', '/credentials/password', {
        currentPassword: member.password,
        newPassword: 'Another-pass-2026',
      }),
      call(member, 'PUT', '/customer/v2/email', { email: `x-${member.email}` }),
      call(member, 'PUT', '/customer/mobile', { phone: { countryCode: 'GB', phoneNumber: '07700900456' } }),
      call(member, 'PUT', '/v1/collectors/redemption-status', { status: 'UNLOCKED' }),
      call(member, 'POST', '/customer/close', { password: member.password, confirm: true }),
      t.app.inject({
        method: 'POST',
        url: '/offers-api/redemptions',
        headers: jsWeb,
        cookies: member.cookies,
        payload: { rewardId: 'retailer-5', idempotencyKey: '7f1c6f9e-3c1a-4f7e-9d4b-2a6e8b1c0d3f' },
      }),
      t.app.inject({
        method: 'POST',
        url: '/points-exchange-api/conversions/twofa',
        headers: jsWeb,
        cookies: member.cookies,
        payload: { partnerId: 'AVIOS', conversionType: 'NECTAR_TO_PARTNER', points: 800 },
      }),
    ];
    for (const response of await Promise.all(attempts)) {
      expect(response.json(), response.raw.req.url).toEqual({
        code: 'UNAUTHENTICATED',
        description: 'Please log in to continue.',
      });
    }
  });
});

describe('sign-in events', () => {
  it('the sign-in code records the device, which the sessions list names', async () => {
    const member = await makeMember();
    const { session, token } = await t.app.sessions.create(member.id);
    const agent =
      'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Mobile Safari/537.36';
    await signInEvent(t.app.db, { ip: '203.0.113.9', headers: { 'user-agent': agent } }, member.id, session);
    const listed = await call({ cookies: { [SESSION_COOKIE]: token } }, 'GET', '/account/sessions');
    expect(listed.json().sessions).toEqual(
      expect.arrayContaining([expect.objectContaining({ current: true, device: 'Chrome on Android' })]),
    );
    const events = (await call(member, 'GET', '/account/events')).json<{ events: { type: string }[] }>()
      .events;
    expect(events[0]).toMatchObject({ type: 'sign-in', device: 'Chrome on Android' });
  });

  it('names this device the same in the sessions list and the activity, however its session started', async () => {
    const agent =
      'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';
    // The tester tool starts a session with no sign-in event behind it: the list said 'Unknown device'.
    const started = await t.app.inject({
      method: 'POST',
      url: '/dev/account-member',
      headers: { ...jsWeb, 'user-agent': agent },
      payload: {},
    });
    const cookies = { [SESSION_COOKIE]: started.cookies.find((c) => c.name === SESSION_COOKIE)?.value ?? '' };
    const renamed = await call(
      { cookies },
      'PUT',
      '/customer',
      { title: 'Mx', firstName: 'Ria', lastName: 'Tester' },
      {
        'user-agent': agent,
      },
    );
    expect(renamed.statusCode).toBe(200);
    const listed = (await call({ cookies }, 'GET', '/account/sessions')).json<{
      sessions: { current: boolean; device: string }[];
    }>().sessions;
    expect(listed.find((session) => session.current)?.device).toBe('Safari on iOS');
    const events = (await call({ cookies }, 'GET', '/account/events')).json<{
      events: { device: string }[];
    }>().events;
    expect(events[0]?.device).toBe('Safari on iOS');
  });

  it('the older email call takes its code in X-MFA', async () => {
    const member = await makeMember();
    const refused = await call(member, 'POST', '/nectar/customer/email', { email: `mfa-${member.email}` });
    expect(refused.statusCode).toBe(403);
    const ok = await call(
      member,
      'POST',
      '/nectar/customer/email',
      { email: `mfa-${member.email}` },
      {
        'x-mfa': await stepUpCode(member),
      },
    );
    expect(ok.statusCode).toBe(200);
  });
});

describe('password', () => {
  it('needs the current password, applies the spec rules and ends every other session', async () => {
    const member = await makeMember();
    const other = { cookies: { [SESSION_COOKIE]: (await t.app.sessions.create(member.id)).token } };
    const [before] = await t.app.db.select().from(credentials).where(eq(credentials.collectorId, member.id));

    const wrong = await call(member, 'PUT', '/credentials/password', {
      currentPassword: 'Not-the-password-1',
      newPassword: 'Brand-new-pass-77',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().description).toBe(accountMessages.currentPasswordWrong);

    const weak = await call(member, 'PUT', '/credentials/password', {
      currentPassword: member.password,
      newPassword: 'short',
    });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().description).toContain(passwordMessages.intro);
    const personal = await call(member, 'PUT', '/credentials/password', {
      currentPassword: member.password,
      newPassword: 'Tester',
    });
    expect(personal.statusCode).toBe(400);
    const [unchanged] = await t.app.db
      .select()
      .from(credentials)
      .where(eq(credentials.collectorId, member.id));
    expect(unchanged?.passwordHash).toBe(before?.passwordHash);

    const ok = await call(member, 'PUT', '/credentials/password', {
      currentPassword: member.password,
      newPassword: 'Brand-new-pass-77',
    });
    expect(ok.statusCode).toBe(200);
    const fresh = ok.cookies.find((c) => c.name === SESSION_COOKIE)?.value ?? '';
    expect(fresh).not.toBe(member.cookies[SESSION_COOKIE]);
    expect((await call(other, 'GET', '/customer/v2')).statusCode).toBe(401);
    expect((await call(member, 'GET', '/customer/v2')).statusCode).toBe(401);
    expect((await call({ cookies: { [SESSION_COOKIE]: fresh } }, 'GET', '/customer/v2')).statusCode).toBe(
      200,
    );
    await expect(
      createCredentialsService(t.app).verifyCredentials(
        { cardNumber: member.cardNumber },
        'Brand-new-pass-77',
      ),
    ).resolves.toMatchObject({ collectorId: member.id });
    expect(await eventsOf(member.id)).toContain('password-changed');
  });
});

describe('preferences and unsubscribe', () => {
  it('saves contact and advertising preferences with consent records', async () => {
    const member = await makeMember();
    expect((await call(member, 'GET', '/contact-preferences/nectar')).json()).toEqual({
      contactByEmail: true,
      contactBySMS: false,
      contactByPost: false,
      contactByPhone: false,
    });
    const prefs = { contactByEmail: false, contactBySMS: true, contactByPost: true, contactByPhone: false };
    expect((await call(member, 'PUT', '/contact-preferences/nectar', prefs)).json()).toEqual(prefs);
    const cpm = await call(member, 'POST', '/contact-preferences/cpm', {
      contactPreferences: [{ channel: 'ONLINEAD', consent: false }],
    });
    expect(cpm.json()).toEqual({ contactPreferences: [{ channel: 'ONLINEAD', consent: false }] });
    expect(
      (await call(member, 'GET', '/contact-preferences/cpm?channel=ONLINEAD')).json().contactPreferences[0]
        .consent,
    ).toBe(false);
    const records = await t.app.db.select().from(consents).where(eq(consents.collectorId, member.id));
    expect(records.map((r) => r.kind)).toEqual(
      expect.arrayContaining(['online-advertising:no', expect.stringContaining('contactBySMS:yes')]),
    );
  });

  it('a one-click unsubscribe link turns marketing email off; a forged one does nothing', async () => {
    const member = await makeMember();
    const { unsubscribeToken } = await import('./service.ts');
    const { getOrCreateSecret } = await import('../../lib/server-secrets.ts');
    const token = unsubscribeToken(
      { linkKey: await getOrCreateSecret(t.app.db, 'account-links-key') },
      member.id,
    );
    const forged = await call(undefined, 'POST', '/unsubscribe/request', {
      token: `${member.id}.${'A'.repeat(43)}`,
    });
    expect(forged.statusCode).toBe(400);
    expect(forged.json().description).toBe(accountMessages.unsubscribeInvalid);
    const broken = await call(undefined, 'POST', '/unsubscribe/request', { token: 'abc' });
    expect(broken.json()).toEqual({ code: 'VALIDATION', description: accountMessages.unsubscribeInvalid });
    const asked = await call(undefined, 'POST', '/unsubscribe/request', { token });
    expect(asked.json()).toMatchObject({
      email: member.email,
      maskedEmail: expect.stringMatching(/^m\*+@example\.com$/) as unknown,
      subscribed: true,
    });
    const done = await call(undefined, 'POST', '/unsubscribe/update', { email: member.email, token });
    expect(done.json().description).toBe(accountMessages.unsubscribed);
    expect((await call(member, 'GET', '/contact-preferences/nectar')).json().contactByEmail).toBe(false);
    // The link opened again: the check says marketing email is already off.
    const again = await call(undefined, 'POST', '/unsubscribe/request', { token });
    expect(again.json()).toMatchObject({ subscribed: false });
  });
});

describe('redemption lock', () => {
  it('locks at once, and unlocks only after a verified code', async () => {
    const member = await makeMember();
    const url = '/v1/collectors/redemption-status';
    expect((await call(member, 'GET', url)).json()).toEqual({ status: 'UNLOCKED' });
    expect((await call(member, 'PUT', url, { status: 'LOCKED' })).json()).toEqual({ status: 'LOCKED' });
    const refused = await call(member, 'PUT', url, { status: 'UNLOCKED' });
    expect(refused.statusCode).toBe(403);
    const code = await stepUpCode(member);
    expect((await call(member, 'POST', '/2fa/verify', { code })).statusCode).toBe(200);
    expect((await call(member, 'POST', '/2fa/verify', { code })).statusCode).toBe(400);
    expect((await call(member, 'PUT', url, { status: 'UNLOCKED' })).json()).toEqual({ status: 'UNLOCKED' });
    expect(await eventsOf(member.id)).toContain('redemption-lock-changed');
  });
});

describe('closing the account', () => {
  it('needs the password, ends every session and grant, anonymises, keeps the ledger and consents', async () => {
    const member = await makeMember();
    await recordPoints(t.app.db, {
      collectorId: member.id,
      amount: 100,
      reason: 'Shopping',
      source: 'test',
      idempotencyKey: `close-${member.id}`,
    });
    await call(member, 'PUT', '/contact-preferences/nectar', {
      contactByEmail: true,
      contactBySMS: false,
      contactByPost: false,
      contactByPhone: false,
    });
    await t.app.db.insert(oidcModels).values([
      { model: 'Session', id: `s-${member.id}`, payload: { accountId: member.id } },
      { model: 'Grant', id: `g-${member.id}`, payload: { accountId: member.id }, grantId: `g-${member.id}` },
      {
        model: 'RefreshToken',
        id: `r-${member.id}`,
        payload: { grantId: `g-${member.id}` },
        grantId: `g-${member.id}`,
      },
    ]);
    const other = { cookies: { [SESSION_COOKIE]: (await t.app.sessions.create(member.id)).token } };

    const wrong = await call(member, 'POST', '/customer/close', {
      password: 'Wrong-password-1',
      confirm: true,
    });
    expect(wrong.statusCode).toBe(400);
    const ok = await call(member, 'POST', '/customer/close', { password: member.password, confirm: true });
    expect(ok.statusCode).toBe(200);

    expect((await call(member, 'GET', '/customer/v2')).statusCode).toBe(401);
    expect((await call(other, 'GET', '/customer/v2')).statusCode).toBe(401);
    const [row] = await t.app.db.select().from(collectors).where(eq(collectors.id, member.id));
    expect(row).toMatchObject({
      status: 'closed',
      email: null,
      firstName: null,
      lastName: null,
      phoneNumber: null,
    });
    const [card] = await t.app.db.select().from(cards).where(eq(cards.number, member.cardNumber));
    expect(card?.status).toBe('inactive');
    expect(await t.app.db.select().from(credentials).where(eq(credentials.collectorId, member.id))).toEqual(
      [],
    );
    expect(
      await t.app.db.select().from(pointsLedger).where(eq(pointsLedger.collectorId, member.id)),
    ).toHaveLength(1);
    expect(
      (await t.app.db.select().from(consents).where(eq(consents.collectorId, member.id))).length,
    ).toBeGreaterThan(0);
    const left = await t.app.db.select().from(oidcModels);
    expect(left.filter((m) => m.id.endsWith(member.id))).toEqual([]);
    await expect(
      createCredentialsService(t.app).verifyCredentials({ cardNumber: member.cardNumber }, member.password),
    ).rejects.toMatchObject({ statusCode: 401 });
    expect(await eventsOf(member.id)).toContain('account-closed');
  });
});

describe('security page, additional details, collector hash', () => {
  it('lists sessions with this one marked, signs out the others, and logs the changes', async () => {
    const member = await makeMember();
    const other = { cookies: { [SESSION_COOKIE]: (await t.app.sessions.create(member.id)).token } };
    const listed = await call(member, 'GET', '/account/sessions');
    const sessions = listed.json<{ sessions: { current: boolean }[] }>().sessions;
    expect(sessions).toHaveLength(2);
    expect(sessions.filter((s) => s.current)).toHaveLength(1);
    const out = await call(member, 'POST', '/account/sessions/sign-out-others');
    expect(out.statusCode).toBe(200);
    expect((await call(other, 'GET', '/customer/v2')).statusCode).toBe(401);
    const fresh = {
      cookies: { [SESSION_COOKIE]: out.cookies.find((c) => c.name === SESSION_COOKIE)?.value ?? '' },
    };
    expect((await call(fresh, 'GET', '/account/sessions')).json().sessions).toHaveLength(1);
    const events = (await call(fresh, 'GET', '/account/events')).json<{ events: { type: string }[] }>()
      .events;
    expect(events[0]?.type).toBe('signed-out-elsewhere');
  });

  it('adds a missing date of birth once, and answers a stable collector hash per organisation', async () => {
    const member = await makeMember();
    expect((await call(member, 'GET', '/missing-information')).json().missing).toEqual([
      'dateOfBirth',
      'address',
    ]);
    const young = await call(member, 'POST', '/missing-information', { dateOfBirth: '01/01/2020' });
    expect(young.statusCode).toBe(400);
    const ok = await call(member, 'POST', '/missing-information', { dateOfBirth: '12/04/1988' });
    expect(ok.json().missing).toEqual(['address']);
    expect(
      (await call(member, 'POST', '/missing-information', { dateOfBirth: '12/04/1980' })).statusCode,
    ).toBe(409);
    const a = (await call(member, 'GET', '/collector-hash')).json().hashID;
    const b = (await call(member, 'GET', '/collector-hash')).json().hashID;
    const c = (await call(member, 'GET', '/collector-hash?org=hotels')).json().hashID;
    expect(a).toBe(b);
    expect(c).not.toBe(a);
  });
});

describe('the anonymous address lookup', () => {
  it('needs a solved bot-check when there is no session', async () => {
    const guarded = await buildTestApp({ BOT_CHECK: 'altcha' });
    try {
      const res = await guarded.app.inject({
        method: 'POST',
        url: `${P}/address-lookup`,
        headers: jsWeb,
        payload: { building: '2', postcode: 'M1 1AE' },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'BOT_CHECK_FAILED' });
    } finally {
      await guarded.close();
    }
  });
});
