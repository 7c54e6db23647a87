// @databases one: the rules it tests go through the API and the repositories alike on both databases; nothing it asserts depends on the kind.
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  dataExportDocumentSchema,
  type DataExportLink,
  type DataExportState,
} from '@app/contracts/data-export';
import {
  ACTIVITY_CSV_COLUMNS,
  DATA_EXPORT_FILES,
  dataExportMessages as m,
} from '@app/contracts/data-export-constants';
import { dataExportPaths } from '@app/contracts/data-export-paths';
import { brand } from '@app/contracts/brand';
import { accountEvents } from '../../db/schema/account.ts';
import { cards, credentials, sessions } from '../../db/schema/core.ts';
import { dataExports } from '../../db/schema/data-export.ts';
import { missingPointsClaims, missingPointsReceipts, pendingPoints } from '../../db/schema/missing-points.ts';
import { pointsGoals } from '../../db/schema/points-goal.ts';
import { pointsLedger } from '../../db/schema/points-ledger.ts';
import { recordPoints } from '../../lib/points-ledger.ts';
import { SESSION_COOKIE } from '../../plugins/session.ts';
import { buildTestApp, jsWeb, type TestApp } from '../../test/build-test-app.ts';

const HOUR_MS = 3_600_000;
/** The file's clock: a test moves it forward to stand a day later; each member gets a session at its "now". */
const clock = { at: new Date('2031-05-04T09:30:00Z') };

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ DEV_TOOLS: 'on' }, { now: () => clock.at });
});
afterAll(async () => t.close());

interface Member {
  id: string;
  email: string;
  cookies: Record<string, string>;
}

/** A fresh member of its own (the tester tool) with a starting balance and the demo offers, signed in. */
async function makeMember(): Promise<Member> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/dev/account-member',
    headers: jsWeb,
    payload: { points: 1200, offers: 'demo' },
  });
  expect(response.statusCode).toBe(200);
  const { cardNumber, email } = response.json<{ cardNumber: string; email: string }>();
  const [card] = await t.app.db.select().from(cards).where(eq(cards.number, cardNumber));
  const id = card?.collectorId ?? '';
  return { id, email, cookies: await signIn(id) };
}

/** A new session of the member at the clock's "now" (a session made before the clock moved has ended). */
const signIn = async (id: string) => ({
  [SESSION_COOKIE]: (
    await t.app.sessions.create(id, { userAgent: 'Mozilla/5.0 (Linux; Android 14) Chrome/131.0' })
  ).token,
});

/** A POST without a body, as the web client sends one: the channel header and no content type. */
const channelOnly = { channel: jsWeb.channel };
const ask = (member: Member) =>
  t.app.inject({
    method: 'POST',
    url: dataExportPaths.requests,
    headers: channelOnly,
    cookies: member.cookies,
  });
const stateOf = async (member: Member) =>
  (await t.app.inject({ url: dataExportPaths.requests, cookies: member.cookies })).json<DataExportState>();
const check = (cookies: Record<string, string>, token: string) =>
  t.app.inject({ method: 'POST', url: dataExportPaths.check, headers: jsWeb, cookies, payload: { token } });
const download = (cookies: Record<string, string>, token: string) =>
  t.app.inject({
    method: 'POST',
    url: dataExportPaths.download,
    headers: jsWeb,
    cookies,
    payload: { token },
  });

/** Asks, waits for the job, and answers the token of the link emailed to the member (from the outbox). */
async function askAndOpenEmail(member: Member) {
  const asked = await ask(member);
  expect(asked.statusCode, asked.body).toBe(202);
  expect(asked.json<DataExportState>().state).toBe('PREPARING');
  const email = await vi.waitFor(
    async () => {
      const outbox = (await t.app.inject('/dev/outbox')).json<
        { to: string; subject: string; text: string; links: string[] }[]
      >();
      const found = outbox.find(
        (message) => message.to === member.email && message.subject === m.emailSubject(brand.name),
      );
      if (!found) throw new Error('no email yet');
      return found;
    },
    { timeout: 20_000, interval: 100 },
  );
  const link = email.links.find((candidate) => candidate.includes('/account/your-data/download/'));
  expect(link).toMatch(/^https?:\/\/[^/]+\/account\/your-data\/download\/[\w-]{43}$/);
  expect(email.text).toContain('works once');
  const token = link?.split('/').pop() ?? '';
  expect((await stateOf(member)).state).toBe('READY');
  return token;
}

const unzip = (body: Buffer) => {
  const files = unzipSync(new Uint8Array(body));
  return {
    all: files,
    names: Object.keys(files).sort(),
    json: strFromU8(files[DATA_EXPORT_FILES.json] ?? new Uint8Array()),
    csv: strFromU8(files[DATA_EXPORT_FILES.csv] ?? new Uint8Array()),
  };
};

describe('download my data', () => {
  it('is prepared in the background, emailed as a link, and downloads once as a zip of JSON and CSV', async () => {
    const member = await makeMember();
    expect((await stateOf(member)).state).toBe('NONE');
    // A second ledger entry with its shop, and a line in the account log, to find in the files.
    await recordPoints(t.app.db, {
      collectorId: member.id,
      amount: 250,
      reason: 'Shopping',
      source: 'data-export-test',
      idempotencyKey: randomUUID(),
      at: new Date(clock.at.getTime() - HOUR_MS),
    });
    // A claim with its receipt photo, and points on their way.
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
    const [claim] = await t.app.db
      .insert(missingPointsClaims)
      .values({
        collectorId: member.id,
        partner: 'argos',
        purchasedOn: '2031-04-20',
        spendPence: 4599,
        reference: 'AR-123 456',
        referenceKey: 'AR123456',
      })
      .returning({ id: missingPointsClaims.id });
    await t.app.db
      .insert(missingPointsReceipts)
      .values({ claimId: claim?.id ?? '', mediaType: 'image/png', sizeBytes: png.length, content: png });
    await t.app.db.insert(pendingPoints).values({
      collectorId: member.id,
      partner: 'retailer',
      purchasedOn: '2031-05-02',
      spendPence: 2500,
      reference: 'R-9',
      referenceKey: 'R9',
      points: 25,
      expectedOn: '2031-05-06',
    });
    await t.app.db
      .insert(pointsGoals)
      .values({ collectorId: member.id, kind: 'voucher', rewardId: 'retailer-10' });
    await t.app.db
      .insert(accountEvents)
      .values({ collectorId: member.id, type: 'sign-in', ip: '203.0.113.9', userAgent: 'Firefox/140.0' });
    const token = await askAndOpenEmail(member);

    const checked = await check(member.cookies, token);
    expect(checked.statusCode, checked.body).toBe(200);
    const link = checked.json<DataExportLink>();
    expect(link.fileName).toBe('nectar-data-2031-05-04.zip');
    expect(link.expiresAt).toBe(new Date(clock.at.getTime() + 24 * HOUR_MS).toISOString());
    expect(link.sizeBytes).toBeGreaterThan(0);

    const first = await download(member.cookies, token);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.headers['content-type']).toBe('application/zip');
    expect(first.headers['content-disposition']).toBe('attachment; filename="nectar-data-2031-05-04.zip"');
    expect(first.headers['cache-control']).toBe('private, no-store');
    const files = unzip(first.rawPayload);
    expect(files.names).toEqual([DATA_EXPORT_FILES.csv, `receipts/${claim?.id}.png`, DATA_EXPORT_FILES.json]);
    expect(Buffer.from(files.all[`receipts/${claim?.id}.png`] ?? [])).toEqual(png);

    // Every section, in the documented shape.
    const document = dataExportDocumentSchema.parse(JSON.parse(files.json));
    expect(document.profile.email).toBe(member.email);
    expect(document.profile.firstName).toBe('Sam');
    expect(document.consents.contactPreferences?.byEmail).toBe(true);
    expect(document.cards.map((card) => card.kind)).toEqual(['digital']);
    const ledger = await t.app.db.select().from(pointsLedger).where(eq(pointsLedger.collectorId, member.id));
    expect(document.ledger.map((entry) => entry.points).sort()).toEqual(
      ledger.map((entry) => entry.amount).sort(),
    );
    expect(document.offers.length).toBeGreaterThan(0);
    expect(document.vouchers).toEqual([]);
    expect(document.goal).toMatchObject({ kind: 'voucher', rewardId: 'retailer-10', conversionPoints: null });
    expect(document.claims).toEqual([
      expect.objectContaining({
        id: claim?.id,
        partner: 'argos',
        reference: 'AR-123 456',
        status: 'OPEN',
        receipt: { mediaType: 'image/png', sizeBytes: png.length, file: `receipts/${claim?.id}.png` },
      }),
    ]);
    expect(document.pointsOnTheirWay).toEqual([
      expect.objectContaining({ partner: 'retailer', points: 25, expectedOn: '2031-05-06', postedAt: null }),
    ]);
    expect(document.sessions).toContainEqual(
      expect.objectContaining({ device: 'Chrome on Android', createdAt: clock.at.toISOString() }),
    );
    expect(document.security.accountLog).toContainEqual(
      expect.objectContaining({ type: 'sign-in', ip: '203.0.113.9', device: 'Firefox' }),
    );
    for (const section of ['feedback', 'linkedPartners', 'cardReplacements']) {
      expect(document).toHaveProperty(section);
    }

    // No secret: not the password hash, no stored hash of a session, link or code, no provider token.
    const [credential] = await t.app.db
      .select()
      .from(credentials)
      .where(eq(credentials.collectorId, member.id));
    const sessionRows = await t.app.db.select().from(sessions).where(eq(sessions.collectorId, member.id));
    const [request] = await t.app.db.select().from(dataExports).where(eq(dataExports.collectorId, member.id));
    expect(credential?.passwordHash).toMatch(/^\$argon2id\$/);
    expect(files.json).not.toContain(credential?.passwordHash);
    expect(files.json).not.toContain('$argon2');
    for (const row of sessionRows) expect(files.json).not.toContain(row.idHash);
    expect(request?.tokenHash).toBeTruthy();
    expect(files.json).not.toContain(request?.tokenHash);
    expect(files.json).not.toContain(token);
    expect(files.json).not.toMatch(
      /"(passwordHash|tokenHash|idHash|codeHash|deviceHash|refreshToken|publicKey|password)"/,
    );

    // The CSV: its header, then one row per ledger entry.
    const lines = files.csv.trimEnd().split('\r\n');
    expect(lines[0]).toBe(ACTIVITY_CSV_COLUMNS.join(','));
    expect(lines).toHaveLength(1 + ledger.length);
    expect(lines.some((line) => line.includes(',250,Shopping,data-export-test,'))).toBe(true);

    // Once: the second use is refused, and the files are gone from the database.
    const second = await download(member.cookies, token);
    expect(second.statusCode).toBe(410);
    expect(second.json()).toEqual({ code: 'DATA_EXPORT_LINK_USED', description: m.linkUsed });
    expect((await check(member.cookies, token)).json()).toEqual({
      code: 'DATA_EXPORT_LINK_USED',
      description: m.linkUsed,
    });
    const [used] = await t.app.db.select().from(dataExports).where(eq(dataExports.collectorId, member.id));
    expect(used).toMatchObject({ status: 'DOWNLOADED', exportJson: null, activityCsv: null });
    expect(await stateOf(member)).toMatchObject({
      state: 'DOWNLOADED',
      downloadedAt: clock.at.toISOString(),
    });
  });

  it('refuses another member and a signed-out caller the link, which still works for its owner afterwards', async () => {
    const owner = await makeMember();
    const other = await makeMember();
    const token = await askAndOpenEmail(owner);
    for (const call of [check, download]) {
      const refused = await call(other.cookies, token);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({ code: 'DATA_EXPORT_LINK_NOT_YOURS', description: m.linkNotYours });
    }
    // Signed out, the link asks for a session and is not used either.
    expect((await download({}, token)).statusCode).toBe(401);
    const [row] = await t.app.db.select().from(dataExports).where(eq(dataExports.collectorId, owner.id));
    expect(row).toMatchObject({ status: 'READY', downloadedAt: null });
    const mine = await download(owner.cookies, token);
    expect(mine.statusCode).toBe(200);
    expect(unzip(mine.rawPayload).json).toContain(owner.email);
  });

  it('refuses a link past its 24 hours, and the purge job clears its files', async () => {
    const member = await makeMember();
    const token = await askAndOpenEmail(member);
    const start = clock.at;
    try {
      clock.at = new Date(start.getTime() + 24 * HOUR_MS + 60_000);
      const cookies = await signIn(member.id);
      const refused = await download(cookies, token);
      expect(refused.statusCode).toBe(410);
      expect(refused.json()).toEqual({ code: 'DATA_EXPORT_LINK_EXPIRED', description: m.linkExpired });
      expect((await stateOf({ ...member, cookies })).state).toBe('EXPIRED');
      await t.app.jobs.trigger('purge-data-exports');
      // On PostgreSQL the trigger puts a job on pg-boss's queue, which a worker takes within a second or so.
      await vi.waitFor(
        async () => {
          const [row] = await t.app.db
            .select()
            .from(dataExports)
            .where(eq(dataExports.collectorId, member.id));
          expect(row).toMatchObject({
            status: 'READY',
            exportJson: null,
            activityCsv: null,
            downloadedAt: null,
          });
        },
        { timeout: 15_000, interval: 100 },
      );
    } finally {
      clock.at = start;
    }
  });

  it('takes one request a day, saying when the member can ask again', async () => {
    const member = await makeMember();
    await askAndOpenEmail(member);
    const again = await ask(member);
    expect(again.statusCode).toBe(429);
    expect(again.json()).toEqual({
      code: 'DATA_EXPORT_TOO_SOON',
      description:
        'You can ask for a copy of your data once a day. You can ask again from 10:30 on 5 May 2031.',
    });
    expect((await stateOf(member)).nextRequestAt).toBe(
      new Date(clock.at.getTime() + 24 * HOUR_MS).toISOString(),
    );
    const start = clock.at;
    try {
      clock.at = new Date(start.getTime() + 24 * HOUR_MS + 1000);
      const next = await ask({ ...member, cookies: await signIn(member.id) });
      expect(next.statusCode).toBe(202);
    } finally {
      clock.at = start;
    }
  });

  it('makes one request of two sent at once', async () => {
    const member = await makeMember();
    const answers = await Promise.all([ask(member), ask(member), ask(member)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([202, 429, 429]);
    const rows = await t.app.db.select().from(dataExports).where(eq(dataExports.collectorId, member.id));
    expect(rows).toHaveLength(1);
  });

  it('answers an unknown link, a signed-out caller and a malformed token clearly', async () => {
    const member = await makeMember();
    const unknown = await download(member.cookies, 'x'.repeat(43));
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ code: 'DATA_EXPORT_LINK_NOT_FOUND', description: m.linkNotFound });
    expect((await download(member.cookies, 'no spaces allowed here, sorry')).statusCode).toBe(400);
    for (const call of [
      t.app.inject({ url: dataExportPaths.requests }),
      t.app.inject({ method: 'POST', url: dataExportPaths.requests, headers: channelOnly }),
      t.app.inject({
        method: 'POST',
        url: dataExportPaths.check,
        headers: jsWeb,
        payload: { token: 'x'.repeat(43) },
      }),
      t.app.inject({
        method: 'POST',
        url: dataExportPaths.download,
        headers: jsWeb,
        payload: { token: 'x'.repeat(43) },
      }),
    ]) {
      expect((await call).statusCode).toBe(401);
    }
  });

  it('is documented at /openapi.json', async () => {
    const doc = (await t.app.inject('/openapi.json')).json<{ paths: Record<string, unknown> }>();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([dataExportPaths.requests, dataExportPaths.check, dataExportPaths.download]),
    );
  });
});
