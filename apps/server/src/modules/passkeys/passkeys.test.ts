// @databases one: the rules it tests go through the API and the repositories alike on both databases; nothing it asserts depends on the kind.
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountMessages } from '@app/contracts/account';
import { NATIVE_APP_CLIENT_ID, NATIVE_APP_SCOPE } from '@app/contracts/connected-apps';
import { PASSKEY_PATHS, passkeyMessages, type Passkey } from '@app/contracts/passkeys';
import { DEVICE_2FA_ERROR_CODE, WEB_CLIENT_ID, signInMessages } from '@app/contracts/sign-in';
import { accountEvents } from '../../db/schema/account.ts';
import { cards, credentials } from '../../db/schema/core.ts';
import { knownDevices } from '../../db/schema/identity.ts';
import { passkeyChallenges, passkeys } from '../../db/schema/passkeys.ts';
import { buildTestApp, jsWeb, type TestApp } from '../../test/build-test-app.ts';
import { authorize, finishSignIn, Jar, pkce } from '../../test/oidc-browser.ts';
import { SoftPasskey } from '../../test/soft-authenticator.ts';
import { MAX_FAILED_ATTEMPTS } from '../credentials/service.ts';

const CHROME_ON_ANDROID =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Mobile Safari/537.36';

interface Member {
  id: string;
  cardNumber: string;
  email: string;
  password: string;
  jar: Jar;
  /** Each member calls from an address of its own, so one test's calls do not use up another's limits. */
  address: string;
}

let addresses = 0;
const nextAddress = () => `198.51.100.${(addresses += 1)}`;

/**
 * Passkeys (docs/decisions/029): added on the security page after a step-up code, used on the card-number
 * page inside the identity provider's login interaction (every client), a second factor for device 2FA, under
 * the password's lockout and in the security log; closing the account removes them, a password reset does
 * not. The authenticator is a software one (test/soft-authenticator.ts); e2e/passkeys.spec.ts drives
 * Chromium's.
 */
function passkeyTests(env: Record<string, string>) {
  let t: TestApp;
  let origin: string;
  beforeAll(async () => {
    t = await buildTestApp(env);
    origin = new URL(t.config.publicUrl).origin;
  });
  afterAll(async () => t.close());

  const call = (
    jar: Jar,
    address: string,
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    url: string,
    payload?: unknown,
  ) =>
    t.app
      .inject({
        method,
        url,
        headers: {
          ...(method === 'GET' ? {} : payload === undefined ? { channel: 'JS-WEB' } : jsWeb),
          cookie: jar.header(),
          'user-agent': CHROME_ON_ANDROID,
        },
        remoteAddress: address,
        ...(payload === undefined ? {} : { payload: payload as object }),
      })
      .then((response) => {
        jar.store(response.headers['set-cookie']);
        return response;
      });

  /** A fresh member of its own (the tester tool), signed in on its jar. */
  async function makeMember(): Promise<Member> {
    const jar = new Jar();
    const address = nextAddress();
    const made = await call(jar, address, 'POST', '/dev/account-member', {});
    expect(made.statusCode).toBe(200);
    const body = made.json<{ cardNumber: string; email: string; password: string }>();
    const [card] = await t.app.db.select().from(cards).where(eq(cards.number, body.cardNumber));
    return { ...body, id: card?.collectorId ?? '', jar, address };
  }

  /** The step-up of the account area: a code by email, verified in this session (POST /2fa/verify). */
  async function stepUp(member: Member) {
    const sent = await call(member.jar, member.address, 'POST', '/customer-management-api/2fa/send', {
      deliveryMethod: 'email',
    });
    expect(sent.statusCode).toBe(200);
    const message = (await t.app.notify.listOutbox()).find((m) => m.to === member.email);
    const code = /\b(\d{6})\b/.exec(message?.text ?? '')?.[1] ?? '';
    const verified = await call(member.jar, member.address, 'POST', '/customer-management-api/2fa/verify', {
      code,
    });
    expect(verified.statusCode).toBe(200);
  }

  async function addPasskey(member: Member, passkey = new SoftPasskey(origin, 'localhost')) {
    const options = await call(member.jar, member.address, 'POST', PASSKEY_PATHS.registrationOptions);
    expect(options.statusCode).toBe(200);
    const added = await call(member.jar, member.address, 'POST', PASSKEY_PATHS.list, {
      response: passkey.create(options.json()),
    });
    expect(added.statusCode).toBe(200);
    return { passkey, stored: added.json<{ passkey: Passkey }>().passkey };
  }

  const listOf = async (member: Member) =>
    (await call(member.jar, member.address, 'GET', PASSKEY_PATHS.list)).json<{ passkeys: Passkey[] }>()
      .passkeys;

  const eventsOf = async (collectorId: string) =>
    (await t.app.db.select().from(accountEvents).where(eq(accountEvents.collectorId, collectorId))).map(
      (event) => event.type,
    );

  /** A new browser's website sign-in, up to the card-number page: the provider's interaction uid. */
  async function loginInteraction(jar: Jar) {
    const { auth, verifier, redirectUri } = await authorize(t, jar);
    expect(auth.statusCode).toBe(303);
    const uid = new URL(String(auth.headers.location), t.config.publicUrl).searchParams.get('uid') ?? '';
    return { uid, verifier, redirectUri };
  }

  /** The card-number page's passkey sign-in: a challenge for the interaction, the passkey's answer. */
  async function passkeySignIn(
    jar: Jar,
    address: string,
    uid: string,
    passkey: SoftPasskey,
    answer: (options: { challenge: string }) => unknown = (options) => passkey.get(options),
  ) {
    const options = await call(jar, address, 'POST', PASSKEY_PATHS.signInOptions, { interaction: uid });
    expect(options.statusCode).toBe(200);
    return call(jar, address, 'POST', PASSKEY_PATHS.signIn, {
      interaction: uid,
      response: answer(options.json()),
    });
  }

  it('asks for a session, then a step-up code, before it gives registration options', async () => {
    const stranger = await call(new Jar(), nextAddress(), 'POST', PASSKEY_PATHS.registrationOptions);
    expect(stranger.statusCode).toBe(401);

    const member = await makeMember();
    const early = await call(member.jar, member.address, 'POST', PASSKEY_PATHS.registrationOptions);
    expect(early.statusCode).toBe(403);
    expect(early.json()).toEqual({ code: 'REAUTH_REQUIRED', description: accountMessages.codeNeeded });

    await stepUp(member);
    const options = await call(member.jar, member.address, 'POST', PASSKEY_PATHS.registrationOptions);
    expect(options.statusCode).toBe(200);
    expect(options.json()).toMatchObject({
      rp: { id: 'localhost', name: 'Nectar' },
      user: { name: member.cardNumber.replace(/(\d{4})(?=\d)/g, '$1 '), displayName: 'Sam Tester' },
      authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
      attestation: 'none',
      excludeCredentials: [],
    });
    // The user handle names the collector by its id only (16 bytes), never its card or email.
    expect(Buffer.from(options.json().user.id, 'base64url')).toHaveLength(16);
  });

  it('adds a passkey named after its device, lists it, and will not take the same answer twice', async () => {
    const member = await makeMember();
    await stepUp(member);
    const passkey = new SoftPasskey(origin, 'localhost');
    const options = await call(member.jar, member.address, 'POST', PASSKEY_PATHS.registrationOptions);
    const answer = passkey.create(options.json());
    const added = await call(member.jar, member.address, 'POST', PASSKEY_PATHS.list, { response: answer });
    expect(added.statusCode).toBe(200);
    expect(added.json()).toMatchObject({
      description: passkeyMessages.added,
      passkey: { name: 'Passkey', device: 'Chrome on Android', synced: false, lastUsedAt: null },
    });
    expect(await listOf(member)).toEqual([added.json().passkey]);
    expect(await eventsOf(member.id)).toContain('passkey-added');

    // The challenge was spent: the same answer again is refused, and nothing more is stored.
    const again = await call(member.jar, member.address, 'POST', PASSKEY_PATHS.list, { response: answer });
    expect(again.statusCode).toBe(400);
    expect(again.json().code).toBe('PASSKEY_CHALLENGE_EXPIRED');

    // Made for another origin (a phishing page's): refused.
    const next = await call(member.jar, member.address, 'POST', PASSKEY_PATHS.registrationOptions);
    const elsewhere = new SoftPasskey(origin, 'localhost').create(next.json(), 'https://nectar.example.net');
    const phished = await call(member.jar, member.address, 'POST', PASSKEY_PATHS.list, {
      response: elsewhere,
    });
    expect(phished.statusCode).toBe(400);
    expect(phished.json().code).toBe('PASSKEY_REFUSED');

    // The next options leave out the passkey the member has, so the browser does not make it twice.
    const third = await call(member.jar, member.address, 'POST', PASSKEY_PATHS.registrationOptions);
    expect(third.json().excludeCredentials).toEqual([
      { id: passkey.id, type: 'public-key', transports: ['internal', 'hybrid'] },
    ]);
    expect(await listOf(member)).toHaveLength(1);
  });

  it("binds a new passkey's challenge to the session that asked for it", async () => {
    const member = await makeMember();
    const other = await makeMember();
    await stepUp(member);
    const options = await call(member.jar, member.address, 'POST', PASSKEY_PATHS.registrationOptions);
    const answer = new SoftPasskey(origin, 'localhost').create(options.json());
    const stolen = await call(other.jar, other.address, 'POST', PASSKEY_PATHS.list, { response: answer });
    expect(stolen.statusCode).toBe(400);
    expect(stolen.json().code).toBe('PASSKEY_CHALLENGE_EXPIRED');
    expect(await listOf(other)).toEqual([]);
  });

  it('signs in with a verified passkey: finishes the interaction, then the website session, and logs it', async () => {
    const member = await makeMember();
    await stepUp(member);
    const { passkey } = await addPasskey(member);

    const browser = new Jar();
    const address = nextAddress();
    const { uid, verifier, redirectUri } = await loginInteraction(browser);
    const signedIn = await passkeySignIn(browser, address, uid, passkey);
    expect(signedIn.statusCode).toBe(200);
    const location = String(signedIn.headers.location);
    expect(signedIn.json()).toEqual({ location });
    expect(location).toContain(`/oauth2/auth/${uid}`);

    const { session } = await finishSignIn(t, browser, location, verifier, redirectUri);
    expect(session.statusCode).toBe(200);
    expect(session.json().firstName).toBe('Sam');
    const customer = await call(browser, address, 'GET', '/customer-management-api/customer/refresh');
    expect(customer.json().cardNumber).toBe(member.cardNumber);

    const [listed] = await listOf(member);
    expect(listed?.lastUsedAt).not.toBeNull();
    expect(await eventsOf(member.id)).toEqual(expect.arrayContaining(['passkey-used', 'sign-in']));
    const [row] = await t.app.db.select().from(passkeys).where(eq(passkeys.collectorId, member.id));
    expect(row?.counter).toBe(1);

    // The ID token says how the member logged in (RFC 8176): two factors, a device-bound key.
    const logout = await call(browser, address, 'DELETE', '/session-api/session');
    const idToken = String(logout.json().oidcToken);
    const claims = JSON.parse(Buffer.from(idToken.split('.')[1] ?? '', 'base64url').toString('utf8'));
    expect(claims.amr).toEqual(['mfa', 'user', 'hwk']);
  });

  it('takes each sign-in challenge once, for its own interaction, within its life', async () => {
    const member = await makeMember();
    await stepUp(member);
    const { passkey } = await addPasskey(member);
    const browser = new Jar();
    const address = nextAddress();
    const { uid } = await loginInteraction(browser);

    // Replayed: the challenge is gone after its first use.
    let first: unknown;
    const used = await passkeySignIn(browser, address, uid, passkey, (options) => {
      first = passkey.get(options);
      return first;
    });
    expect(used.statusCode).toBe(200);
    const replay = await call(browser, address, 'POST', PASSKEY_PATHS.signIn, {
      interaction: uid,
      response: first,
    });
    expect(replay.statusCode).toBe(400);
    expect(replay.json().code).toBe('PASSKEY_CHALLENGE_EXPIRED');

    // Answered for another interaction than the one it was given to: a browser asks for a challenge, starts a
    // new sign-in, and answers the new one with the old challenge.
    const other = await loginInteraction(browser);
    const options = await call(browser, address, 'POST', PASSKEY_PATHS.signInOptions, {
      interaction: other.uid,
    });
    const second = await loginInteraction(browser);
    const crossed = await call(browser, address, 'POST', PASSKEY_PATHS.signIn, {
      interaction: second.uid,
      response: passkey.get(options.json()),
    });
    expect(crossed.json().code).toBe('PASSKEY_CHALLENGE_EXPIRED');

    // Answered after its 5 minutes.
    const late = await call(browser, address, 'POST', PASSKEY_PATHS.signInOptions, {
      interaction: second.uid,
    });
    await t.app.db
      .update(passkeyChallenges)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passkeyChallenges.challenge, late.json().challenge));
    const tooLate = await call(browser, address, 'POST', PASSKEY_PATHS.signIn, {
      interaction: second.uid,
      response: passkey.get(late.json()),
    });
    expect(tooLate.json()).toEqual({
      code: 'PASSKEY_CHALLENGE_EXPIRED',
      description: passkeyMessages.expired,
    });

    // An interaction that is not (or no longer) a login gets sign-in's own message.
    const gone = await call(browser, address, 'POST', PASSKEY_PATHS.signInOptions, {
      interaction: 'no-such-interaction-uid',
    });
    expect(gone.statusCode).toBe(400);
    expect(gone.json().code).toBe('SIGN_IN_EXPIRED');
  });

  it('renames and removes a passkey; a removed passkey is refused', async () => {
    const member = await makeMember();
    await stepUp(member);
    const { passkey, stored } = await addPasskey(member);

    const renamed = await call(member.jar, member.address, 'PATCH', PASSKEY_PATHS.one(stored.id), {
      name: '  Work phone ',
    });
    expect(renamed.json()).toEqual({ description: passkeyMessages.renamed });
    expect((await listOf(member))[0]?.name).toBe('Work phone');
    const blank = await call(member.jar, member.address, 'PATCH', PASSKEY_PATHS.one(stored.id), {
      name: ' ',
    });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().description).toBe(passkeyMessages.nameEmpty);

    // Another member can neither rename nor remove it.
    const other = await makeMember();
    const foreign = await call(other.jar, other.address, 'DELETE', PASSKEY_PATHS.one(stored.id));
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().code).toBe('PASSKEY_NOT_FOUND');

    const removed = await call(member.jar, member.address, 'DELETE', PASSKEY_PATHS.one(stored.id));
    expect(removed.json()).toEqual({ description: passkeyMessages.removed });
    expect(await listOf(member)).toEqual([]);
    expect(await eventsOf(member.id)).toEqual(
      expect.arrayContaining(['passkey-added', 'passkey-renamed', 'passkey-removed']),
    );

    const browser = new Jar();
    const { uid } = await loginInteraction(browser);
    const refused = await passkeySignIn(browser, nextAddress(), uid, passkey);
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toEqual({
      code: 'PASSKEY_NOT_RECOGNISED',
      description: passkeyMessages.notRecognised,
    });
    expect(browser.get('lc_session')).toBeUndefined();
  });

  it('refuses a counter that goes back and an answer without user verification, and locks like wrong passwords', async () => {
    const member = await makeMember();
    await stepUp(member);
    const { passkey } = await addPasskey(member);
    const browser = new Jar();
    const address = nextAddress();
    const { uid } = await loginInteraction(browser);

    expect(
      (await passkeySignIn(browser, address, uid, passkey, (o) => passkey.get(o, { counter: 7 }))).statusCode,
    ).toBe(200);
    // A copy of the authenticator would sign with a counter that did not go up.
    const { uid: uid2 } = await loginInteraction(browser);
    const copied = await passkeySignIn(browser, address, uid2, passkey, (o) =>
      passkey.get(o, { counter: 7 }),
    );
    expect(copied.statusCode).toBe(401);
    expect(copied.json()).toEqual({ code: 'PASSKEY_REFUSED', description: passkeyMessages.refused });
    expect(await eventsOf(member.id)).toContain('passkey-refused');

    // Without user verification (no fingerprint, face or screen lock) it is refused too, and counted.
    passkey.userVerified = false;
    for (let attempt = 2; attempt < MAX_FAILED_ATTEMPTS; attempt += 1) {
      const unverified = await passkeySignIn(browser, address, uid2, passkey);
      expect(unverified.json().code).toBe('PASSKEY_REFUSED');
    }
    const last = await passkeySignIn(browser, address, uid2, passkey);
    expect(last.statusCode).toBe(403);
    expect(last.json().code).toBe('ACCOUNT_LOCKED');
    const [credential] = await t.app.db
      .select()
      .from(credentials)
      .where(eq(credentials.collectorId, member.id));
    expect(credential?.lockedUntil?.getTime()).toBeGreaterThan(Date.now());

    // Locked: the right passkey, and the right password, are refused alike until the lockout ends.
    passkey.userVerified = true;
    const right = await passkeySignIn(browser, address, uid2, passkey);
    expect(right.statusCode).toBe(403);
    expect(right.json().code).toBe('ACCOUNT_LOCKED');
    const password = await call(browser, address, 'POST', '/recaptcha/collector/sessions', {
      collectorId: member.cardNumber,
      password: member.password,
      interaction: uid2,
    });
    expect(password.json().code).toBe('ACCOUNT_LOCKED');

    // The lockout over, the passkey works again and clears the count.
    await t.app.db
      .update(credentials)
      .set({ lockedUntil: new Date(Date.now() - 1000) })
      .where(eq(credentials.collectorId, member.id));
    expect((await passkeySignIn(browser, address, uid2, passkey)).statusCode).toBe(200);
    const [cleared] = await t.app.db.select().from(credentials).where(eq(credentials.collectorId, member.id));
    expect(cleared?.failedAttempts).toBe(0);
  });

  it('accepts one of several sign-ins that present the same counter at once', async () => {
    const member = await makeMember();
    await stepUp(member);
    const { passkey } = await addPasskey(member);
    // Four browsers, each with a sign-in and a challenge of its own, answered with one counter, all at once.
    const attempts = await Promise.all(
      [1, 2, 3, 4].map(async () => {
        const browser = new Jar();
        const address = nextAddress();
        const { uid } = await loginInteraction(browser);
        const options = await call(browser, address, 'POST', PASSKEY_PATHS.signInOptions, {
          interaction: uid,
        });
        return { browser, address, uid, response: passkey.get(options.json(), { counter: 9 }) };
      }),
    );
    const answers = await Promise.all(
      attempts.map(({ browser, address, uid, response }) =>
        call(browser, address, 'POST', PASSKEY_PATHS.signIn, { interaction: uid, response }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 401, 401, 401]);
    for (const refused of answers.filter((answer) => answer.statusCode === 401)) {
      expect(refused.json()).toEqual({ code: 'PASSKEY_REFUSED', description: passkeyMessages.refused });
    }
    const [stored] = await t.app.db.select().from(passkeys).where(eq(passkeys.collectorId, member.id));
    expect(stored?.counter).toBe(9);
  });

  it("finishes nothing for a browser without the sign-in's cookie, though the answer is good", async () => {
    const owner = await makeMember();
    await stepUp(owner);
    const { passkey } = await addPasskey(owner);
    // Someone else's browser is at the card-number page; its sign-in id and challenge reach the passkey's owner.
    const victim = new Jar();
    const address = nextAddress();
    const { uid } = await loginInteraction(victim);
    const options = await call(victim, address, 'POST', PASSKEY_PATHS.signInOptions, { interaction: uid });
    const answered = await call(new Jar(), nextAddress(), 'POST', PASSKEY_PATHS.signIn, {
      interaction: uid,
      response: passkey.get(options.json()),
    });
    expect(answered.statusCode).toBe(400);
    expect(answered.json()).toEqual({ code: 'SIGN_IN_EXPIRED', description: signInMessages.signInExpired });
    // The other browser's sign-in is still waiting for its own login.
    const interaction = await t.app.identity.provider.Interaction.find(uid);
    expect(interaction?.result).toBeUndefined();
  });

  it('keeps passkeys through a password reset, and removes them when the account closes', async () => {
    const member = await makeMember();
    await stepUp(member);
    const { passkey } = await addPasskey(member);

    const asked = await call(
      new Jar(),
      nextAddress(),
      'POST',
      '/customer-management-api/credentials/password/reset',
      {
        email: member.email,
      },
    );
    expect(asked.statusCode).toBe(200);
    const link = (await t.app.notify.listOutbox()).find(
      (m) => m.to === member.email && /reset/i.test(m.subject),
    );
    const token = new URL(/https?:\/\/\S+/.exec(link?.text ?? '')?.[0] ?? 'http://x').searchParams.get(
      'token',
    );
    const newPassword = `Reset-${randomBytes(6).toString('hex')}-9`;
    const reset = await call(
      new Jar(),
      nextAddress(),
      'POST',
      '/customer-management-api/credentials/password',
      {
        token,
        password: newPassword,
      },
    );
    expect(reset.statusCode).toBe(200);
    expect(await t.app.db.select().from(passkeys).where(eq(passkeys.collectorId, member.id))).toHaveLength(1);
    const browser = new Jar();
    const { uid } = await loginInteraction(browser);
    expect((await passkeySignIn(browser, nextAddress(), uid, passkey)).statusCode).toBe(200);

    // The reset ended the member's sessions: sign in again (the tester tool), then close the account.
    const again = await call(member.jar, member.address, 'POST', '/dev/session', {
      cardNumber: member.cardNumber,
    });
    expect(again.statusCode).toBe(204);
    const closed = await call(member.jar, member.address, 'POST', '/customer-management-api/customer/close', {
      password: newPassword,
      confirm: true,
    });
    expect(closed.statusCode).toBe(200);
    expect(await t.app.db.select().from(passkeys).where(eq(passkeys.collectorId, member.id))).toEqual([]);
    const fresh = new Jar();
    const { uid: after } = await loginInteraction(fresh);
    const refused = await passkeySignIn(fresh, nextAddress(), after, passkey);
    expect(refused.json().code).toBe('PASSKEY_NOT_RECOGNISED');
  });
}

describe('passkeys', () => {
  passkeyTests({});
});

describe('passkeys with device 2FA on', () => {
  let t: TestApp;
  let origin: string;
  beforeAll(async () => {
    t = await buildTestApp({ DEVICE_2FA: 'on' });
    origin = new URL(t.config.publicUrl).origin;
  });
  afterAll(async () => t.close());

  it('counts as the second factor for the client it signs in to; a password on a new device still needs the code', async () => {
    // A member with a passkey (added while signed in by the tester tool).
    const jar = new Jar();
    const made = await t.app.inject({
      method: 'POST',
      url: '/dev/account-member',
      headers: jsWeb,
      payload: {},
      remoteAddress: '203.0.113.1',
    });
    jar.store(made.headers['set-cookie']);
    const member = made.json<{ cardNumber: string; email: string; password: string }>();
    const [card] = await t.app.db.select().from(cards).where(eq(cards.number, member.cardNumber));
    const collectorId = card?.collectorId ?? '';
    const send = await t.app.inject({
      method: 'POST',
      url: '/customer-management-api/2fa/send',
      headers: { ...jsWeb, cookie: jar.header() },
      payload: { deliveryMethod: 'email' },
    });
    expect(send.statusCode).toBe(200);
    const code = /\b(\d{6})\b/.exec((await t.app.notify.listOutbox())[0]?.text ?? '')?.[1];
    await t.app.inject({
      method: 'POST',
      url: '/customer-management-api/2fa/verify',
      headers: { ...jsWeb, cookie: jar.header() },
      payload: { code },
    });
    const passkey = new SoftPasskey(origin, 'localhost');
    const options = await t.app.inject({
      method: 'POST',
      url: PASSKEY_PATHS.registrationOptions,
      headers: { channel: 'JS-WEB', cookie: jar.header() },
    });
    const added = await t.app.inject({
      method: 'POST',
      url: PASSKEY_PATHS.list,
      headers: { ...jsWeb, cookie: jar.header() },
      payload: { response: passkey.create(options.json()) },
    });
    expect(added.statusCode).toBe(200);

    const signIn = async (browser: Jar, uid: string) => {
      const challenge = await t.app.inject({
        method: 'POST',
        url: PASSKEY_PATHS.signInOptions,
        headers: { ...jsWeb, cookie: browser.header() },
        payload: { interaction: uid },
      });
      const answer = await t.app.inject({
        method: 'POST',
        url: PASSKEY_PATHS.signIn,
        headers: { ...jsWeb, cookie: browser.header() },
        payload: { interaction: uid, response: passkey.get(challenge.json()) },
      });
      browser.store(answer.headers['set-cookie']);
      return answer;
    };

    // The website on a new browser: no code asked, at the password step's place or at the code exchange.
    const browser = new Jar();
    const { auth, verifier, redirectUri } = await authorize(t, browser);
    const uid = new URL(String(auth.headers.location), t.config.publicUrl).searchParams.get('uid') ?? '';
    const answer = await signIn(browser, uid);
    expect(answer.statusCode).toBe(200);
    const resume = await t.app.inject({
      method: 'GET',
      url: String(answer.headers.location).replace(t.config.publicUrl, ''),
      headers: { cookie: browser.header() },
    });
    browser.store(resume.headers['set-cookie']);
    const exchanged = await t.app.inject({
      method: 'POST',
      url: '/session-api/session/sessions/oauth',
      headers: { ...jsWeb, cookie: browser.header() },
      payload: {
        code: new URL(String(resume.headers.location)).searchParams.get('code'),
        verificationCode: verifier,
        redirectUri,
      },
    });
    expect(exchanged.statusCode).toBe(200);
    const known = await t.app.db.select().from(knownDevices).where(eq(knownDevices.collectorId, collectorId));
    expect(known.map((row) => row.clientId)).toEqual([WEB_CLIENT_ID]);

    // The native app, on another new browser: the passkey finishes its login too, and that client is known.
    const app = new Jar();
    const { challenge } = pkce();
    const appAuth = await t.app.inject({
      method: 'GET',
      url: `/oauth2/auth?${new URLSearchParams({
        client_id: NATIVE_APP_CLIENT_ID,
        redirect_uri: 'http://127.0.0.1:49731/callback',
        response_type: 'code',
        scope: NATIVE_APP_SCOPE,
        code_challenge: challenge,
        code_challenge_method: 'S256',
        state: randomBytes(16).toString('base64url'),
      })}`,
    });
    app.store(appAuth.headers['set-cookie']);
    const appUid =
      new URL(String(appAuth.headers.location), t.config.publicUrl).searchParams.get('uid') ?? '';
    const appAnswer = await signIn(app, appUid);
    expect(appAnswer.statusCode).toBe(200);
    const appResume = await t.app.inject({
      method: 'GET',
      url: String(appAnswer.headers.location).replace(t.config.publicUrl, ''),
      headers: { cookie: app.header() },
    });
    const back = new URL(String(appResume.headers.location));
    expect(`${back.origin}${back.pathname}`).toBe('http://127.0.0.1:49731/callback');
    expect(back.searchParams.get('code')).toBeTruthy();
    const knownNow = await t.app.db
      .select()
      .from(knownDevices)
      .where(eq(knownDevices.collectorId, collectorId));
    expect(knownNow.map((row) => row.clientId).sort()).toEqual([WEB_CLIENT_ID, NATIVE_APP_CLIENT_ID].sort());

    // A password on a third, new browser still gets the code (error 141).
    const third = new Jar();
    const { auth: thirdAuth } = await authorize(t, third);
    const thirdUid =
      new URL(String(thirdAuth.headers.location), t.config.publicUrl).searchParams.get('uid') ?? '';
    const password = await t.app.inject({
      method: 'POST',
      url: '/recaptcha/collector/sessions',
      headers: { ...jsWeb, cookie: third.header() },
      payload: { collectorId: member.cardNumber, password: member.password, interaction: thirdUid },
    });
    expect(password.statusCode).toBe(403);
    expect(password.json().code).toBe(DEVICE_2FA_ERROR_CODE);
  });
});
