// @databases both: a challenge is taken once (DELETE … RETURNING); sign-ins with one counter race for a row.
import { randomUUID } from 'node:crypto';
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staffPasskeyMessages, type StaffPasskey } from '@app/contracts/staff';
import { staffAudit, staffMembers, staffPasskeyChallenges, staffPasskeys } from '../../db/schema/staff.ts';
import { sweepEndedRows } from '../../lib/expired-rows.ts';
import { demoStaff } from '../../start-data/demo-staff.ts';
import { buildTestApp, jsWeb, type TestApp } from '../../test/build-test-app.ts';
import { SoftPasskey } from '../../test/soft-authenticator.ts';
import { createStaffIdentity } from './identity.ts';
import { createStaffPasskeys } from './passkeys.ts';
import { STAFF_SESSION_COOKIE } from './routes.ts';
import { loadEnrolledStaff } from './service.ts';

let t: TestApp;
let origin: string;
/** The app's clock: the real time, or a moment a test holds it at. */
const clock: { heldAt?: number } = {};
const now = () => clock.heldAt ?? Date.now();
beforeAll(async () => {
  t = await buildTestApp({}, { now: () => new Date(now()) });
  origin = t.config.console.origin;
});
afterAll(() => t.close());

type Cookies = Record<string, string>;
const cookieOf = (response: { cookies: Array<{ name: string; value: string }> }): Cookies => ({
  [STAFF_SESSION_COOKIE]:
    response.cookies.find((cookie) => cookie.name === STAFF_SESSION_COOKIE)?.value ?? '',
});

/** The console's headers: the channel on every call, the JSON type only with a body. */
const headersFor = (payload: unknown) => (payload === undefined ? { channel: jsWeb.channel } : jsWeb);

let addresses = 0;
/** Each sign-in calls from an address of its own, so one test's calls do not use up another's limits. */
const nextAddress = () => `198.51.100.${(addresses += 1)}`;

const call = (cookies: Cookies, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: unknown) =>
  t.app.inject({
    method,
    url,
    headers: headersFor(payload),
    cookies,
    remoteAddress: nextAddress(),
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

/** A member of staff of the test's own, enrolled, signed in now through the tester tool. */
async function staffMember() {
  const email = `passkeys-${randomUUID().slice(0, 8)}@example.com`;
  await loadEnrolledStaff(t.app.db, [
    {
      email,
      name: 'Pat Passkey',
      role: 'agent',
      password: demoStaff.password,
      totpSecret: demoStaff.totpSecret,
    },
  ]);
  const [row] = await t.app.db.select().from(staffMembers).where(eq(staffMembers.email, email));
  const signedIn = await call({}, 'POST', '/dev/staff-session', { email });
  expect(signedIn.statusCode).toBe(204);
  return { id: row?.id ?? '', email, cookies: cookieOf(signedIn) };
}

type Staff = Awaited<ReturnType<typeof staffMember>>;

async function addPasskey(
  staff: Staff,
  name = 'Work laptop',
  passkey = new SoftPasskey(origin, 'localhost'),
) {
  const options = await call(staff.cookies, 'POST', '/staff-api/passkeys/registration-options');
  expect(options.statusCode).toBe(200);
  const added = await call(staff.cookies, 'POST', '/staff-api/passkeys', {
    name,
    response: passkey.create(options.json()),
  });
  expect(added.statusCode).toBe(201);
  return { passkey, stored: added.json<StaffPasskey>() };
}

const listOf = async (staff: Staff) =>
  (await call(staff.cookies, 'GET', '/staff-api/passkeys')).json<{ passkeys: StaffPasskey[] }>().passkeys;

/** The sign-in page's passkey button: a challenge, then the passkey's answer to it. */
async function passkeySignIn(
  passkey: SoftPasskey,
  answer: (options: { challenge: string }) => unknown = (options) => passkey.get(options),
) {
  const options = await call({}, 'POST', '/staff-api/session/passkey/options');
  expect(options.statusCode).toBe(200);
  return call({}, 'POST', '/staff-api/session/passkey', { response: answer(options.json()) });
}

const auditOf = (staffId: string) =>
  t.app.db
    .select({
      action: staffAudit.action,
      after: staffAudit.after,
      before: staffAudit.before,
      reason: staffAudit.reason,
    })
    .from(staffAudit)
    .where(eq(staffAudit.staffId, staffId))
    .orderBy(staffAudit.id);

describe("a member of staff's passkeys", () => {
  it('adds a passkey with its name, lists it, and takes each registration challenge once', async () => {
    const staff = await staffMember();
    expect((await call({}, 'POST', '/staff-api/passkeys/registration-options')).statusCode).toBe(401);

    const options = await call(staff.cookies, 'POST', '/staff-api/passkeys/registration-options');
    expect(options.json()).toMatchObject({
      rp: { id: 'localhost', name: 'Nectar staff console' },
      user: { name: staff.email, displayName: 'Pat Passkey' },
      authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
      attestation: 'none',
      excludeCredentials: [],
    });
    // The user handle is the member of staff's id (16 bytes), never their email.
    expect(Buffer.from(options.json().user.id, 'base64url').toString('hex')).toBe(staff.id.replace(/-/g, ''));

    const passkey = new SoftPasskey(origin, 'localhost');
    const answer = passkey.create(options.json());
    const added = await call(staff.cookies, 'POST', '/staff-api/passkeys', {
      name: '  Work laptop ',
      response: answer,
    });
    expect(added.statusCode).toBe(201);
    expect(added.json()).toMatchObject({ name: 'Work laptop', lastUsedAt: null });
    expect(await listOf(staff)).toEqual([added.json()]);
    expect(await auditOf(staff.id)).toContainEqual({
      action: 'add-passkey',
      after: { passkeyId: added.json().id, name: 'Work laptop' },
      before: null,
      reason: null,
    });

    // The challenge was spent: the same answer again is refused, and nothing more is kept.
    const again = await call(staff.cookies, 'POST', '/staff-api/passkeys', {
      name: 'Again',
      response: answer,
    });
    expect(again.json()).toEqual({
      code: 'PASSKEY_CHALLENGE_EXPIRED',
      description: staffPasskeyMessages.expired,
    });

    // A name is needed.
    const next = await call(staff.cookies, 'POST', '/staff-api/passkeys/registration-options');
    const unnamed = await call(staff.cookies, 'POST', '/staff-api/passkeys', {
      name: ' ',
      response: new SoftPasskey(origin, 'localhost').create(next.json()),
    });
    expect(unnamed.statusCode).toBe(400);

    // Made on another origin (a phishing page's): refused.
    const phished = await call(staff.cookies, 'POST', '/staff-api/passkeys', {
      name: 'Phished',
      response: new SoftPasskey(origin, 'localhost').create(
        (await call(staff.cookies, 'POST', '/staff-api/passkeys/registration-options')).json(),
        'https://nectar.example.net',
      ),
    });
    expect(phished.json()).toEqual({ code: 'PASSKEY_REFUSED', description: staffPasskeyMessages.addFailed });

    // The next options leave out the passkey they hold, so the browser does not make it twice.
    const third = await call(staff.cookies, 'POST', '/staff-api/passkeys/registration-options');
    expect(third.json().excludeCredentials).toEqual([
      { id: passkey.id, type: 'public-key', transports: ['internal', 'hybrid'] },
    ]);
    expect(await listOf(staff)).toHaveLength(1);
  });

  it("binds a new passkey's challenge to whoever asked, within 15 minutes of signing in", async () => {
    const staff = await staffMember();
    const other = await staffMember();
    const options = await call(staff.cookies, 'POST', '/staff-api/passkeys/registration-options');
    const stolen = await call(other.cookies, 'POST', '/staff-api/passkeys', {
      name: 'Not mine',
      response: new SoftPasskey(origin, 'localhost').create(options.json()),
    });
    expect(stolen.json().code).toBe('PASSKEY_CHALLENGE_EXPIRED');
    expect(await listOf(other)).toEqual([]);

    clock.heldAt = Date.now();
    try {
      const late = await staffMember();
      clock.heldAt += 16 * 60_000;
      const refused = await call(late.cookies, 'POST', '/staff-api/passkeys/registration-options');
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({
        code: 'REAUTH_REQUIRED',
        description: staffPasskeyMessages.signInAgain,
      });
      // The session itself goes on: its list and its other calls answer.
      expect((await call(late.cookies, 'GET', '/staff-api/passkeys')).statusCode).toBe(200);
    } finally {
      clock.heldAt = undefined;
    }
  });

  it("removes only one's own passkeys; a removed passkey signs no one in", async () => {
    const staff = await staffMember();
    const { passkey, stored } = await addPasskey(staff);
    const other = await staffMember();
    const foreign = await call(other.cookies, 'DELETE', `/staff-api/passkeys/${stored.id}`);
    expect(foreign.json()).toEqual({ code: 'PASSKEY_NOT_FOUND', description: staffPasskeyMessages.notFound });

    expect((await call(staff.cookies, 'DELETE', `/staff-api/passkeys/${stored.id}`)).statusCode).toBe(204);
    expect(await listOf(staff)).toEqual([]);
    expect((await auditOf(staff.id)).map((row) => row.action)).toEqual(['add-passkey', 'remove-passkey']);

    const refused = await passkeySignIn(passkey);
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toEqual({
      code: 'PASSKEY_NOT_RECOGNISED',
      description: staffPasskeyMessages.notRecognised,
    });
    expect(refused.cookies.find((cookie) => cookie.name === STAFF_SESSION_COOKIE)).toBeUndefined();
  });
});

describe('signing in to the console with a passkey', () => {
  it('starts the console session with the passkey alone, audited with its method', async () => {
    const staff = await staffMember();
    const { passkey, stored } = await addPasskey(staff);

    const signedIn = await passkeySignIn(passkey);
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json()).toMatchObject({ id: staff.id, email: staff.email, role: 'agent' });
    const cookie = signedIn.cookies.find((c) => c.name === STAFF_SESSION_COOKIE);
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/' });
    expect((await call(cookieOf(signedIn), 'GET', '/staff-api/session')).json().email).toBe(staff.email);

    const [listed] = await listOf(staff);
    expect(listed?.id).toBe(stored.id);
    expect(listed?.lastUsedAt).not.toBeNull();
    const [row] = await t.app.db.select().from(staffPasskeys).where(eq(staffPasskeys.id, stored.id));
    expect(row?.counter).toBe(1);
    expect((await auditOf(staff.id)).at(-1)).toMatchObject({
      action: 'sign-in',
      after: { method: 'passkey' },
    });
  });

  it('takes each sign-in challenge once, within its 5 minutes, and audits each refusal', async () => {
    const staff = await staffMember();
    const { passkey } = await addPasskey(staff);

    let first: unknown;
    const used = await passkeySignIn(passkey, (options) => {
      first = passkey.get(options);
      return first;
    });
    expect(used.statusCode).toBe(200);
    const replay = await call({}, 'POST', '/staff-api/session/passkey', { response: first });
    expect(replay.statusCode).toBe(400);
    expect(replay.json()).toEqual({
      code: 'PASSKEY_CHALLENGE_EXPIRED',
      description: staffPasskeyMessages.expired,
    });

    const late = await call({}, 'POST', '/staff-api/session/passkey/options');
    await t.app.db
      .update(staffPasskeyChallenges)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(staffPasskeyChallenges.challenge, late.json().challenge));
    const tooLate = await call({}, 'POST', '/staff-api/session/passkey', {
      response: passkey.get(late.json()),
    });
    expect(tooLate.json().code).toBe('PASSKEY_CHALLENGE_EXPIRED');

    // Not knowing whose passkey answered an unknown challenge, the trail records the refusal without a name.
    const refusals = await t.app.db
      .select()
      .from(staffAudit)
      .where(
        and(eq(staffAudit.action, 'sign-in-failed'), eq(staffAudit.reason, 'PASSKEY_CHALLENGE_EXPIRED')),
      );
    expect(refusals.length).toBeGreaterThanOrEqual(2);
    expect(refusals.at(-1)).toMatchObject({
      staffId: null,
      staffEmail: 'unknown',
      after: { method: 'passkey' },
    });
  });

  it('counts refused answers towards the lockout, refuses a locked or disabled member of staff', async () => {
    const staff = await staffMember();
    const { passkey } = await addPasskey(staff);
    expect((await passkeySignIn(passkey, (o) => passkey.get(o, { counter: 7 }))).statusCode).toBe(200);

    // A copy of the authenticator would sign with a counter that did not go up.
    const copied = await passkeySignIn(passkey, (o) => passkey.get(o, { counter: 7 }));
    expect(copied.statusCode).toBe(401);
    expect(copied.json()).toEqual({ code: 'PASSKEY_REFUSED', description: staffPasskeyMessages.refused });
    // Without user verification (no fingerprint, face or screen lock) it is not both factors: refused too.
    passkey.userVerified = false;
    const codes = [];
    for (let attempt = 2; attempt <= 5; attempt += 1) codes.push((await passkeySignIn(passkey)).json().code);
    expect(codes).toEqual(['PASSKEY_REFUSED', 'PASSKEY_REFUSED', 'PASSKEY_REFUSED', 'STAFF_LOCKED']);
    const failures = (await auditOf(staff.id)).filter((row) => row.action === 'sign-in-failed');
    expect(failures.map((row) => row.reason)).toEqual([...Array(4).fill('PASSKEY_REFUSED'), 'STAFF_LOCKED']);

    // Locked: the right passkey is refused as the right password would be, until the lockout ends.
    passkey.userVerified = true;
    const locked = await passkeySignIn(passkey);
    expect(locked.statusCode).toBe(403);
    expect(locked.json().code).toBe('STAFF_LOCKED');
    await t.app.db
      .update(staffMembers)
      .set({ lockedUntil: new Date(Date.now() - 1000) })
      .where(eq(staffMembers.id, staff.id));
    expect((await passkeySignIn(passkey)).statusCode).toBe(200);
    const [cleared] = await t.app.db.select().from(staffMembers).where(eq(staffMembers.id, staff.id));
    expect(cleared?.failedAttempts).toBe(0);

    // Disabled: the passkey is no one's any more.
    await t.app.db.update(staffMembers).set({ disabledAt: new Date() }).where(eq(staffMembers.id, staff.id));
    const disabled = await passkeySignIn(passkey);
    expect(disabled.statusCode).toBe(401);
    expect(disabled.json().code).toBe('PASSKEY_NOT_RECOGNISED');
  });

  it('accepts one of several sign-ins that present the same counter at once', async () => {
    const staff = await staffMember();
    const { passkey } = await addPasskey(staff);
    const answers = await Promise.all(
      [1, 2, 3, 4].map(async () => {
        const options = await call({}, 'POST', '/staff-api/session/passkey/options');
        return passkey.get(options.json(), { counter: 9 });
      }),
    );
    const statuses = (
      await Promise.all(
        answers.map((response) => call({}, 'POST', '/staff-api/session/passkey', { response })),
      )
    ).map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status === 401)).toHaveLength(3);
  });

  it("sweeps the console's ended challenges with the other ended rows", async () => {
    const id = `staff-purge-${Date.now()}`;
    await t.app.db.insert(staffPasskeyChallenges).values([
      { challenge: `${id}-ended`, purpose: 'authentication', expiresAt: new Date(Date.now() - 60_000) },
      { challenge: `${id}-live`, purpose: 'authentication', expiresAt: new Date(Date.now() + 60_000) },
    ]);
    await sweepEndedRows(t.app.db, new Date());
    const left = await t.app.db
      .select({ challenge: staffPasskeyChallenges.challenge })
      .from(staffPasskeyChallenges)
      .where(like(staffPasskeyChallenges.challenge, `${id}%`));
    expect(left).toEqual([{ challenge: `${id}-live` }]);
  });
});

describe('the console on an origin of its own (CONSOLE_ORIGIN)', () => {
  it("is the passkeys' relying party: its host the RP id; the member's site's answer refused", async () => {
    const consoleOrigin = 'https://console.example.com';
    const clock = { now: () => new Date() };
    const passkeys = createStaffPasskeys({
      db: t.app.db,
      clock,
      identity: createStaffIdentity({ db: t.app.db, clock }),
      origin: consoleOrigin,
    });
    const staff = await staffMember();
    const holder = { id: staff.id, email: staff.email, name: 'Pat Passkey' };
    const options = await passkeys.registrationOptions(holder, new Date());
    expect(options.rp.id).toBe('console.example.com');

    const membersSite = new SoftPasskey(t.config.publicUrl, 'console.example.com');
    const refused = passkeys.add(staff.id, new Date(), 'Wrong site', membersSite.create(options));
    await expect(refused).rejects.toMatchObject({ code: 'PASSKEY_REFUSED' });

    const passkey = new SoftPasskey(consoleOrigin, 'console.example.com');
    const next = await passkeys.registrationOptions(holder, new Date());
    expect((await passkeys.add(staff.id, new Date(), 'Console laptop', passkey.create(next))).name).toBe(
      'Console laptop',
    );
    const challenge = await passkeys.signInOptions();
    expect(challenge.rpId).toBe('console.example.com');
    expect(await passkeys.signIn(passkey.get(challenge))).toMatchObject({ staff: { id: staff.id } });
  });
});
