// @databases one: the rules it tests go through the API and the repositories alike on both databases; nothing it asserts depends on the kind.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registrations } from '../../db/schema/registration.ts';
import { buildTestApp, jsWeb, type TestApp } from '../../test/build-test-app.ts';
import { CARD_HOLDER_LIMIT_CODE } from './card-holder-limit.ts';

const NOW = new Date('2026-11-22T09:30:00.000Z');

describe('registration refuses replays and guessing', () => {
  let t: TestApp;
  const clock = { at: NOW };
  beforeAll(async () => {
    t = await buildTestApp({}, { now: () => clock.at });
  });
  afterAll(async () => t.close());

  const post = (url: string, payload: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url, headers: jsWeb, payload });
  const throughEmail = async (email: string, cardNumber?: string) => {
    const started = await post('/progressive/card-check', cardNumber ? { cardNumber } : {});
    const { authToken } = started.json<{ authToken: string }>();
    expect(
      (await post('/progressive/email-check', { email, contactByEmail: true, authToken })).statusCode,
    ).toBe(200);
    const entries = (await t.app.inject('/dev/outbox')).json<{ to: string; links: string[] }[]>();
    const link = entries.find((entry) => entry.to === email)?.links[0] ?? '';
    const confirmed = await post('/progressive/email-check-confirm', {
      verificationToken: new URL(link).searchParams.get('verification') ?? '',
    });
    return confirmed.json<{ authToken: string }>().authToken;
  };

  it("refuses the card holder's details after 8 checks of one card, even the right ones", async () => {
    const authToken = await throughEmail('guesser@example.com', '20000000002');
    await post('/progressive/account-choice', { authToken, accountKind: 'consumer' });
    const verify = (dateOfBirth: string) =>
      post('/progressive/verify-analogue-nectar', {
        authToken,
        collectorId: '9826300020000000002',
        lastName: 'Baker',
        dateOfBirth,
      });
    const wrongs = await Promise.all(
      Array.from({ length: 8 }, (_, i) => verify(`${String(i + 1).padStart(2, '0')}-02-1970`)),
    );
    expect(wrongs.map((answer) => answer.statusCode)).toEqual(Array.from({ length: 8 }, () => 422));
    const right = await verify('31-01-1970');
    expect(right.statusCode).toBe(429);
    expect(right.json().code).toBe(CARD_HOLDER_LIMIT_CODE);
    // A new registration for the same card is refused too.
    const other = await throughEmail('guesser2@example.com', '20000000002');
    await post('/progressive/account-choice', { authToken: other, accountKind: 'consumer' });
    const details = await post('/progressive/customer-details', {
      authToken: other,
      title: 'Mr',
      firstName: 'Tom',
      lastName: 'Baker',
      dateOfBirth: '31-01-1970',
    });
    expect(details.statusCode).toBe(429);
  });

  it('counts only checks that compare the details, per card and client', async () => {
    const from = (address: string) => (url: string, payload: Record<string, unknown>) =>
      t.app.inject({ method: 'POST', url, headers: jsWeb, payload, remoteAddress: address });
    const holder = from('203.0.113.7');
    const stranger = from('198.51.100.9');
    const priya = { collectorId: '9826300020000000001', lastName: 'Shah' };

    // The holder's registration, before the account choice: checks out of order are refused, and not counted.
    const authToken = await throughEmail('priya@example.com', '20000000001');
    for (let i = 0; i < 10; i += 1) {
      const early = await holder('/progressive/verify-analogue-nectar', {
        authToken,
        ...priya,
        dateOfBirth: '15-06-1985',
      });
      expect(early.statusCode).toBe(409);
    }
    // A stranger with a registration of their own for the same card uses up only their own checks.
    const strangersToken = await throughEmail('stranger@example.com', '20000000001');
    await stranger('/progressive/account-choice', { authToken: strangersToken, accountKind: 'consumer' });
    const guesses = [];
    for (let i = 1; i <= 9; i += 1) {
      guesses.push(
        await stranger('/progressive/verify-analogue-nectar', {
          authToken: strangersToken,
          ...priya,
          dateOfBirth: `${String(i).padStart(2, '0')}-01-1985`,
        }),
      );
    }
    expect(guesses.map((answer) => answer.statusCode)).toEqual([...Array(8).fill(422), 429]);

    await holder('/progressive/account-choice', { authToken, accountKind: 'consumer' });
    const right = await holder('/progressive/verify-analogue-nectar', {
      authToken,
      ...priya,
      dateOfBirth: '15-06-1985',
    });
    expect(right.statusCode).toBe(200);
  });

  it('issues the completion token once and stops sliding the registration once it is complete', async () => {
    const authToken = await throughEmail('once@example.com');
    await post('/progressive/account-choice', { authToken, accountKind: 'consumer' });
    await post('/progressive/customer-details', {
      authToken,
      title: 'Mx',
      firstName: 'Sam',
      lastName: 'Once',
      dateOfBirth: '01-01-1990',
    });
    await post('/progressive/address', {
      authToken,
      address: { lines: ['Buckingham Palace', 'The Mall', 'London'], postcode: 'SW1A 1AA' },
    });
    await post('/progressive/phone-check', {
      authToken,
      countryCode: 'GB',
      phoneNumber: '07911 123456',
      memorableName: 'Biscuit',
      nectarContactPreferences: { contactBySMS: true },
    });
    await post('/progressive/password-validation', {
      authToken,
      firstName: 'Sam',
      lastName: 'Once',
      password: 'Bright-Lantern-42',
    });
    const confirmed = await post('/progressive/confirm-registration', {
      authToken,
      onlineAdvertisingConsent: false,
      termsAccepted: true,
    });
    expect(confirmed.statusCode).toBe(200);
    const [before] = await t.app.db
      .select({ expiresAt: registrations.expiresAt })
      .from(registrations)
      .where(eq(registrations.email, 'once@example.com'));

    const first = (await post('/progressive/sign-up-status', { authToken })).json();
    expect(first.registrationCompletedToken).toBeTruthy();
    clock.at = new Date(NOW.getTime() + 60_000);
    const second = (await post('/progressive/sign-up-status', { authToken })).json();
    expect(second).toEqual({ signUpStatus: 'COMPLETE', cardNumber: first.cardNumber });
    const login = await post('/progressive/auto-login', {
      registrationCompletedToken: first.registrationCompletedToken,
    });
    expect(login.statusCode).toBe(200);
    expect((await post('/progressive/sign-up-status', { authToken })).json().registrationCompletedToken).toBe(
      undefined,
    );
    const replay = await post('/progressive/auto-login', {
      registrationCompletedToken: first.registrationCompletedToken,
    });
    expect(replay.statusCode).toBe(401);
    const [after] = await t.app.db
      .select({ expiresAt: registrations.expiresAt })
      .from(registrations)
      .where(eq(registrations.email, 'once@example.com'));
    expect(after?.expiresAt.getTime()).toBe(before?.expiresAt.getTime());
    clock.at = NOW;
  });
});
