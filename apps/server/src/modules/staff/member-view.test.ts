// @databases both: the member's screen runs its reads at once: PGlite's one connection, PostgreSQL's pool.
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staffMemberViewSchema, type StaffMemberView } from '@app/contracts/staff';
import { accountEvents } from '../../db/schema/account.ts';
import { vouchers } from '../../db/schema/card-activity.ts';
import { cards, consents, credentials, sessions } from '../../db/schema/core.ts';
import { knownDevices } from '../../db/schema/identity.ts';
import { partnerLinks, partnerTransfers } from '../../db/schema/linked-partners.ts';
import { pendingPoints } from '../../db/schema/missing-points.ts';
import { collectorOffers, offers } from '../../db/schema/offers.ts';
import { passkeys } from '../../db/schema/passkeys.ts';
import { pointsGoals } from '../../db/schema/points-goal.ts';
import { SESSION_COOKIE } from '../../plugins/session.ts';
import { buildTestApp, jsWeb, newAccountMember, type TestApp } from '../../test/build-test-app.ts';
import { staffSession } from '../../test/staff-session.ts';

let t: TestApp;
let staff: Record<string, string>;
beforeAll(async () => {
  t = await buildTestApp();
  staff = await staffSession(t, 'agent@example.com');
});
afterAll(() => t.close());

const view = (memberId: string) =>
  t.app.inject({ method: 'GET', url: `/staff-api/members/${memberId}`, headers: jsWeb, cookies: staff });
const checkCaller = (memberId: string) =>
  t.app.inject({
    method: 'POST',
    url: `/staff-api/members/${memberId}/caller-check`,
    headers: jsWeb,
    cookies: staff,
    payload: { notCheckedBecause: 'A test of the member screen' },
  });

/** A fresh member with the demo's offers, signed in on the site: their id and the session cookie's secret. */
async function member() {
  const made = await newAccountMember(t, { offers: 'demo' });
  const { cardNumber } = made.json<{ cardNumber: string }>();
  const [card] = await t.app.db.select().from(cards).where(eq(cards.number, cardNumber));
  const session = made.cookies.find((cookie) => cookie.name === SESSION_COOKIE)?.value ?? '';
  return { id: card?.collectorId ?? '', cardNumber, session };
}

/** Secrets the member's rows hold, none of which the screen may show. */
const secrets = {
  voucherCode: 'QWERTYUP7K3M',
  partnerAccount: '99887766',
  publicKey: `pQECAyYgASFYIPUBLICKEY${randomUUID().replace(/-/g, '')}`,
  credentialId: `credential-${randomUUID()}`,
  deviceHash: `device-hash-${randomUUID()}`,
};

describe("the member's screen", () => {
  it('shows one of each record of the member, and no secret', async () => {
    const { id, cardNumber, session } = await member();
    const db = t.app.db;
    const day = 86_400_000;
    await Promise.all([
      db
        .update(collectorOffers)
        .set({ timesEarned: 2 })
        .where(and(eq(collectorOffers.collectorId, id), eq(collectorOffers.offerId, 'piano-002'))),
      // A paused offer leaves the member's list, not the careline's view of what the member holds.
      db.update(offers).set({ status: 'paused' }).where(eq(offers.id, 'piano-003')),
      db.insert(vouchers).values({
        collectorId: id,
        rewardId: 'retailer-5',
        points: 500,
        requestKey: randomUUID(),
        voucherCode: secrets.voucherCode,
        partnerName: 'Sainsbury’s',
        itemDescription: '£5 off your shopping',
        expiresAt: new Date(Date.now() + 90 * day),
      }),
      db.insert(partnerLinks).values({
        collectorId: id,
        cardNumber,
        partnerId: 'AVIOS',
        partnerAccount: secrets.partnerAccount,
        linkType: 'link',
      }),
      db.insert(partnerTransfers).values({
        id: randomUUID(),
        collectorId: id,
        partnerId: 'AVIOS',
        partnerAccount: secrets.partnerAccount,
        conversionType: 'NECTAR_TO_PARTNER',
        pointsGiven: 400,
        pointsReceived: 250,
        status: 'SUCCESS',
      }),
      db.insert(pendingPoints).values({
        collectorId: id,
        partner: 'argos',
        purchasedOn: '2026-11-20',
        spendPence: 4_599,
        reference: 'AR-123 456',
        referenceKey: 'AR123456',
        points: 46,
        expectedOn: '2099-01-01',
      }),
      db.insert(pointsGoals).values({ collectorId: id, kind: 'voucher', rewardId: 'retailer-10' }),
      db.insert(passkeys).values({
        collectorId: id,
        credentialId: secrets.credentialId,
        publicKey: secrets.publicKey,
        name: 'iCloud Keychain',
        device: 'Safari on iOS',
        backedUp: true,
        lastUsedAt: new Date(),
      }),
      db.insert(accountEvents).values({
        collectorId: id,
        type: 'password-changed',
        userAgent: 'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 Chrome/126.0 Mobile Safari/537.36',
      }),
      db
        .insert(knownDevices)
        .values({ collectorId: id, clientId: 'nectar-web', deviceHash: secrets.deviceHash }),
      db
        .insert(consents)
        .values({ collectorId: id, kind: 'marketing contactByEmail:yes', wordingVersion: '2026-11' }),
    ]);

    const before = await view(id);
    expect(before.statusCode).toBe(409);
    expect(before.json()).toMatchObject({ code: 'CALLER_CHECK_REQUIRED' });
    expect(before.body).not.toContain('piano-001');
    expect((await checkCaller(id)).statusCode).toBe(200);

    const response = await view(id);
    expect(response.statusCode).toBe(200);
    const screen: StaffMemberView = staffMemberViewSchema.parse(response.json());

    expect(screen.offers.map((offer) => [offer.id, offer.state, offer.timesUsed])).toEqual(
      expect.arrayContaining([
        ['piano-001', 'LOADED', 0],
        ['piano-002', 'LOADED', 2],
        ['piano-003', 'PINNED', 0],
        ['coalition-002', 'OPTEDIN', 0],
      ]),
    );
    // Offers the member never touched are counted, not listed.
    expect(screen.offers.every((offer) => offer.state !== 'UNLOADED' || offer.timesUsed > 0)).toBe(true);
    expect(screen.offersAssigned).toBeGreaterThan(screen.offers.length);
    expect(screen.vouchers).toEqual([
      expect.objectContaining({ reward: '£5 off your shopping', points: 500, code: '********7K3M' }),
    ]);
    expect(screen.partnerLinks).toEqual([
      expect.objectContaining({ partnerId: 'AVIOS', membershipNumber: '****7766', linkType: 'link' }),
    ]);
    expect(screen.transfers).toEqual([
      expect.objectContaining({
        direction: 'to-partner',
        pointsGiven: 400,
        pointsReceived: 250,
        partnerPointsName: 'Avios',
        status: 'SUCCESS',
      }),
    ]);
    expect(screen.pendingPoints).toEqual({
      total: 46,
      entries: [
        expect.objectContaining({
          partner: 'Argos',
          reference: 'AR-123 456',
          points: 46,
          expectedOn: '2099-01-01',
        }),
      ],
    });
    expect(screen.goal).toMatchObject({ points: 2000, reached: false, pointsToGo: 2000 });
    expect(screen.goal?.title).toContain('£10 off');
    expect(screen.preferences).toMatchObject({ email: true, sms: false, onlineAdvertising: true });
    expect(screen.consents).toEqual([
      expect.objectContaining({ kind: 'marketing contactByEmail:yes', wordingVersion: '2026-11' }),
    ]);
    expect(screen.sessions).toHaveLength(1);
    expect(screen.devices).toEqual([expect.objectContaining({ client: 'nectar-web' })]);
    expect(screen.passkeys).toEqual([
      expect.objectContaining({ name: 'iCloud Keychain', device: 'Safari on iOS', synced: true }),
    ]);
    expect(screen.securityEvents).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ type: 'password-changed', device: 'Chrome on Android' }),
      ]),
    );

    const [credential] = await db.select().from(credentials).where(eq(credentials.collectorId, id));
    const [stored] = await db.select().from(sessions).where(eq(sessions.collectorId, id));
    const body = response.body;
    for (const secret of [credential?.passwordHash, stored?.idHash, session, ...Object.values(secrets)]) {
      expect(secret).toBeTruthy();
      expect(body).not.toContain(secret);
    }
  });

  it('shows a member with none of these as empty lists and no goal', async () => {
    const { id } = await member();
    await t.app.db.delete(accountEvents).where(eq(accountEvents.collectorId, id));
    await checkCaller(id);
    const screen = staffMemberViewSchema.parse((await view(id)).json());
    expect(screen).toMatchObject({
      vouchers: [],
      partnerLinks: [],
      transfers: [],
      pendingPoints: { total: 0, entries: [] },
      goal: null,
      consents: [],
      devices: [],
      passkeys: [],
      securityEvents: [],
      preferences: { email: true, sms: false, post: false, phone: false, onlineAdvertising: true },
    });
  });
});
