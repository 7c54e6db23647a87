// @databases one: the rules it tests go through the API and the repositories alike on both databases; nothing it asserts depends on the kind.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { REGISTRATION_WORDING_VERSION } from '@app/contracts/registration';
import { demoCollector } from '../../start-data/demo-collector.ts';
import { cards, collectors, consents, contactPreferences, credentials } from '../../db/schema/core.ts';
import { businesses, collectorAddresses, registrations } from '../../db/schema/registration.ts';
import { verifyPassword } from '../../lib/passwords.ts';
import { buildTestApp, jsWeb, type TestApp } from '../../test/build-test-app.ts';

const NOW = new Date('2026-11-22T09:30:00.000Z');
const PASSWORD = 'Bright-Lantern-42';

describe('registration identity API (/progressive)', () => {
  let t: TestApp;
  const clock = { at: NOW };

  // One app for the file (ADR 027); each test starts at the same time of day and uses members of its own.
  beforeAll(async () => {
    t = await buildTestApp({}, { now: () => clock.at });
  });
  afterAll(async () => t.close());
  beforeEach(() => {
    clock.at = NOW;
  });

  const post = (url: string, payload: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url, headers: jsWeb, payload });

  const linksTo = async (to: string) => {
    const entries = (await t.app.inject('/dev/outbox')).json<{ to: string; links: string[] }[]>();
    return entries.filter((entry) => entry.to === to).flatMap((entry) => entry.links);
  };
  const verificationOf = (link: string) => new URL(link).searchParams.get('verification') ?? '';

  const start = async () => {
    const res = await post('/progressive/card-check', {});
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ next: ['DO_EMAIL_CHECK'] });
    return res.json<{ authToken: string }>().authToken;
  };

  const throughEmail = async (email: string) => {
    let authToken = await start();
    expect(
      (await post('/progressive/email-check', { email, contactByEmail: true, authToken })).statusCode,
    ).toBe(200);
    const [link] = await linksTo(email);
    const confirmed = await post('/progressive/email-check-confirm', {
      verificationToken: verificationOf(link ?? ''),
    });
    expect(confirmed.statusCode).toBe(200);
    authToken = confirmed.json<{ authToken: string }>().authToken;
    return authToken;
  };

  const details = {
    title: 'Mx',
    firstName: 'José',
    lastName: "O'Brien",
    dateOfBirth: '29-02-2000',
  };
  const address = { lines: ['Buckingham Palace', 'The Mall', 'London'], postcode: 'SW1A 1AA' };

  const throughPassword = async (email: string) => {
    const authToken = await throughEmail(email);
    expect(
      (await post('/progressive/account-choice', { authToken, accountKind: 'consumer' })).statusCode,
    ).toBe(200);
    expect((await post('/progressive/customer-details', { authToken, ...details })).statusCode).toBe(200);
    expect((await post('/progressive/address', { authToken, address })).statusCode).toBe(200);
    const phone = await post('/progressive/phone-check', {
      authToken,
      countryCode: 'GB',
      phoneNumber: '07911 123456',
      memorableName: 'Biscuit',
      nectarContactPreferences: { contactBySMS: true },
    });
    expect(phone.statusCode).toBe(200);
    const pw = await post('/progressive/password-validation', {
      authToken,
      firstName: 'José',
      lastName: "O'Brien",
      password: PASSWORD,
    });
    expect(pw.json()).toEqual({ validity: 'VALID' });
    return authToken;
  };

  const confirm = (authToken: string) =>
    post('/progressive/confirm-registration', {
      authToken,
      onlineAdvertisingConsent: false,
      termsAccepted: true,
    });

  it('registers a new consumer end to end and signs them in once with the completion token', async () => {
    const authToken = await throughPassword('new.member@example.com');
    const confirmed = await confirm(authToken);
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toMatchObject({ next: ['DO_LOGIN'] });

    const status = await post('/progressive/sign-up-status', { authToken });
    const body = status.json<{
      signUpStatus: string;
      registrationCompletedToken: string;
      cardNumber: string;
    }>();
    expect(body.signUpStatus).toBe('COMPLETE');
    expect(body.cardNumber).toMatch(/^98263000\d{11}$/);
    expect((await post('/progressive/ready', { authToken })).json()).toEqual({ ready: true });
    const mails = (await t.app.inject('/dev/outbox')).json<{ to: string; subject: string; text: string }[]>();
    const welcome = mails.find((m) => m.to === 'new.member@example.com' && m.subject.startsWith('Welcome'));
    expect(welcome?.subject).toBe('Welcome to Nectar, José');
    expect(welcome?.text).toContain(body.cardNumber);

    const [collector] = await t.app.db
      .select()
      .from(collectors)
      .where(eq(collectors.email, 'new.member@example.com'));
    expect(collector).toMatchObject({
      title: 'Mx',
      firstName: 'José',
      lastName: "O'Brien",
      dateOfBirth: '2000-02-29',
      phoneCountryCode: '+44',
      phoneNumber: '7911123456',
      memorableName: 'Biscuit',
      accountKind: 'consumer',
    });
    const id = collector?.id ?? '';
    const [card] = await t.app.db.select().from(cards).where(eq(cards.collectorId, id));
    expect(card).toMatchObject({ number: body.cardNumber, kind: 'digital', status: 'active' });
    const [credential] = await t.app.db.select().from(credentials).where(eq(credentials.collectorId, id));
    expect(credential?.passwordHash).toMatch(/^\$argon2id\$/);
    expect(await verifyPassword(credential?.passwordHash ?? '', PASSWORD)).toBe(true);
    const [prefs] = await t.app.db
      .select()
      .from(contactPreferences)
      .where(eq(contactPreferences.collectorId, id));
    expect(prefs).toMatchObject({ byEmail: true, bySms: true, onlineAdvertising: false });
    const agreed = await t.app.db.select().from(consents).where(eq(consents.collectorId, id));
    expect(agreed.map((c) => [c.kind, c.wordingVersion, c.agreedAt.toISOString()]).sort()).toEqual([
      ['collector-rules', REGISTRATION_WORDING_VERSION, NOW.toISOString()],
      ['privacy-policy', REGISTRATION_WORDING_VERSION, NOW.toISOString()],
    ]);
    const addresses = await t.app.db
      .select()
      .from(collectorAddresses)
      .where(eq(collectorAddresses.collectorId, id));
    expect(addresses).toMatchObject([{ lines: address.lines, postcode: 'SW1A 1AA' }]);

    const login = await post('/progressive/auto-login', {
      registrationCompletedToken: body.registrationCompletedToken,
    });
    expect(login.statusCode).toBe(200);
    const cookie = login.cookies.find((c) => c.name === 'lc_session');
    expect(cookie?.value).toBeTruthy();
    const profile = await t.app.inject({
      url: '/customer-management-api/customer/v2',
      cookies: { lc_session: cookie?.value ?? '' },
    });
    expect(profile.statusCode).toBe(200);
    expect(profile.body).toContain('José');
    // Signed in with the completion token alone: a spend asks for the identity provider's log-in (DN57).
    const spend = await t.app.inject({
      method: 'POST',
      url: '/offers-api/redemptions',
      headers: jsWeb,
      cookies: { lc_session: cookie?.value ?? '' },
      payload: { rewardId: 'welcome-coffee', idempotencyKey: '00000000-0000-4000-8000-000000000057' },
    });
    expect(spend.statusCode).toBe(400);
    expect(spend.json()).toMatchObject({
      code: '57',
      errorCode: 'DN57',
      loginUrl: '/progressive/identity-login',
    });

    const again = await post('/progressive/auto-login', {
      registrationCompletedToken: body.registrationCompletedToken,
    });
    expect(again.statusCode).toBe(401);
  });

  it('sends a single-use verification link that expires, and limits re-sends', async () => {
    const authToken = await start();
    const email = 'links@example.com';
    await post('/progressive/email-check', { email, contactByEmail: false, authToken });
    const resent = await post('/progressive/email-check-resend', { authToken });
    expect(resent.statusCode).toBe(200);
    await post('/progressive/email-check-resend', { authToken });
    const limited = await post('/progressive/email-check-resend', { authToken });
    expect(limited.statusCode).toBe(429);
    expect(await linksTo(email)).toHaveLength(3);

    const [newest, , oldest] = await linksTo(email);
    // The older links stopped working when a new one was sent.
    expect(
      (await post('/progressive/email-check-confirm', { verificationToken: verificationOf(oldest ?? '') }))
        .statusCode,
    ).toBe(410);

    clock.at = new Date(NOW.getTime() + 61 * 60_000);
    const expired = await post('/progressive/email-check-confirm', {
      verificationToken: verificationOf(newest ?? ''),
    });
    expect(expired.statusCode).toBe(410);
    expect(expired.json()).toMatchObject({ code: 'EMAIL_LINK_INVALID' });

    clock.at = NOW;
    const ok = await post('/progressive/email-check-confirm', {
      verificationToken: verificationOf(newest ?? ''),
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ email });
    const replay = await post('/progressive/email-check-confirm', {
      verificationToken: verificationOf(newest ?? ''),
    });
    expect(replay.statusCode).toBe(410);
  });

  it('refuses steps out of order, replayed, with an expired or foreign token, or with bad data, changing nothing', async () => {
    // The registrations this test starts (the app serves the whole file: earlier tests left theirs).
    const idsOf = async () =>
      (await t.app.db.select({ id: registrations.id }).from(registrations)).map((row) => row.id);
    const earlier = new Set(await idsOf());
    const snapshot = async () =>
      (
        await t.app.db
          .select({ id: registrations.id, step: registrations.step, userData: registrations.userData })
          .from(registrations)
      )
        .filter((row) => !earlier.has(row.id))
        .map(({ step, userData }) => ({ step, userData }));

    const authToken = await start();
    // Out of order: customer details before the email is verified.
    const early = await post('/progressive/customer-details', { authToken, ...details });
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({ code: 'REGISTRATION_STEP_OUT_OF_ORDER' });
    expect(await snapshot()).toEqual([{ step: 'CARD_CHECKED', userData: {} }]);

    // Unknown token.
    const unknown = await post('/progressive/email-check', {
      email: 'x@example.com',
      contactByEmail: true,
      authToken: 'A'.repeat(43),
    });
    expect(unknown.statusCode).toBe(401);

    // A foreign token: someone else's link with this registration's token.
    const other = await start();
    await post('/progressive/email-check', {
      email: 'other@example.com',
      contactByEmail: true,
      authToken: other,
    });
    const [otherLink] = await linksTo('other@example.com');
    const foreign = await post('/progressive/email-check-confirm', {
      authToken,
      verificationToken: verificationOf(otherLink ?? ''),
    });
    expect(foreign.statusCode).toBe(401);
    const foreignSameTab = await post('/progressive/identity-email-check-confirm', {
      authToken,
      identitySessionToken: verificationOf(otherLink ?? ''),
    });
    expect(foreignSameTab.statusCode).toBe(401);
    // The link's owner, in the same tab, confirms it with identity-email-check-confirm.
    const own = await post('/progressive/identity-email-check-confirm', {
      authToken: other,
      identitySessionToken: verificationOf(otherLink ?? ''),
    });
    expect(own.statusCode).toBe(200);
    expect(own.json()).toMatchObject({ email: 'other@example.com', next: [] });
    expect(own.json().authToken).not.toBe(other);

    const token = await throughEmail('order@example.com');
    await post('/progressive/account-choice', { authToken: token, accountKind: 'consumer' });
    // Replayed: the account choice twice.
    expect(
      (await post('/progressive/account-choice', { authToken: token, accountKind: 'business' })).statusCode,
    ).toBe(409);
    // Bad data: under 18 and a bad name are refused with the contract's messages.
    const young = await post('/progressive/customer-details', {
      authToken: token,
      ...details,
      dateOfBirth: '23-11-2008',
    });
    expect(young.statusCode).toBe(400);
    expect(young.json().description).toContain('You must be over 18 years old');
    const badName = await post('/progressive/customer-details', {
      authToken: token,
      ...details,
      firstName: 'Jo_e',
    });
    expect(badName.json().description).toContain('Letters, dashes, apostrophes and spaces only');
    // An address the lookup never gave.
    await post('/progressive/customer-details', { authToken: token, ...details });
    const madeUp = await post('/progressive/address', {
      authToken: token,
      address: { lines: ['1 Fake Street'], postcode: 'SW1A 1AA' },
    });
    expect(madeUp.statusCode).toBe(400);
    // Too short, and a landline: a real number, but no security code could reach it by SMS.
    for (const phoneNumber of ['0791', '020 7946 0000']) {
      const badPhone = await post('/progressive/phone-check', {
        authToken: token,
        countryCode: 'GB',
        phoneNumber,
        memorableName: 'x',
      });
      expect(badPhone.statusCode, phoneNumber).toBe(400);
      expect(badPhone.json()).toEqual({ code: 'INVALID_PHONE', description: 'Enter a valid mobile number' });
    }
    const rows = await t.app.db
      .select({ step: registrations.step, userData: registrations.userData })
      .from(registrations)
      .where(eq(registrations.email, 'order@example.com'));
    expect(rows[0]?.step).toBe('DETAILS');
    expect(rows[0]?.userData).not.toHaveProperty('address');

    // Expired registration.
    clock.at = new Date(NOW.getTime() + 121 * 60_000);
    const late = await post('/progressive/address', { authToken: token, address });
    expect(late.statusCode).toBe(401);
    expect(late.json()).toMatchObject({ code: 'REGISTRATION_TOKEN_INVALID' });
  });

  it('answers INVALID for a weak password and keeps the step', async () => {
    const authToken = await throughEmail('weak@example.com');
    await post('/progressive/account-choice', { authToken, accountKind: 'consumer' });
    await post('/progressive/customer-details', { authToken, ...details });
    await post('/progressive/address', { authToken, address });
    await post('/progressive/phone-check', {
      authToken,
      countryCode: 'GB',
      phoneNumber: '07911123456',
      memorableName: 'Biscuit',
    });
    const weak = await post('/progressive/password-validation', {
      authToken,
      firstName: 'x',
      lastName: 'y',
      password: 'weakpass',
    });
    expect(weak.json()).toMatchObject({ validity: 'INVALID' });
    expect((await confirm(authToken)).statusCode).toBe(409);
  });

  it('finds addresses: one at SW1A 1AA, several at M1 1AE, the spec message for a postcode outside the set', async () => {
    const one = await post('/progressive/address-find', { property: '1', postcode: 'sw1a1aa' });
    expect(one.json().addresses).toHaveLength(1);
    const several = await post('/progressive/address-find', { property: 'Flat', postcode: 'M1 1AE' });
    expect(several.json().addresses.length).toBeGreaterThan(1);
    const none = await post('/progressive/address-find', { property: '1', postcode: 'ZE1 0AA' });
    expect(none.statusCode).toBe(404);
    expect(none.json().description).toBe(
      'No addresses were found - Please check your details and try again.',
    );
    const bad = await post('/progressive/address-find', { property: '1', postcode: 'nope' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().description).toContain('Enter a postcode, like AA11AA');
  });

  it("says 'Please log in.' at the email step for an email that already has an account, and sends nothing", async () => {
    const authToken = await start();
    const res = await post('/progressive/email-check', {
      email: demoCollector.email.toUpperCase(),
      contactByEmail: true,
      authToken,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ code: 'DUPLICATE_EMAIL', description: 'Please log in.' });
    expect(await linksTo(demoCollector.email.toUpperCase())).toEqual([]);
  });

  it("refuses a duplicate email at confirmation with 'Please log in.' and creates nothing", async () => {
    // The email was free at the email step; an account took it before this registration finished.
    const email = 'raced.email@example.com';
    const authToken = await throughPassword(email);
    await t.app.db.update(collectors).set({ email }).where(eq(collectors.email, demoCollector.email));
    const before = await t.app.db.select({ n: sql<number>`count(*)::int` }).from(collectors);
    const res = await confirm(authToken);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ code: 'DUPLICATE_EMAIL', description: 'Please log in.' });
    expect(await t.app.db.select({ n: sql<number>`count(*)::int` }).from(collectors)).toEqual(before);
  });

  it('upgrades the temporary card of the same email, keeping its number', async () => {
    const email = 'temp.holder@example.com';
    await post('/nectar-lite/access-email', { email, termsAccepted: true, privacyAccepted: true });
    const [temp] = await t.app.db
      .select({ number: cards.number })
      .from(cards)
      .innerJoin(collectors, eq(collectors.id, cards.collectorId))
      .where(eq(collectors.email, email));
    const authToken = await throughPassword(email);
    expect((await confirm(authToken)).statusCode).toBe(200);
    const status = await post('/progressive/sign-up-status', { authToken });
    expect(status.json().cardNumber).toBe(temp?.number);
    const [card] = await t.app.db
      .select()
      .from(cards)
      .where(eq(cards.number, temp?.number ?? ''));
    expect(card).toMatchObject({ kind: 'digital', expiresAt: null });
  });

  it('registers a business account with its business record and takes the business offers choice', async () => {
    const lookup = await t.app.inject('/progressive/business-lookup');
    expect(lookup.json().businessEmployees).toMatchObject({ A: 'Just me', I: 'More than 500' });
    const authToken = await throughEmail('owner@example.com');
    await post('/progressive/account-choice', { authToken, accountKind: 'business' });
    // A consumer step is out of order for a business account until its business details are in.
    expect((await post('/progressive/customer-details', { authToken, ...details })).statusCode).toBe(409);
    const unknownCategory = await post('/progressive/business-details', {
      authToken,
      name: 'Zoë Cakes',
      employees: 'B',
      category: 'Spaceships',
    });
    expect(unknownCategory.json().description).toBe('Enter what your business does');
    const badBand = await post('/progressive/business-details', {
      authToken,
      name: 'Zoë Cakes',
      employees: 'J',
      category: 'Catering',
    });
    expect(badBand.json().description).toContain('Select number of employees');
    const longName = await post('/progressive/business-details', {
      authToken,
      name: 'b'.repeat(31),
      employees: 'B',
      category: 'Catering',
    });
    expect(longName.json().description).toContain('Business name must not be over 30 characters');
    expect(
      (
        await post('/progressive/business-details', {
          authToken,
          name: 'Zoë Cakes',
          employees: 'B',
          category: 'Catering',
        })
      ).statusCode,
    ).toBe(200);
    await post('/progressive/customer-details', { authToken, ...details });
    await post('/progressive/address', { authToken, address });
    await post('/progressive/phone-check', {
      authToken,
      countryCode: 'GB',
      phoneNumber: '07911123456',
      memorableName: 'Cakes',
    });
    await post('/progressive/password-validation', {
      authToken,
      firstName: 'José',
      lastName: "O'Brien",
      password: PASSWORD,
    });
    expect((await confirm(authToken)).statusCode).toBe(200);
    const [collector] = await t.app.db
      .select()
      .from(collectors)
      .where(eq(collectors.email, 'owner@example.com'));
    expect(collector?.accountKind).toBe('business');
    const [business] = await t.app.db
      .select()
      .from(businesses)
      .where(eq(businesses.collectorId, collector?.id ?? ''));
    expect(business).toMatchObject({
      name: 'Zoë Cakes',
      employees: 'B',
      category: 'Catering',
      businessOffersOptIn: null,
    });

    const { registrationCompletedToken } = (await post('/progressive/sign-up-status', { authToken })).json();
    const login = await post('/progressive/auto-login', { registrationCompletedToken });
    const cookie = login.cookies.find((c) => c.name === 'lc_session')?.value ?? '';
    const optIn = await t.app.inject({
      method: 'POST',
      url: '/progressive/business-offers',
      headers: jsWeb,
      cookies: { lc_session: cookie },
      payload: { businessOffersOptIn: true },
    });
    expect(optIn.json()).toEqual({ businessOffersOptIn: true });
    const [after] = await t.app.db
      .select()
      .from(businesses)
      .where(eq(businesses.collectorId, collector?.id ?? ''));
    expect(after?.businessOffersOptIn).toBe(true);
    const anonymous = await post('/progressive/business-offers', { businessOffersOptIn: true });
    expect(anonymous.statusCode).toBe(401);
  });

  describe('existing plastic card holders', () => {
    const startWithCard = async (digits: string) => post('/progressive/card-check', { cardNumber: digits });
    const throughEmailWith = async (digits: string, email: string) => {
      const started = await startWithCard(digits);
      const { authToken } = started.json<{ authToken: string }>();
      await post('/progressive/email-check', { email, contactByEmail: true, authToken });
      const [link] = await linksTo(email);
      const confirmed = await post('/progressive/email-check-confirm', {
        verificationToken: verificationOf(link ?? ''),
      });
      return confirmed.json<{ authToken: string; next: string[] }>();
    };

    it('answers ANALOG, GHOST, DN11 for an unknown card, the inactivated message, and DO_LOGIN for a registered card', async () => {
      expect((await startWithCard('20000000001')).json()).toMatchObject({
        userType: 'ANALOG',
        next: ['DO_EMAIL_CHECK'],
      });
      expect((await startWithCard('20000000003')).json()).toMatchObject({ userType: 'GHOST' });
      const unknown = await startWithCard('99999999999');
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toMatchObject({ code: 'DN11' });
      const inactive = await startWithCard('20000000004');
      expect(inactive.json()).toEqual({
        code: 'INACTIVATED_ACCOUNT',
        description: 'Card not applicable for registration',
      });
      expect((await startWithCard(demoCollector.cardNumber.slice(8))).json()).toMatchObject({
        next: ['DO_LOGIN'],
      });
    });

    it('names where the flow goes in the Location header, and with pianoCheck which login a registered card takes', async () => {
      const withHeaders = (url: string, digits: string, headers: Record<string, string>) =>
        t.app.inject({
          method: 'POST',
          url,
          headers: { ...jsWeb, ...headers },
          payload: { cardNumber: digits },
        });
      const fresh = await startWithCard('20000000001');
      expect(fresh.headers.location).toBe('/id/start/enter-email-address');
      const demo = demoCollector.cardNumber.slice(8);
      const identity = await withHeaders('/progressive/card-check', demo, { pianoCheck: 'true' });
      expect(identity.json()).toMatchObject({ next: ['DO_LOGIN', 'DO_LOGIN_IDENTITY'] });
      expect(identity.headers.location).toBe('/progressive/identity-login');
      // A card with an email but no password yet logs in once a password is set by the emailed link.
      const [holder] = await t.app.db
        .select({ collectorId: cards.collectorId })
        .from(cards)
        .where(eq(cards.number, '9826300020000000003'));
      const setEmail = (email: string | null) =>
        t.app.db
          .update(collectors)
          .set({ email })
          .where(eq(collectors.id, holder?.collectorId ?? ''));
      await setEmail('ghost-with-email@example.com');
      try {
        const nectar = await withHeaders('/progressive/card-check', '20000000003', { pianoCheck: 'true' });
        expect(nectar.json()).toMatchObject({ next: ['DO_LOGIN', 'DO_LOGIN_NECTAR'] });
        expect(nectar.headers.location).toBe('/id/start/forgotten-password');
      } finally {
        // The plastic card is the file's to share: left as it was found.
        await setEmail(null);
      }
      // The same through the bot-check API, its token in the X-Recaptcha bearer header (none needed in tests).
      const viaBotCheck = await withHeaders('/recaptcha/progressive/card-check', demo, {
        'x-recaptcha': 'Bearer test',
        pianoCheck: 'true',
      });
      expect(viaBotCheck.json()).toMatchObject({ next: ['DO_LOGIN', 'DO_LOGIN_IDENTITY'] });

      const login = await t.app.inject('/progressive/identity-login?next=%2Faccount');
      expect(login.statusCode).toBe(302);
      expect(login.headers.location).toBe('/id/start/login?next=%2Faccount');
      const offSite = await t.app.inject('/progressive/identity-login?next=https%3A%2F%2Fevil.example');
      expect(offSite.headers.location).toBe('/id/start/login');
    });

    it('reads the card number with spaces, dashes or its prefix as the form does', async () => {
      for (const written of ['2000 0000 001', '2000-0000-001', '9826 3000 2000 0000 001']) {
        expect((await startWithCard(written)).json()).toMatchObject({ userType: 'ANALOG' });
      }
      const short = await startWithCard('2000 0000 00');
      expect(short.statusCode).toBe(400);
      expect(short.json().description).toContain('Enter a card number that has 11 numbers');
    });

    it('checks an ANALOG holder with verify-analogue-nectar once the account is chosen, without moving the step', async () => {
      const { authToken } = await throughEmailWith('20000000002', 'tom@example.com');
      const verify = (body: Record<string, string>) =>
        post('/progressive/verify-analogue-nectar', {
          authToken,
          collectorId: '9826300020000000002',
          lastName: 'Baker',
          dateOfBirth: '31-01-1970',
          ...body,
        });
      // Before the account choice the check is out of order.
      expect((await verify({})).statusCode).toBe(409);
      const chosen = await post('/progressive/account-choice', { authToken, accountKind: 'consumer' });
      expect(chosen.json()).toMatchObject({ next: ['DO_VERIFY_ANALOGUE_NECTAR'], userType: 'ANALOG' });

      const wrong = await verify({ dateOfBirth: '30-01-1970' });
      expect(wrong.statusCode).toBe(422);
      expect(wrong.json()).toMatchObject({ code: 'ANALOGUE_MISMATCH' });
      expect((await verify({ collectorId: '9826300020000000001' })).statusCode).toBe(409);
      const right = await verify({ lastName: 'BAKER' });
      expect(right.statusCode).toBe(200);
      expect(right.json()).toEqual({ authToken, next: [], userType: 'ANALOG' });
      // Still at the details step: the details themselves are checked again and accepted.
      const details = await post('/progressive/customer-details', {
        authToken,
        title: 'Mr',
        firstName: 'Tom',
        lastName: 'Baker',
        dateOfBirth: '31-01-1970',
      });
      expect(details.statusCode).toBe(200);
      // A standard registration has nothing to verify.
      const standard = (await post('/progressive/card-check', {})).json<{ authToken: string }>();
      expect(
        (
          await post('/progressive/verify-analogue-nectar', {
            authToken: standard.authToken,
            collectorId: '9826300020000000002',
            lastName: 'Baker',
            dateOfBirth: '31-01-1970',
          })
        ).statusCode,
      ).toBe(409);
    });

    it('refuses analogue details that do not match, then registers the plastic card with its own number, skipping the stored address', async () => {
      const { authToken, next } = await throughEmailWith('20000000001', 'priya@example.com');
      expect(next).toEqual(['DO_CONFIRM_SIGN_UP_SKIP_ADDRESS']);
      await post('/progressive/account-choice', { authToken, accountKind: 'consumer' });
      const wrong = await post('/progressive/customer-details', {
        authToken,
        title: 'Ms',
        firstName: 'Priya',
        lastName: 'Shah',
        dateOfBirth: '16-06-1985',
      });
      expect(wrong.statusCode).toBe(422);
      expect(wrong.json().description).toBe(
        "We couldn't set up your digital account because the details you've given us don't match the details we have for your associated card.",
      );
      const right = await post('/progressive/customer-details', {
        authToken,
        title: 'Ms',
        firstName: 'Priya',
        lastName: 'shah',
        dateOfBirth: '15-06-1985',
      });
      expect(right.json()).toMatchObject({ next: ['DO_CONFIRM_SIGN_UP_SKIP_ADDRESS'] });
      expect(
        (
          await post('/progressive/phone-check', {
            authToken,
            countryCode: 'GB',
            phoneNumber: '07911123456',
            memorableName: 'Tea',
          })
        ).statusCode,
      ).toBe(200);
      expect(
        (
          await post('/progressive/password-validation', {
            authToken,
            firstName: 'Priya',
            lastName: 'Shah',
            password: PASSWORD,
          })
        ).json(),
      ).toEqual({ validity: 'VALID' });
      expect((await confirm(authToken)).statusCode).toBe(200);
      const status = await post('/progressive/sign-up-status', { authToken });
      expect(status.json().cardNumber).toBe('9826300020000000001');
      const [collector] = await t.app.db
        .select()
        .from(collectors)
        .where(eq(collectors.email, 'priya@example.com'));
      const owned = await t.app.db
        .select()
        .from(cards)
        .where(eq(cards.collectorId, collector?.id ?? ''));
      expect(owned.map((c) => c.number)).toEqual(['9826300020000000001']);
      // The card is now registered: a second card check sends the holder to log in.
      expect((await startWithCard('20000000001')).json()).toMatchObject({ next: ['DO_LOGIN'] });
    });
  });

  it.runIf(process.env.TEST_DB === 'postgres')(
    'two registrations racing for one email create exactly one account',
    async () => {
      const email = 'race@example.com';
      const first = await throughPassword(email);
      // A second journey for the same address (its own link).
      const second = await throughPassword(email);
      const results = await Promise.all([confirm(first), confirm(second)]);
      expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
      const accounts = await t.app.db.select().from(collectors).where(eq(collectors.email, email));
      expect(accounts).toHaveLength(1);
      const creds = await t.app.db
        .select()
        .from(credentials)
        .where(eq(credentials.collectorId, accounts[0]?.id ?? ''));
      expect(creds).toHaveLength(1);
    },
  );
});
