// @databases one: the rules it tests go through the API and the repositories alike on both databases; nothing it asserts depends on the kind.
import { randomUUID } from 'node:crypto';
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  REDEEMED_MESSAGE,
  REDEMPTION_LOCK_MESSAGE,
  UNLINK_ERROR_MESSAGE,
  linkedPartnerMessages as m,
  type ConversionChallenge,
  type ConversionResult,
  type LinkedPartnersResponse,
} from '@app/contracts/linked-partners';
import { accountEvents } from '../../db/schema/account.ts';
import { demoCollector } from '../../start-data/demo-collector.ts';
import { cards, collectors } from '../../db/schema/core.ts';
import { partnerTransfers, sandboxPartnerAccounts } from '../../db/schema/linked-partners.ts';
import { pointsLedger } from '../../db/schema/points-ledger.ts';
import { pointsBalance, recordPoints } from '../../lib/points-ledger.ts';
import { setRedemptionLock } from '../../lib/redemption-lock.ts';
import { SESSION_COOKIE } from '../../plugins/session.ts';
import { buildTestApp, jsWeb, type TestApp } from '../../test/build-test-app.ts';
import { createSandboxPartner } from './sandbox-partner.ts';
import { createLinkedPartnersService } from './service.ts';
import { transferIdOf } from './conversions.ts';

let t: TestApp;
let serial = 0;

interface Member {
  id: string;
  email: string;
  cookies: Record<string, string>;
}

/** A collector of our own with a digital card, an email for codes and some points. */
async function makeMember(points = 5000): Promise<Member> {
  serial += 1;
  const email = `lp-${serial}-${Date.now()}@example.com`;
  const [row] = await t.app.db
    .insert(collectors)
    .values({ firstName: 'Sam', lastName: 'Morgan', email, dateOfBirth: '1990-01-01' })
    .returning({ id: collectors.id });
  const id = row?.id ?? '';
  const number = `98263000${String(70_000_000_000 + serial * 7919 + (Date.now() % 1000)).slice(-11)}`;
  await t.app.db.insert(cards).values({ number, collectorId: id, kind: 'digital' });
  if (points > 0) {
    await recordPoints(t.app.db, {
      collectorId: id,
      amount: points,
      reason: 'Shopping',
      source: 'test',
      idempotencyKey: `lp-seed-${id}`,
    });
  }
  return { id, email, cookies: { [SESSION_COOKIE]: (await t.app.sessions.create(id)).token } };
}

/** A sandbox account of our own, so tests never share partner balances or caps. */
async function sandbox(kind: 'airline' | 'hotel', balance = 1000, failure = 'none') {
  serial += 1;
  const membershipNumber = `${kind === 'airline' ? 'BT' : 'HT'}${String(serial).padStart(4, '0')}${String(Date.now()).slice(-6)}`;
  const response = await t.app.inject({
    method: 'POST',
    url: '/dev/linked-partners/sandbox',
    headers: jsWeb,
    payload: { kind, membershipNumber, lastName: 'Morgan', balance, failure },
  });
  expect(response.statusCode).toBe(200);
  return membershipNumber;
}

const setFailure = (kind: 'airline' | 'hotel', membershipNumber: string, failure: string) =>
  t.app.inject({
    method: 'POST',
    url: '/dev/linked-partners/sandbox',
    headers: jsWeb,
    payload: { kind, membershipNumber, failure },
  });

const partnerBalance = async (membershipNumber: string) =>
  (
    await t.app.db
      .select({ balance: sandboxPartnerAccounts.balance })
      .from(sandboxPartnerAccounts)
      .where(eq(sandboxPartnerAccounts.membershipNumber, membershipNumber))
  )[0]?.balance;

const call = (member: Member, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: unknown) =>
  t.app.inject({
    method,
    url,
    cookies: member.cookies,
    headers: payload === undefined ? { channel: 'JS-WEB' } : jsWeb,
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });

const link = (member: Member, partnerId: string, membershipNumber: string, lastName = 'Morgan') =>
  call(member, 'POST', `/linked-partners-api/partners/${partnerId}/link`, {
    linkType: 'link',
    membershipNumber,
    lastName,
  });
const unlink = (member: Member, partnerId: string) =>
  call(member, 'DELETE', `/linked-partners-api/partners/${partnerId}/link`);

/** The code of the newest message sent to this member. */
async function latestCode(member: Member) {
  const entry = (await t.app.notify.listOutbox()).find((e) => e.to === member.email);
  const code = /\b(\d{6})\b/.exec(entry?.text ?? '')?.[1];
  if (!code) throw new Error('no code sent');
  return code;
}

async function convert(member: Member, partnerId: string, conversionType: string, points: number) {
  const started = await call(member, 'POST', '/points-exchange-api/conversions/twofa', {
    partnerId,
    conversionType,
    points,
  });
  if (started.statusCode !== 200) return { started, confirmed: undefined, token: '' };
  const { conversionToken } = started.json<ConversionChallenge>();
  const confirmed = await call(member, 'POST', '/points-exchange-api/conversions', {
    conversionToken,
    twoFaCode: await latestCode(member),
  });
  return { started, confirmed, token: conversionToken };
}

beforeAll(async () => {
  t = await buildTestApp({ PARTNER_TIMEOUT_MS: '400' });
});
afterAll(async () => t.close());

describe('linking (docs/product/signed-in-pages.md §S3, docs/product/calls-and-errors.md §S8, docs/product/switches-and-constants.md §S9)', () => {
  it('links the airline, shows it, and refuses wrong details with the catalogue message', async () => {
    const member = await makeMember();
    const account = await sandbox('airline', 1000);
    const before = (
      await call(member, 'GET', '/linked-partners-api/partners')
    ).json<LinkedPartnersResponse>();
    expect(before.partners.map((p) => [p.partnerId, p.linked])).toEqual([
      ['AVIOS', null],
      ['HOTELSCOM', null],
    ]);
    const wrong = await link(member, 'AVIOS', account, 'Smith');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ code: 'LINK_DETAILS_WRONG', description: m.airline.LINK_DETAILS_WRONG });
    expect(m.airline.LINK_DETAILS_WRONG).toMatch(/^We couldn't find a British Airways Avios account/);

    const linked = await link(member, 'AVIOS', account);
    expect(linked.json()).toEqual({
      state: 'SUCCESS',
      message: m.success.LINKED('British Airways Avios'),
      modal: 'link_success',
    });
    const after = (await call(member, 'GET', '/linked-partners-api/partners')).json<LinkedPartnersResponse>();
    expect(after.partners[0]?.linked).toMatchObject({ linkType: 'link', partnerBalance: 1000 });
    expect(after.partners[0]?.linked?.membershipNumberMasked.endsWith(account.slice(-4))).toBe(true);
    expect(after.partners[0]?.linkUnlinkCount).toBe(1);
  });

  it('caps link and unlink at 4 per account, with the spec message', async () => {
    const member = await makeMember();
    const account = await sandbox('airline');
    expect((await link(member, 'AVIOS', account)).statusCode).toBe(200);
    expect((await unlink(member, 'AVIOS')).json()).toMatchObject({
      state: 'SUCCESS',
      message: m.success.UNLINKED('British Airways Avios'),
    });
    expect((await link(member, 'AVIOS', account)).json()).toMatchObject({
      message: m.success.RELINKED('British Airways Avios'),
    });
    expect((await unlink(member, 'AVIOS')).statusCode).toBe(200);
    const fifth = await link(member, 'AVIOS', account);
    expect(fifth.statusCode).toBe(409);
    expect(fifth.json()).toEqual({ code: 'CARD_CAP', description: m.airline.CARD_CAP });
  });

  it('caps the hotel with its own messages and keeps a hotel account to one member', async () => {
    const first = await makeMember();
    const second = await makeMember();
    const account = await sandbox('hotel');
    expect((await link(first, 'HOTELSCOM', account)).statusCode).toBe(200);
    expect((await link(second, 'HOTELSCOM', account)).json()).toEqual({
      code: 'ALREADY_LINKED_OTHER',
      description: m.hotel.ALREADY_LINKED_OTHER,
    });
    expect((await unlink(first, 'HOTELSCOM')).statusCode).toBe(200);
    expect((await link(second, 'HOTELSCOM', account)).json()).toEqual({
      code: 'PREVIOUSLY_LINKED_ONCE',
      description: m.hotel.PREVIOUSLY_LINKED_ONCE,
    });
    expect((await link(first, 'HOTELSCOM', account)).statusCode).toBe(200);
    expect((await unlink(first, 'HOTELSCOM')).statusCode).toBe(200);
    expect((await link(first, 'HOTELSCOM', account)).json()).toEqual({
      code: 'MAX_LINKS',
      description: m.hotel.MAX_LINKS,
    });
  });

  it('keeps an airline account to one card, and a relink to the first membership number', async () => {
    const first = await makeMember();
    const second = await makeMember();
    const account = await sandbox('airline');
    const other = await sandbox('airline');
    expect((await link(first, 'AVIOS', account)).statusCode).toBe(200);
    expect((await link(second, 'AVIOS', account)).json()).toEqual({
      code: 'ALREADY_LINKED_ELSEWHERE',
      description: m.airline.ALREADY_LINKED_ELSEWHERE,
    });
    expect((await unlink(first, 'AVIOS')).statusCode).toBe(200);
    expect((await link(first, 'AVIOS', other)).json()).toEqual({
      code: 'ORIGINAL_MEMBER_NUMBER',
      description: m.airline.ORIGINAL_MEMBER_NUMBER,
    });
  });

  it('joins a partner (link type join), and says when unlinking fails with the exact wording', async () => {
    const member = await makeMember();
    const joined = await call(member, 'POST', '/linked-partners-api/partners/HOTELSCOM/link', {
      linkType: 'join',
    });
    expect(joined.json()).toMatchObject({ state: 'SUCCESS', message: m.success.JOINED('Hotels.com') });

    const airline = await sandbox('airline');
    expect((await link(member, 'AVIOS', airline)).statusCode).toBe(200);
    await setFailure('airline', airline, 'error');
    const failed = await unlink(member, 'AVIOS');
    expect(failed.statusCode).toBe(502);
    expect(failed.json()).toEqual({ code: 'UNLINK_FAILED', description: UNLINK_ERROR_MESSAGE });
    const status = (
      await call(member, 'GET', '/linked-partners-api/partners')
    ).json<LinkedPartnersResponse>();
    expect(status.partners[0]?.linked).not.toBeNull();
  });

  it('starts the demo member with the hotel linked', async () => {
    const [card] = await t.app.db.select().from(cards).where(eq(cards.number, demoCollector.cardNumber));
    const demo = {
      id: card?.collectorId ?? '',
      email: demoCollector.email,
      cookies: { [SESSION_COOKIE]: (await t.app.sessions.create(card?.collectorId ?? '')).token },
    };
    const status = (await call(demo, 'GET', '/linked-partners-api/partners')).json<LinkedPartnersResponse>();
    expect(status.partners.map((p) => p.linked?.partnerBalance ?? null)).toEqual([null, 300]);
  });

  it('needs a session and validates input', async () => {
    expect((await t.app.inject('/linked-partners-api/partners')).statusCode).toBe(401);
    const member = await makeMember(0);
    expect(
      (await call(member, 'POST', '/linked-partners-api/partners/NOPE/link', { linkType: 'join' }))
        .statusCode,
    ).toBe(400);
    const bad = await call(member, 'POST', '/linked-partners-api/partners/AVIOS/link', {
      linkType: 'link',
      membershipNumber: '!',
      lastName: 'x',
    });
    expect(bad.statusCode).toBe(400);
  });
});

describe('conversions (points exchange)', () => {
  it('answers 20 confirmations at once of one conversion with its one result (real on PostgreSQL)', async () => {
    const member = await makeMember(5000);
    const account = await sandbox('airline', 1000);
    await link(member, 'AVIOS', account);
    const started = await call(member, 'POST', '/points-exchange-api/conversions/twofa', {
      partnerId: 'AVIOS',
      conversionType: 'NECTAR_TO_PARTNER',
      points: 800,
    });
    const { conversionToken } = started.json<ConversionChallenge>();
    const twoFaCode = await latestCode(member);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        call(member, 'POST', '/points-exchange-api/conversions', { conversionToken, twoFaCode }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array.from({ length: 20 }, () => 200));
    const states = new Set(answers.map((answer) => answer.json<{ state: string }>().state));
    expect([...states].every((state) => state === 'SUCCESS' || state === 'PENDING')).toBe(true);
    const debits = await t.app.db
      .select()
      .from(pointsLedger)
      .where(
        and(eq(pointsLedger.collectorId, member.id), like(pointsLedger.idempotencyKey, 'partner-transfer:%')),
      );
    expect(debits.map((entry) => entry.amount)).toEqual([-800]);
    expect(await pointsBalance(t.app.db, member.id)).toBe(4200);
  });

  it('converts both ways with the airline after a 2FA code, and a repeated confirm moves nothing', async () => {
    const member = await makeMember(5000);
    const account = await sandbox('airline', 1000);
    await link(member, 'AVIOS', account);

    // Points are a JSON number: the same amount as a string is refused, and no code is sent for it.
    const mailsTo = async () => (await t.app.notify.listOutbox()).filter((e) => e.to === member.email).length;
    const mailsBefore = await mailsTo();
    const asText = await call(member, 'POST', '/points-exchange-api/conversions/twofa', {
      partnerId: 'AVIOS',
      conversionType: 'NECTAR_TO_PARTNER',
      points: '800',
    });
    expect(asText.statusCode).toBe(400);
    expect(asText.json()).toEqual({ code: 'VALIDATION', description: 'Enter the number of points' });
    expect(await mailsTo()).toBe(mailsBefore);

    const started = await call(member, 'POST', '/points-exchange-api/conversions/twofa', {
      partnerId: 'AVIOS',
      conversionType: 'NECTAR_TO_PARTNER',
      points: 800,
    });
    const challenge = started.json<ConversionChallenge>();
    expect(challenge).toMatchObject({ deliveryMethod: 'email', pointsGiven: 800, pointsReceived: 500 });
    expect(challenge.message).toBe(m.twoFactor.CODE_SENT_EMAIL(challenge.maskedDestination));

    const wrong = await call(member, 'POST', '/points-exchange-api/conversions', {
      conversionToken: challenge.conversionToken,
      twoFaCode: '000000' === (await latestCode(member)) ? '111111' : '000000',
    });
    expect(wrong.json()).toEqual({ code: 'CODE_INCORRECT', description: m.twoFactor.CODE_INCORRECT });

    const code = await latestCode(member);
    const done = await call(member, 'POST', '/points-exchange-api/conversions', {
      conversionToken: challenge.conversionToken,
      twoFaCode: code,
    });
    expect(done.statusCode).toBe(200);
    expect(done.json<ConversionResult>()).toMatchObject({
      state: 'SUCCESS',
      message: REDEEMED_MESSAGE,
      modal: 'transfer_points',
      nectarBalance: 4200,
      partnerBalance: 1500,
    });
    const again = await call(member, 'POST', '/points-exchange-api/conversions', {
      conversionToken: challenge.conversionToken,
      twoFaCode: code,
    });
    expect(again.json<ConversionResult>().transfer.id).toBe(done.json<ConversionResult>().transfer.id);
    expect(await pointsBalance(t.app.db, member.id)).toBe(4200);

    const back = await convert(member, 'AVIOS', 'PARTNER_TO_NECTAR', 500);
    expect(back.confirmed?.json<ConversionResult>()).toMatchObject({
      state: 'SUCCESS',
      message: m.success.COLLECTED(800),
      nectarBalance: 5000,
      partnerBalance: 1000,
    });
    expect(await partnerBalance(account)).toBe(1000);
  });

  it('converts with the hotel at 0.5 and 2', async () => {
    const member = await makeMember(1000);
    const account = await sandbox('hotel', 100);
    await link(member, 'HOTELSCOM', account);
    const out = await convert(member, 'HOTELSCOM', 'NECTAR_TO_PARTNER', 300);
    expect(out.confirmed?.json<ConversionResult>()).toMatchObject({
      nectarBalance: 700,
      partnerBalance: 250,
    });
    const back = await convert(member, 'HOTELSCOM', 'PARTNER_TO_NECTAR', 50);
    expect(back.confirmed?.json<ConversionResult>()).toMatchObject({
      nectarBalance: 800,
      partnerBalance: 200,
    });
  });

  it('refuses what the rules refuse: steps, balances, redemption lock, limits', async () => {
    const member = await makeMember(600);
    const account = await sandbox('airline', 100);
    const start = (conversionType: string, points: number) =>
      call(member, 'POST', '/points-exchange-api/conversions/twofa', {
        partnerId: 'AVIOS',
        conversionType,
        points,
      });
    expect((await start('NECTAR_TO_PARTNER', 400)).json()).toEqual({
      code: 'NOT_LINKED',
      description: m.common.NOT_LINKED,
    });
    expect((await unlink(member, 'AVIOS')).json()).toEqual({
      code: 'NOT_LINKED',
      description: 'This account is not linked to your card, so there is nothing to unlink.',
    });
    await link(member, 'AVIOS', account);
    expect((await start('NECTAR_TO_PARTNER', 401)).json()).toEqual({
      code: 'WRONG_STEP',
      description: m.common.WRONG_STEP(400),
    });
    expect((await start('NECTAR_TO_PARTNER', 800)).json()).toEqual({
      code: 'NOT_ENOUGH_POINTS',
      description: m.common.NOT_ENOUGH_POINTS,
    });
    expect((await start('PARTNER_TO_NECTAR', 250)).json()).toEqual({
      code: 'NOT_ENOUGH_PARTNER_POINTS',
      description: m.common.NOT_ENOUGH_PARTNER_POINTS,
    });
    expect((await start('NECTAR_TO_PARTNER', 60_000)).json()).toEqual({
      code: 'MAX_TRANSACTION',
      description: m.common.MAX_TRANSACTION,
    });

    await setRedemptionLock(t.app.db, member.id, true);
    const locked = await start('NECTAR_TO_PARTNER', 400);
    expect(locked.statusCode).toBe(403);
    expect(locked.json()).toEqual({ code: 'REDEMPTION_LOCKED', description: REDEMPTION_LOCK_MESSAGE });
    await setRedemptionLock(t.app.db, member.id, false);

    await setFailure('airline', account, 'locked');
    const partnerLocked = await start('PARTNER_TO_NECTAR', 250);
    expect(partnerLocked.statusCode).toBe(423);
    expect(partnerLocked.json()).toEqual({
      code: 'PARTNER_ACCOUNT_LOCKED',
      description: m.airline.PARTNER_ACCOUNT_LOCKED,
    });
  });

  it('asks the member to wait an hour after their contact details changed', async () => {
    const member = await makeMember(1000);
    const account = await sandbox('hotel', 100);
    await link(member, 'HOTELSCOM', account);
    await t.app.db.insert(accountEvents).values({ collectorId: member.id, type: 'email-changed' });
    const started = await call(member, 'POST', '/points-exchange-api/conversions/twofa', {
      partnerId: 'HOTELSCOM',
      conversionType: 'NECTAR_TO_PARTNER',
      points: 2,
    });
    expect(started.json()).toEqual({
      code: 'CONTACT_DETAILS_CHANGED',
      description: m.common.CONTACT_DETAILS_CHANGED,
    });
  });

  it('stops at the daily number of conversions', async () => {
    const member = await makeMember(0);
    const account = await sandbox('hotel', 100);
    await link(member, 'HOTELSCOM', account);
    for (let i = 0; i < 5; i += 1) {
      const { confirmed } = await convert(member, 'HOTELSCOM', 'PARTNER_TO_NECTAR', 1);
      expect(confirmed?.statusCode).toBe(200);
    }
    const sixth = await call(member, 'POST', '/points-exchange-api/conversions/twofa', {
      partnerId: 'HOTELSCOM',
      conversionType: 'PARTNER_TO_NECTAR',
      points: 1,
    });
    expect(sixth.json()).toEqual({
      code: 'DAILY_TRANSACTION_LIMIT',
      description: m.common.DAILY_TRANSACTION_LIMIT,
    });
  });

  it.each(['error', 'timeout'])(
    'leaves both balances as before when the partner fails (%s) after the debit, refunding once',
    async (failure) => {
      const member = await makeMember(2000);
      const account = await sandbox('airline', 1000);
      await link(member, 'AVIOS', account);
      const started = await call(member, 'POST', '/points-exchange-api/conversions/twofa', {
        partnerId: 'AVIOS',
        conversionType: 'NECTAR_TO_PARTNER',
        points: 1200,
      });
      const { conversionToken } = started.json<ConversionChallenge>();
      await setFailure('airline', account, failure);
      const failed = await call(member, 'POST', '/points-exchange-api/conversions', {
        conversionToken,
        twoFaCode: await latestCode(member),
      });
      expect(failed.statusCode).toBe(502);
      expect(failed.json()).toEqual({ code: 'TRANSFER_FAILED', description: m.airline.TRANSFER_FAILED });
      expect(await pointsBalance(t.app.db, member.id)).toBe(2000);
      expect(await partnerBalance(account)).toBe(1000);

      const [transfer] = await t.app.db
        .select()
        .from(partnerTransfers)
        .where(eq(partnerTransfers.collectorId, member.id));
      expect(transfer).toMatchObject({
        status: 'FAILED',
        failureCode: failure === 'error' ? 'UNAVAILABLE' : 'TIMEOUT',
      });
      // A second refund of the same transfer (a retry, a restart's settling) gives nothing more.
      const service = createLinkedPartnersService({
        db: t.app.db,
        adapters: {
          airline: createSandboxPartner(t.app.db, 'airline'),
          hotel: createSandboxPartner(t.app.db, 'hotel'),
        },
        timeoutMs: 400,
        send: async () => undefined,
      });
      if (transfer) await Promise.all([service.refund(transfer, 'AGAIN'), service.refund(transfer, 'AGAIN')]);
      expect(await pointsBalance(t.app.db, member.id)).toBe(2000);
      const entries = await t.app.db
        .select()
        .from(pointsLedger)
        .where(
          and(
            eq(pointsLedger.collectorId, member.id),
            like(pointsLedger.idempotencyKey, 'partner-transfer:%'),
          ),
        );
      expect(entries.map((e) => e.amount).sort((a, b) => a - b)).toEqual([-1200, 1200]);
      // A repeated confirm answers the same failure and moves nothing.
      const again = await call(member, 'POST', '/points-exchange-api/conversions', {
        conversionToken,
        twoFaCode: '123456',
      });
      expect(again.json()).toEqual({ code: 'TRANSFER_FAILED', description: m.airline.TRANSFER_FAILED });
      expect(await pointsBalance(t.app.db, member.id)).toBe(2000);
    },
  );

  /** A hotel transfer row a stopped process left PENDING `ageMs` ago, and nothing else: its id. */
  async function pendingTransfer(
    member: Member,
    account: string,
    ageMs: number,
    conversion: { type: 'NECTAR_TO_PARTNER' | 'PARTNER_TO_NECTAR'; given: number; received: number },
    id: string = randomUUID(),
  ) {
    const at = new Date(Date.now() - ageMs);
    await t.app.db.insert(partnerTransfers).values({
      id,
      collectorId: member.id,
      partnerId: 'HOTELSCOM',
      partnerAccount: account,
      conversionType: conversion.type,
      pointsGiven: conversion.given,
      pointsReceived: conversion.received,
      status: 'PENDING',
      createdAt: at,
      updatedAt: at,
    });
    return id;
  }

  /** A base-to-partner transfer a stopped process left PENDING `ageMs` ago, its points taken. */
  async function stalledTransfer(member: Member, account: string, ageMs: number, id: string = randomUUID()) {
    await pendingTransfer(
      member,
      account,
      ageMs,
      { type: 'NECTAR_TO_PARTNER', given: 400, received: 200 },
      id,
    );
    await recordPoints(t.app.db, {
      collectorId: member.id,
      amount: -400,
      reason: 'Converted',
      source: 'test',
      idempotencyKey: `partner-transfer:${id}:debit`,
    });
    return id;
  }

  const transferRow = async (id: string) =>
    (await t.app.db.select().from(partnerTransfers).where(eq(partnerTransfers.id, id)))[0];

  /** Polls (50 ms apart, up to 10 s) until the transfer is no longer PENDING. */
  async function settled(id: string) {
    for (let i = 0; i < 200; i += 1) {
      const row = await transferRow(id);
      if (row?.status !== 'PENDING') return row;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    return transferRow(id);
  }

  it('settles a pending transfer past the threshold by the scheduled job, without a restart, refunding once', async () => {
    const member = await makeMember(1000);
    const account = await sandbox('hotel', 0);
    await link(member, 'HOTELSCOM', account);
    // Two minutes old: past the threshold (2 x the 8 s partner limit + 30 s), under the old start-up's 5 minutes.
    const id = await stalledTransfer(member, account, 2 * 60_000);
    const young = await stalledTransfer(member, account, 5_000);
    expect(await pointsBalance(t.app.db, member.id)).toBe(200);
    await t.app.jobs.trigger('settle-stale-conversions');
    await t.app.jobs.trigger('settle-stale-conversions');
    expect(await settled(id)).toMatchObject({ status: 'FAILED', failureCode: 'STALE' });
    // The young one may still be in a request's hands: left alone.
    expect(await transferRow(young)).toMatchObject({ status: 'PENDING' });
    expect(await pointsBalance(t.app.db, member.id)).toBe(600);
    const refunds = await t.app.db
      .select()
      .from(pointsLedger)
      .where(eq(pointsLedger.idempotencyKey, `partner-transfer:${id}:refund`));
    expect(refunds.map((r) => r.amount)).toEqual([400]);
  });

  it('settles a transfer left PENDING without its debit as FAILED, giving nothing back', async () => {
    const member = await makeMember(1000);
    const account = await sandbox('hotel', 0);
    await link(member, 'HOTELSCOM', account);
    // What a stop between a transfer and its debit left while they were written apart: no points were taken,
    // and the partner was never asked to credit anything.
    const id = await pendingTransfer(member, account, 2 * 60_000, {
      type: 'NECTAR_TO_PARTNER',
      given: 400,
      received: 200,
    });
    await t.app.jobs.trigger('settle-stale-conversions');
    expect(await settled(id)).toMatchObject({ status: 'FAILED', failureCode: 'STALE' });
    expect(await pointsBalance(t.app.db, member.id)).toBe(1000);
    const entries = await t.app.db
      .select()
      .from(pointsLedger)
      .where(like(pointsLedger.idempotencyKey, `partner-transfer:${id}:%`));
    expect(entries).toEqual([]);
  });

  it('settles a partner-to-base transfer whose credit was written as a success, and leaves the partner alone', async () => {
    const member = await makeMember(0);
    const account = await sandbox('hotel', 1000);
    await link(member, 'HOTELSCOM', account);
    // The partner took its 400 and the member got 800, then the process stopped before the status was written.
    const id = await pendingTransfer(member, account, 2 * 60_000, {
      type: 'PARTNER_TO_NECTAR',
      given: 400,
      received: 800,
    });
    await createSandboxPartner(t.app.db, 'hotel').debit(account, 400, id, new AbortController().signal);
    await recordPoints(t.app.db, {
      collectorId: member.id,
      amount: 800,
      reason: 'Converted from Hotels.com points',
      source: 'partner-hotelscom',
      idempotencyKey: `partner-transfer:${id}:credit`,
    });
    await t.app.jobs.trigger('settle-stale-conversions');
    expect(await settled(id)).toMatchObject({ status: 'SUCCESS' });
    expect(await pointsBalance(t.app.db, member.id)).toBe(800);
    expect(await partnerBalance(account)).toBe(600);
  });

  it('lists a pending transfer on the partners page until the job settles it', async () => {
    const member = await makeMember(1000);
    const account = await sandbox('hotel', 0);
    await link(member, 'HOTELSCOM', account);
    const id = await stalledTransfer(member, account, 2 * 60_000);
    const hotelOf = async () =>
      (await call(member, 'GET', '/linked-partners-api/partners'))
        .json<LinkedPartnersResponse>()
        .partners.find((p) => p.partnerId === 'HOTELSCOM');
    expect((await hotelOf())?.pendingTransfers).toEqual([
      expect.objectContaining({
        id,
        status: 'PENDING',
        pointsGiven: 400,
        pointsReceived: 200,
        direction: 'NTP',
      }),
    ]);
    await t.app.jobs.trigger('settle-stale-conversions');
    expect(await settled(id)).toMatchObject({ status: 'FAILED' });
    expect((await hotelOf())?.pendingTransfers).toEqual([]);
  });

  it('answers a retried confirmation of a transfer still pending that its points are being refunded', async () => {
    const member = await makeMember(1000);
    const account = await sandbox('hotel', 0);
    await link(member, 'HOTELSCOM', account);
    const conversionToken = `stalled-${randomUUID()}`;
    await stalledTransfer(member, account, 5_000, transferIdOf(conversionToken));
    const again = await call(member, 'POST', '/points-exchange-api/conversions', {
      conversionToken,
      twoFaCode: '123456',
    });
    expect(again.statusCode).toBe(200);
    expect(again.json<ConversionResult>()).toMatchObject({
      state: 'PENDING',
      message: m.common.BEING_REFUNDED('Hotels.com'),
    });
  });

  it.runIf(process.env.TEST_DB === 'postgres')(
    'refunds a stale transfer once with two instances running the jobs (PostgreSQL, pg-boss)',
    async () => {
      const other = await buildTestApp({}, { databaseUrl: t.config.databaseUrl });
      try {
        const member = await makeMember(2000);
        const account = await sandbox('hotel', 0);
        await link(member, 'HOTELSCOM', account);
        const ids = await Promise.all([1, 2, 3].map(() => stalledTransfer(member, account, 2 * 60_000)));
        expect(await pointsBalance(t.app.db, member.id)).toBe(800);
        await Promise.all([
          t.app.jobs.trigger('settle-stale-conversions'),
          other.app.jobs.trigger('settle-stale-conversions'),
          t.app.jobs.trigger('settle-stale-conversions'),
          other.app.jobs.trigger('settle-stale-conversions'),
        ]);
        for (const id of ids) expect(await settled(id)).toMatchObject({ status: 'FAILED' });
        const refunds = await t.app.db
          .select()
          .from(pointsLedger)
          .where(and(eq(pointsLedger.collectorId, member.id), like(pointsLedger.idempotencyKey, '%:refund')));
        expect(refunds.map((r) => r.amount)).toEqual([400, 400, 400]);
        expect(await pointsBalance(t.app.db, member.id)).toBe(2000);
      } finally {
        await other.app.close();
      }
    },
  );

  it('never overdraws when conversions are confirmed in parallel', async () => {
    const member = await makeMember(1000);
    const account = await sandbox('hotel', 0);
    await link(member, 'HOTELSCOM', account);
    // Five conversions of 400 each started one by one (each has its own code), then confirmed together.
    const pending: Array<{ conversionToken: string; twoFaCode: string }> = [];
    for (let i = 0; i < 5; i += 1) {
      const started = await call(member, 'POST', '/points-exchange-api/conversions/twofa', {
        partnerId: 'HOTELSCOM',
        conversionType: 'NECTAR_TO_PARTNER',
        points: 400,
      });
      expect(started.statusCode).toBe(200);
      pending.push({
        conversionToken: started.json<ConversionChallenge>().conversionToken,
        twoFaCode: await latestCode(member),
      });
    }
    const results = await Promise.all(
      pending.map((body) => call(member, 'POST', '/points-exchange-api/conversions', body)),
    );
    const ok = results.filter((r) => r.statusCode === 200).length;
    expect(ok).toBe(2);
    for (const r of results.filter((x) => x.statusCode !== 200)) {
      expect(r.json()).toEqual({ code: 'NOT_ENOUGH_POINTS', description: m.common.NOT_ENOUGH_POINTS });
    }
    expect(await pointsBalance(t.app.db, member.id)).toBe(200);
    expect(await partnerBalance(account)).toBe(400);
  });
});
