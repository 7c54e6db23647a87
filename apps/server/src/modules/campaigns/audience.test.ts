// @databases both: segments, counts and assignments are SQL over the member summaries (INSERT … SELECT, an advisory lock), and members' lists follow the change feed.
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { offerErrors } from '@app/contracts/offers';
import {
  audienceListReasons,
  MAX_PERSONALISED_OFFERS_SHOWN,
  type OfferDraft,
  type StaffOfferDetails,
} from '@app/contracts/staff-offers';
import { collectorOffers, offers } from '../../db/schema/offers.ts';
import { recordPoints } from '../../lib/points-ledger.ts';
import { cards } from '../../db/schema/core.ts';
import { SESSION_COOKIE } from '../../plugins/session.ts';
import { buildTestApp, jsWeb, newAccountMember, type TestApp } from '../../test/build-test-app.ts';
import { REFRESH_SUMMARIES_JOB } from './routes.ts';
import { staffSession } from '../../test/staff-session.ts';

let t: TestApp;
let marketer: Cookies;
let admin: Cookies;
beforeAll(async () => {
  t = await buildTestApp();
  marketer = await consoleAs('marketer@example.com');
  admin = await consoleAs('admin@example.com');
});
afterAll(() => t.close());

type Cookies = Record<string, string>;

const consoleAs = (email: string): Promise<Cookies> => staffSession(t, email);

const call = (cookies: Cookies, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: jsWeb, cookies, ...(payload === undefined ? {} : { payload }) });

/** A fresh member, signed in, with `points` collected at the retailer's till. */
async function memberWith(points?: number) {
  const response = await newAccountMember(t, points ? { points } : {});
  const { cardNumber } = response.json<{ cardNumber: string }>();
  const [card] = await t.app.db
    .select({ collectorId: cards.collectorId })
    .from(cards)
    .where(eq(cards.number, cardNumber));
  const session = response.cookies.find((cookie) => cookie.name === SESSION_COOKIE)?.value ?? '';
  return { cardNumber, id: card?.collectorId ?? '', cookies: { [SESSION_COOKIE]: session } };
}
type Member = Awaited<ReturnType<typeof memberWith>>;

const DAY = 86_400_000;
const NOW = Date.now();
const draft = (changes: Partial<OfferDraft> = {}): OfferDraft => ({
  kind: 'bonus',
  partnerId: null,
  campaign: null,
  title: '300 bonus points on croissants',
  description: 'Collect 300 extra points when you buy croissants.',
  howTo: 'Save this offer, then buy croissants.',
  terms: 'Once per card.',
  category: { key: 'bakery', name: 'Bakery' },
  picture: 'croissant',
  rule: { kind: 'product', sku: 'croissants', points: 300 },
  points: 300,
  maxPerMember: 1,
  validFrom: new Date(NOW - DAY).toISOString(),
  validTo: new Date(NOW + 30 * DAY).toISOString(),
  budgetPoints: null,
  audience: { kind: 'everyone' },
  ...changes,
});
const above = (points: number): OfferDraft['audience'] => ({
  kind: 'segment',
  rules: [
    { rule: 'balance-above', points },
    { rule: 'joined-within', days: 1 },
  ],
});

const step = async (cookies: Cookies, id: string, name: string) => {
  const answer = await call(cookies, 'POST', `/staff-api/offers/${id}/${name}`, {});
  expect(answer.statusCode, `${name}: ${answer.body}`).toBe(200);
  return answer.json<StaffOfferDetails>();
};

/** A draft written by the demo marketer, sent, and approved by the admin. */
async function approved(changes: Partial<OfferDraft>) {
  const made = await call(marketer, 'POST', '/staff-api/offers', draft(changes));
  expect(made.statusCode, made.body).toBe(201);
  const { id } = made.json<StaffOfferDetails>();
  await step(marketer, id, 'submit');
  return step(admin, id, 'approve');
}

/** The member's bonus offers as their own list shows them. */
const bonusOffers = async (member: Member) => {
  const answer = await t.app.inject({ url: '/offers-api/offers?type=PIANO', cookies: member.cookies });
  expect(answer.statusCode).toBe(200);
  return answer.json<{ offers: Array<{ id: string; state: string }> }>().offers;
};
const holds = async (member: Member, offerId: string) =>
  (await bonusOffers(member)).some((offer) => offer.id === offerId);
const load = (member: Member, offerId: string) =>
  t.app.inject({
    method: 'PUT',
    url: '/offers-api/offer/state',
    headers: jsWeb,
    cookies: member.cookies,
    payload: { offers: [{ id: offerId, state: 'LOADED' }] },
  });
const assignment = async (memberId: string, offerId: string) =>
  (
    await t.app.db
      .select({ state: collectorOffers.state })
      .from(collectorOffers)
      .where(and(eq(collectorOffers.collectorId, memberId), eq(collectorOffers.offerId, offerId)))
  )[0]?.state;

const count = async (audience: OfferDraft['audience']) => {
  const answer = await call(marketer, 'POST', '/staff-api/offers/audience-count', { audience });
  expect(answer.statusCode).toBe(200);
  return answer.json<{ members: number; summaryRefreshedAt: string | null }>();
};

describe('an audience', () => {
  it('is counted on fresh summaries: a member who comes into the segment counts at once', async () => {
    const segment: OfferDraft['audience'] = {
      kind: 'segment',
      rules: [
        { rule: 'balance-above', points: 990_000 },
        { rule: 'fuel-shopper', days: 30 },
      ],
    };
    const before = await count(segment);
    expect(before.summaryRefreshedAt).not.toBeNull();
    const member = await memberWith(995_000);
    // Points at the till: not a fuel shopper yet.
    expect((await count(segment)).members).toBe(before.members);
    await recordPoints(t.app.db, {
      collectorId: member.id,
      cardNumber: member.cardNumber,
      amount: 40,
      reason: 'Fuel',
      source: 'esso',
      idempotencyKey: `fuel-${member.id}`,
    });
    expect((await count(segment)).members).toBe(before.members + 1);
    expect((await count({ kind: 'everyone' })).members).toBeGreaterThan(before.members);
  });

  it('is given an approved segment offer: a member in it gets it, one outside does not', async () => {
    const inside = await memberWith(920_001);
    const outside = await memberWith(1_000);
    const offer = await approved({ audience: above(920_000) });
    expect(await assignment(inside.id, offer.id)).toBe('UNLOADED');
    expect(await assignment(outside.id, offer.id)).toBeUndefined();
    expect(await holds(inside, offer.id)).toBe(true);
    expect(await holds(outside, offer.id)).toBe(false);
    // A partner's offer starts not opted in.
    const partner = await approved({ kind: 'partner', partnerId: 'cinemacity', audience: above(920_000) });
    expect(partner.sponsorDisplayName).toBe('Cinema City');
    expect(await assignment(inside.id, partner.id)).toBe('NOTOPTEDIN');
  });

  it('leaves the member’s list once paused or ended, and cannot be changed then', async () => {
    const member = await memberWith(930_001);
    const offer = await approved({ audience: above(930_000) });
    expect((await load(member, offer.id)).statusCode).toBe(200);

    await step(marketer, offer.id, 'pause');
    expect(await holds(member, offer.id)).toBe(false);
    const whilePaused = await load(member, offer.id);
    expect(whilePaused.statusCode).toBe(404);
    expect(whilePaused.json()).toEqual({ code: 'OFFER_NOT_FOUND', description: offerErrors.notAssigned });
    expect(
      (await t.app.inject({ url: `/offers-api/offers/${offer.id}`, cookies: member.cookies })).statusCode,
    ).toBe(404);

    await step(marketer, offer.id, 'resume');
    expect(await bonusOffers(member)).toContainEqual(
      expect.objectContaining({ id: offer.id, state: 'LOADED' }),
    );

    await step(marketer, offer.id, 'end');
    expect(await holds(member, offer.id)).toBe(false);
    expect((await load(member, offer.id)).statusCode).toBe(404);
  });

  it('takes an uploaded list of cards, reports each refused row, and reaches the list', async () => {
    const listed = await memberWith();
    const other = await memberWith();
    const made = (
      await call(marketer, 'POST', '/staff-api/offers', draft({ audience: { kind: 'list' } }))
    ).json<StaffOfferDetails>();
    const spaced = `${listed.cardNumber.slice(0, 8)} ${listed.cardNumber.slice(8)}`;
    const csv = ['card_number', listed.cardNumber, '9826300012345', '98263000999999999990', spaced, ''].join(
      '\r\n',
    );
    const uploaded = await t.app.inject({
      method: 'PUT',
      url: `/staff-api/offers/${made.id}/audience-list`,
      headers: { channel: 'JS-WEB', 'content-type': 'text/csv' },
      cookies: marketer,
      payload: csv,
    });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    expect(uploaded.json()).toEqual({
      accepted: 1,
      refused: [
        { row: 3, value: '9826300012345', reason: audienceListReasons.notACardNumber },
        { row: 4, value: '98263000999999999990', reason: audienceListReasons.notACardNumber },
        { row: 5, value: spaced, reason: audienceListReasons.duplicate(2) },
      ],
    });
    // A card in the right form that no member has.
    const nobodys = '98263000' + '00000000001';
    const unknown = await t.app.inject({
      method: 'PUT',
      url: `/staff-api/offers/${made.id}/audience-list`,
      headers: { channel: 'JS-WEB', 'content-type': 'text/csv' },
      cookies: marketer,
      payload: `${listed.cardNumber}\n${nobodys}\n`,
    });
    expect(unknown.json()).toEqual({
      accepted: 1,
      refused: [{ row: 2, value: nobodys, reason: audienceListReasons.unknownCard }],
    });
    expect((await call(marketer, 'GET', `/staff-api/offers/${made.id}`)).json()).toMatchObject({
      listCount: 1,
    });
    const counted = await call(marketer, 'POST', '/staff-api/offers/audience-count', {
      audience: { kind: 'list' },
      offerId: made.id,
    });
    expect(counted.json()).toMatchObject({ members: 1 });

    await step(marketer, made.id, 'submit');
    await step(admin, made.id, 'approve');
    expect(await holds(listed, made.id)).toBe(true);
    expect(await holds(other, made.id)).toBe(false);
  });

  it('tells whether a member is in the audience in the preview', async () => {
    const inside = await memberWith(940_001);
    const outside = await memberWith();
    const made = (
      await call(marketer, 'POST', '/staff-api/offers', draft({ audience: above(940_000) }))
    ).json<StaffOfferDetails>();
    for (const [member, inAudience] of [
      [inside, true],
      [outside, false],
    ] as const) {
      const preview = await call(marketer, 'POST', `/staff-api/offers/${made.id}/preview`, {
        memberId: member.id,
      });
      expect(preview.json()).toMatchObject({ memberId: member.id, inAudience });
    }
  });

  it('reaches members who come into a running segment later, by the minute’s job', async () => {
    const offer = await approved({ audience: above(950_000) });
    const newcomer = await memberWith(950_001);
    expect(await assignment(newcomer.id, offer.id)).toBeUndefined();
    await t.app.jobs.trigger(REFRESH_SUMMARIES_JOB);
    // On PostgreSQL the job runs on pg-boss's worker: wait for it.
    await vi.waitFor(async () => expect(await assignment(newcomer.id, offer.id)).toBe('UNLOADED'), {
      timeout: 20_000,
      interval: 100,
    });
  });
});

describe('an assignment cut short', () => {
  it('is taken up again by the minute’s job, from the last member given the offer', async () => {
    const member = await memberWith();
    const offer = await approved({ audience: { kind: 'everyone' } });
    expect(await assignment(member.id, offer.id)).toBe('UNLOADED');
    const cursor = async () =>
      (
        await t.app.db
          .select({ after: offers.assigningAfter, at: offers.assigningAt })
          .from(offers)
          .where(eq(offers.id, offer.id))
      )[0];
    // Every member had their turn within the request.
    expect(await cursor()).toEqual({ after: null, at: null });

    // As if the server stopped once the approval was committed, before any member was given the offer.
    await t.app.db
      .delete(collectorOffers)
      .where(and(eq(collectorOffers.collectorId, member.id), eq(collectorOffers.offerId, offer.id)));
    await t.app.db
      .update(offers)
      .set({ assigningAfter: null, assigningAt: new Date(Date.now() - 3 * 60_000) })
      .where(eq(offers.id, offer.id));
    await t.app.jobs.trigger(REFRESH_SUMMARIES_JOB);
    await vi.waitFor(async () => expect(await assignment(member.id, offer.id)).toBe('UNLOADED'), {
      timeout: 20_000,
      interval: 100,
    });
    await vi.waitFor(async () => expect(await cursor()).toEqual({ after: null, at: null }), {
      timeout: 20_000,
      interval: 100,
    });
  });
});

describe('a new version', () => {
  it('stops the old one for members who had not loaded it; one who loaded it keeps its rule', async () => {
    const loaded = await memberWith(960_001);
    const unsaved = await memberWith(960_002);
    const first = await approved({ audience: above(960_000) });
    expect((await load(loaded, first.id)).statusCode).toBe(200);

    const copy = await step(marketer, first.id, 'new-version');
    const rule = { kind: 'product' as const, sku: 'croissants', points: 500 };
    const rewritten = await call(marketer, 'PUT', `/staff-api/offers/${copy.id}`, {
      ...copy.draft,
      rule,
      points: 500,
      title: '500 bonus points on croissants',
    });
    expect(rewritten.statusCode).toBe(200);
    await step(marketer, copy.id, 'submit');
    const second = await step(admin, copy.id, 'approve');
    expect(second).toMatchObject({ version: 2, previousVersionId: first.id, lifecycle: 'live' });

    // The member who loaded the first keeps it, and its rule, and gets no second copy.
    expect(await assignment(loaded.id, first.id)).toBe('LOADED');
    expect(await assignment(loaded.id, second.id)).toBeUndefined();
    expect(await bonusOffers(loaded)).toContainEqual(
      expect.objectContaining({ id: first.id, state: 'LOADED' }),
    );
    const [old] = await t.app.db.select().from(offers).where(eq(offers.id, first.id));
    expect(old).toMatchObject({ rule: draft().rule, stoppedReason: 'replaced', status: 'approved' });
    // The other has the new version only.
    expect(await assignment(unsaved.id, first.id)).toBeUndefined();
    expect(await assignment(unsaved.id, second.id)).toBe('UNLOADED');
    expect((await call(marketer, 'GET', `/staff-api/offers/${first.id}`)).json()).toMatchObject({
      stoppedReason: 'replaced',
    });
  });
});

describe("a member's personalised offers", () => {
  it(`shows ${MAX_PERSONALISED_OFFERS_SHOWN} at most: those loaded, then those ending soonest`, async () => {
    const member = await memberWith();
    const rows = Array.from({ length: MAX_PERSONALISED_OFFERS_SHOWN + 5 }, (_, i) => ({
      id: `cap-${member.id.slice(0, 8)}-${String(i).padStart(2, '0')}`,
      sourceType: 'PIANO' as const,
      type: 'PRODUCT',
      title: `Offer ${i}`,
      description: 'A test of the most offers shown.',
      sponsorDisplayName: 'Test',
      howTo: 'h',
      terms: 't',
      categoryKey: 'bakery',
      categoryName: 'Bakery',
      validFrom: new Date(NOW - DAY),
      // Offer i ends i days from now.
      validTo: new Date(NOW + (i + 1) * DAY),
    }));
    await t.app.db.insert(offers).values(rows);
    await t.app.db
      .insert(collectorOffers)
      .values(rows.map((row) => ({ collectorId: member.id, offerId: row.id, state: 'UNLOADED' })));
    const last = rows.at(-1)?.id ?? '';
    expect((await load(member, last)).statusCode).toBe(200);
    const shown = (await bonusOffers(member)).map((offer) => offer.id);
    expect(shown).toHaveLength(MAX_PERSONALISED_OFFERS_SHOWN);
    expect(shown).toContain(last);
    expect(shown).toEqual(
      expect.arrayContaining(rows.slice(0, MAX_PERSONALISED_OFFERS_SHOWN - 1).map((row) => row.id)),
    );
    await t.app.db.delete(offers).where(
      inArray(
        offers.id,
        rows.map((row) => row.id),
      ),
    );
  });
});
