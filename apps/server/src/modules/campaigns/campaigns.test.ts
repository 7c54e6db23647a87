// @databases both: each step's change and its audit row share a transaction under the offer's row lock, and the audience is SQL over the member summaries.
import { and, desc, eq } from 'drizzle-orm';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staffMessages, type StaffRole } from '@app/contracts/staff';
import {
  OFFER_STEPS,
  offerMessages,
  type OfferDraft,
  type OfferStep,
  type StaffOfferDetails,
} from '@app/contracts/staff-offers';
import { staffAudit } from '../../db/schema/staff.ts';
import { buildTestApp, jsWeb, type TestApp } from '../../test/build-test-app.ts';
import { staffSession } from '../../test/staff-session.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

type Cookies = Record<string, string>;

/** A console session for a member of staff, made with `role` when missing (the tester tool). */
const consoleAs = (email: string, role?: StaffRole): Promise<Cookies> => staffSession(t, email, role);

const call = (cookies: Cookies, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: jsWeb, cookies, ...(payload === undefined ? {} : { payload }) });

const DAY = 86_400_000;
const NOW = Date.now();
/** A bonus offer for everyone, live from yesterday for a month. */
const draft = (changes: Partial<OfferDraft> = {}): OfferDraft => ({
  kind: 'bonus',
  partnerId: null,
  campaign: 'Winter test',
  title: '200 bonus points on sourdough',
  description: 'Collect 200 extra points when you buy a sourdough loaf.',
  howTo: 'Save this offer.\n\nBuy a sourdough loaf & scan your card.',
  terms: 'Once per card.',
  category: { key: 'bakery', name: 'Bakery' },
  picture: 'bread',
  rule: { kind: 'product', sku: 'sourdough-loaves', points: 200 },
  points: 200,
  maxPerMember: 1,
  validFrom: new Date(NOW - DAY).toISOString(),
  validTo: new Date(NOW + 30 * DAY).toISOString(),
  budgetPoints: null,
  // A segment nobody reaches: these tests are about the lifecycle, not who gets the offer.
  audience: { kind: 'segment', rules: [{ rule: 'balance-above', points: 9_000_000 }] },
  ...changes,
});

let marketer: Cookies;
let secondMarketer: Cookies;
let admin: Cookies;
beforeAll(async () => {
  marketer = await consoleAs('marketer@example.com');
  secondMarketer = await consoleAs('second-marketer@example.com', 'marketer');
  admin = await consoleAs('admin@example.com');
});

async function created(changes: Partial<OfferDraft> = {}, by = marketer) {
  const answer = await call(by, 'POST', '/staff-api/offers', draft(changes));
  expect(answer.statusCode, answer.body).toBe(201);
  return answer.json<StaffOfferDetails>();
}

const step = (cookies: Cookies, id: string, name: OfferStep, reason?: string) =>
  call(cookies, 'POST', `/staff-api/offers/${id}/${name}`, reason ? { reason } : {});

/** An offer taken through the steps named, each answered 200. */
async function through(steps: Array<[OfferStep, Cookies]>, changes: Partial<OfferDraft> = {}) {
  let offer = await created(changes);
  for (const [name, by] of steps) {
    const answer = await step(by, offer.id, name);
    expect(answer.statusCode, `${name}: ${answer.body}`).toBe(200);
    offer = answer.json<StaffOfferDetails>();
  }
  return offer;
}

/** The newest audit rows of an action about an offer. */
const audited = async (action: string, offerId: string) =>
  (
    await t.app.db
      .select()
      .from(staffAudit)
      .where(eq(staffAudit.action, action))
      .orderBy(desc(staffAudit.id))
      .limit(50)
  ).filter((row) => (row.after as { offerId?: string } | null)?.offerId === offerId);

describe('who may work on offers', () => {
  it("tells a marketer their session and the offers' actions, and no careline action", async () => {
    const me = await call(marketer, 'GET', '/staff-api/session');
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({
      role: 'marketer',
      actions: ['viewOffers', 'editOffers', 'approveOffers'],
    });
    expect((await call(marketer, 'GET', '/staff-api/members?q=Smith')).statusCode).toBe(403);
  });

  it('refuses agents and supervisors (403, audited) and lets marketers and admins in', async () => {
    const offer = await created();
    const calls = [
      (c: Cookies) => call(c, 'GET', '/staff-api/offers'),
      (c: Cookies) => call(c, 'GET', `/staff-api/offers/${offer.id}`),
      (c: Cookies) => call(c, 'POST', '/staff-api/offers', draft()),
      (c: Cookies) => call(c, 'GET', '/staff-api/offer-pictures'),
      (c: Cookies) => call(c, 'GET', '/staff-api/offer-partners'),
      (c: Cookies) => call(c, 'POST', '/staff-api/offers/audience-count', { audience: { kind: 'everyone' } }),
    ];
    for (const role of ['agent', 'supervisor'] as const) {
      const staff = await consoleAs(`${role}@example.com`);
      for (const [index, act] of [...calls, (c: Cookies) => step(c, offer.id, 'submit')].entries()) {
        const answer = await act(staff);
        expect(answer.statusCode, `${role} call ${index}`).toBe(403);
        expect(answer.json()).toEqual({ code: 'ROLE_REFUSED', description: staffMessages.roleRefused });
      }
      const [refused] = await t.app.db
        .select()
        .from(staffAudit)
        .where(and(eq(staffAudit.staffEmail, `${role}@example.com`), eq(staffAudit.action, 'refused')))
        .orderBy(desc(staffAudit.id))
        .limit(1);
      expect(refused?.after).toMatchObject({ action: 'editOffers', path: '/staff-api/offers/:id/submit' });
    }
    for (const staff of [marketer, admin]) {
      for (const act of calls) expect([200, 201]).toContain((await act(staff)).statusCode);
    }
    // Unsigned, nothing.
    expect((await t.app.inject({ url: '/staff-api/offers' })).statusCode).toBe(401);
  });
});

describe('a draft', () => {
  it('is made and read back as written, with the sponsor, the type and the names of staff', async () => {
    const offer = await created({ kind: 'partner', partnerId: 'booknook', picture: 'books' });
    expect(offer).toMatchObject({
      id: expect.stringMatching(/^offer-[0-9a-f]{10}$/),
      kind: 'partner',
      sponsorDisplayName: 'Book Nook',
      status: 'draft',
      lifecycle: 'draft',
      version: 1,
      createdBy: 'Mo Marketer',
      submittedBy: null,
      approvedBy: null,
      listCount: null,
      draft: { ...draft({ kind: 'partner', partnerId: 'booknook', picture: 'books' }) },
    });
    const listed = await call(marketer, 'GET', '/staff-api/offers?campaign=Winter%20test&lifecycle=draft');
    expect(listed.json<{ offers: Array<{ id: string }> }>().offers[0]?.id).toBe(offer.id);
    const [row] = await audited('create-offer', offer.id);
    expect(row).toMatchObject({ staffEmail: 'marketer@example.com', before: null });
    expect(row?.after).toMatchObject({ offerId: offer.id, title: offer.draft.title });
  });

  it('is written again while a draft, with before and after audited; then refused', async () => {
    const offer = await created();
    const changed = await call(
      marketer,
      'PUT',
      `/staff-api/offers/${offer.id}`,
      draft({ title: 'New title' }),
    );
    expect(changed.statusCode).toBe(200);
    expect(changed.json<StaffOfferDetails>().title).toBe('New title');
    const [row] = await audited('update-offer', offer.id);
    expect(row?.before).toMatchObject({ offerId: offer.id, title: draft().title });
    expect(row?.after).toMatchObject({ offerId: offer.id, title: 'New title' });

    expect((await step(marketer, offer.id, 'submit')).statusCode).toBe(200);
    const refused = await call(marketer, 'PUT', `/staff-api/offers/${offer.id}`, draft());
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ code: 'OFFER_NOT_EDITABLE', description: offerMessages.notEditable });
  });

  it('refuses an unknown partner or picture, and a form the contract refuses', async () => {
    const partner = await call(marketer, 'POST', '/staff-api/offers', draft({ partnerId: 'nobody' }));
    expect(partner.statusCode).toBe(422);
    expect(partner.json()).toEqual({ code: 'PARTNER_NOT_FOUND', description: offerMessages.unknownPartner });
    for (const picture of ['no-such-picture', 'upload:00000000-0000-4000-8000-000000000000', 'upload:x']) {
      const answer = await call(marketer, 'POST', '/staff-api/offers', draft({ picture }));
      expect(answer.json(), picture).toEqual({
        code: 'PICTURE_NOT_FOUND',
        description: offerMessages.unknownPicture,
      });
    }
    const backwards = await call(
      marketer,
      'POST',
      '/staff-api/offers',
      draft({ validFrom: draft().validTo, validTo: draft().validFrom }),
    );
    expect(backwards.statusCode).toBe(400);
    expect((await call(marketer, 'GET', '/staff-api/offers/offer-none')).statusCode).toBe(404);
  });
});

describe('the lifecycle', () => {
  /** Every step the lifecycle of `offer` refuses, answered 409 with where the offer is. */
  async function refusesAllBut(offer: StaffOfferDetails, allowed: OfferStep[], label: string) {
    for (const name of OFFER_STEPS.filter((s) => !allowed.includes(s))) {
      // Approve and reject by someone who may decide it, so only the lifecycle refuses.
      const answer = await step(secondMarketer, offer.id, name);
      expect(answer.statusCode, `${label}: ${name}`).toBe(409);
      expect(answer.json(), `${label}: ${name}`).toEqual({
        code: 'WRONG_STEP',
        description: offerMessages.wrongStep(name, label),
      });
    }
  }

  it('goes from draft to approval to live, paused, live and ended, each step audited', async () => {
    const offer = await created();
    await refusesAllBut(offer, ['submit'], 'draft');

    const submitted = (await step(marketer, offer.id, 'submit')).json<StaffOfferDetails>();
    expect(submitted).toMatchObject({
      status: 'submitted',
      lifecycle: 'awaiting-approval',
      submittedBy: 'Mo Marketer',
    });
    await refusesAllBut(submitted, ['approve', 'reject'], 'awaiting approval');

    // Four eyes: not the person who wrote it or sent it.
    for (const by of [marketer]) {
      const own = await step(by, offer.id, 'approve');
      expect(own.statusCode).toBe(403);
      expect(own.json()).toEqual({ code: 'OWN_APPROVAL', description: offerMessages.ownApproval });
      expect((await step(by, offer.id, 'reject')).statusCode).toBe(403);
    }

    const approved = await step(secondMarketer, offer.id, 'approve', 'Checked the terms');
    expect(approved.statusCode).toBe(200);
    expect(approved.json()).toMatchObject({
      status: 'approved',
      lifecycle: 'live',
      approvedBy: 'Tester marketer',
    });
    await refusesAllBut(approved.json(), ['pause', 'end', 'new-version'], 'live');

    const paused = (await step(marketer, offer.id, 'pause')).json<StaffOfferDetails>();
    expect(paused).toMatchObject({ status: 'paused', lifecycle: 'paused' });
    await refusesAllBut(paused, ['resume', 'end', 'new-version'], 'paused');
    expect((await step(marketer, offer.id, 'resume')).json()).toMatchObject({ lifecycle: 'live' });

    const ended = (await step(admin, offer.id, 'end', 'Stock ran out')).json<StaffOfferDetails>();
    expect(ended).toMatchObject({ status: 'ended', lifecycle: 'ended', stoppedReason: 'staff' });
    await refusesAllBut(ended, ['new-version'], 'ended');

    // Each step's audit row holds where the offer was and where it went, with the reason given.
    const [approval] = await audited('approve-offer', offer.id);
    expect(approval).toMatchObject({
      staffEmail: 'second-marketer@example.com',
      before: { offerId: offer.id, status: 'submitted', stoppedReason: null, version: 1 },
      reason: 'Checked the terms',
    });
    expect(approval?.after).toMatchObject({ offerId: offer.id, status: 'approved' });
    for (const [action, before, after] of [
      ['submit-offer', 'draft', 'submitted'],
      ['pause-offer', 'approved', 'paused'],
      ['resume-offer', 'paused', 'approved'],
      ['end-offer', 'approved', 'ended'],
    ] as const) {
      const [row] = await audited(action, offer.id);
      expect(row?.before, action).toMatchObject({ offerId: offer.id, status: before });
      expect(row?.after, action).toMatchObject({ offerId: offer.id, status: after });
    }
    expect((await audited('end-offer', offer.id))[0]?.reason).toBe('Stock ran out');
  });

  it('is refused to whoever sent it for approval, and a rejection goes back to draft', async () => {
    const offer = await created();
    expect((await step(secondMarketer, offer.id, 'submit')).statusCode).toBe(200);
    // Neither the writer nor the sender decides; an admin does.
    expect((await step(secondMarketer, offer.id, 'approve')).statusCode).toBe(403);
    expect((await step(marketer, offer.id, 'approve')).statusCode).toBe(403);
    const rejected = await step(admin, offer.id, 'reject', 'The terms need the store list');
    expect(rejected.json()).toMatchObject({ status: 'draft', lifecycle: 'draft', submittedBy: null });
    expect((await audited('reject-offer', offer.id))[0]).toMatchObject({
      before: { status: 'submitted' },
      after: { status: 'draft' },
      reason: 'The terms need the store list',
    });
    // A draft again, so it can be written again.
    expect((await call(marketer, 'PUT', `/staff-api/offers/${offer.id}`, draft())).statusCode).toBe(200);
  });

  it('shows a future offer as scheduled, and lets it be paused and ended', async () => {
    const scheduled = await through(
      [
        ['submit', marketer],
        ['approve', admin],
      ],
      {
        validFrom: new Date(NOW + 5 * DAY).toISOString(),
      },
    );
    expect(scheduled.lifecycle).toBe('scheduled');
    await refusesAllBut(scheduled, ['pause', 'end', 'new-version'], 'scheduled');
    const listed = await call(marketer, 'GET', '/staff-api/offers?lifecycle=scheduled');
    expect(listed.json<{ offers: Array<{ id: string }> }>().offers.map((o) => o.id)).toContain(scheduled.id);
  });

  it('needs a list audience to have its list before it is sent', async () => {
    const offer = await created({ audience: { kind: 'list' } });
    const refused = await step(marketer, offer.id, 'submit');
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ code: 'LIST_NEEDED', description: offerMessages.listNeeded });
  });

  it('makes a new version of an ended offer as a draft one version on', async () => {
    const ended = await through([
      ['submit', marketer],
      ['approve', secondMarketer],
      ['end', marketer],
    ]);
    const copy = (await step(marketer, ended.id, 'new-version')).json<StaffOfferDetails>();
    expect(copy).toMatchObject({
      status: 'draft',
      version: 2,
      previousVersionId: ended.id,
      createdBy: 'Mo Marketer',
      approvedBy: null,
      stoppedReason: null,
      draft: ended.draft,
    });
    expect(copy.id).not.toBe(ended.id);
    const [row] = (
      await t.app.db.select().from(staffAudit).where(eq(staffAudit.action, 'new-offer-version'))
    ).filter((r) => (r.before as { offerId?: string }).offerId === ended.id);
    expect(row?.after).toMatchObject({ offerId: copy.id, status: 'draft', version: 2 });
  });
});

/** A 3 x 2 PNG, made in the test. */
const png = () => PNG.sync.write(new PNG({ width: 3, height: 2 }));

const upload = (body: Buffer | string, contentType: string) =>
  t.app.inject({
    method: 'POST',
    url: '/staff-api/offer-uploads',
    headers: { channel: 'JS-WEB', 'content-type': contentType },
    cookies: marketer,
    payload: body,
  });

describe('pictures', () => {
  it('lists the library and the partners', async () => {
    const pictures = (await call(marketer, 'GET', '/staff-api/offer-pictures')).json<
      Array<{ key: string; label: string; url: string }>
    >();
    expect(pictures).toContainEqual({
      key: 'ice-cream',
      label: 'Ice cream',
      url: '/offers-api/images/picture-ice-cream/288.svg',
    });
    expect((await t.app.inject(pictures[0]?.url ?? '')).statusCode).toBe(200);
    const partners = (await call(marketer, 'GET', '/staff-api/offer-partners')).json<Array<{ id: string }>>();
    expect(partners.map((p) => p.id)).toContain('booknook');
  });

  it('takes a PNG by its content and serves it to members as it is', async () => {
    const answer = await upload(png(), 'image/png');
    expect(answer.statusCode, answer.body).toBe(201);
    const { picture, url } = answer.json<{ picture: string; url: string }>();
    expect(picture).toMatch(/^upload:[0-9a-f-]{36}$/);
    expect(url).toBe(`/offers-api/images/upload-${picture.slice('upload:'.length)}/original`);
    const served = await t.app.inject(url);
    expect(served.statusCode).toBe(200);
    expect(served.headers).toMatchObject({
      'content-type': 'image/png',
      'x-content-type-options': 'nosniff',
      'cache-control': 'public, max-age=31536000, immutable',
    });
    expect(served.rawPayload.equals(png())).toBe(true);
    // The same bytes again are the same upload; a draft may name it.
    expect((await upload(png(), 'application/octet-stream')).json()).toEqual({ picture, url });
    const offer = await created({ picture });
    expect(offer.draft.picture).toBe(picture);
    const [row] = (
      await t.app.db.select().from(staffAudit).where(eq(staffAudit.action, 'upload-offer-picture'))
    ).reverse();
    expect(row?.after).toMatchObject({ contentType: 'image/png', width: 3, height: 2 });
  });

  it('refuses an HTML file named .png, an empty body and a picture too large', async () => {
    const refusal = { code: 'UPLOAD_REFUSED', description: offerMessages.uploadRefused };
    const html = await upload('<!doctype html><script>alert(1)</script>', 'image/png');
    expect(html.statusCode).toBe(415);
    expect(html.json()).toEqual(refusal);
    expect((await upload(Buffer.alloc(0), 'image/png')).json()).toEqual(refusal);
    const large = Buffer.concat([png(), Buffer.alloc(600 * 1024)]);
    expect((await upload(large, 'image/png')).json()).toEqual(refusal);
    expect((await t.app.inject('/offers-api/images/upload-not-an-id/original')).statusCode).toBe(404);
    expect((await t.app.inject('/offers-api/images/picture-bread/original')).statusCode).toBe(404);
  });
});

describe('a preview', () => {
  it('shows a draft not started yet on the preview pages, as members will see it', async () => {
    const offer = await created({
      audience: { kind: 'everyone' },
      validFrom: new Date(NOW + DAY).toISOString(),
    });
    const answer = await call(marketer, 'POST', `/staff-api/offers/${offer.id}/preview`, {});
    expect(answer.statusCode).toBe(200);
    const preview = answer.json<{ memberId: null; inAudience: null; paths: Record<string, string> }>();
    expect(preview).toMatchObject({ memberId: null, inAudience: null });
    const token = preview.paths.offerCard?.replace('/offercard-preview/', '') ?? '';
    const shown = await t.app.inject(`/offers-api/preview/${token}`);
    expect(shown.statusCode).toBe(200);
    expect(shown.json()).toMatchObject({ id: offer.id, title: offer.title, state: 'UNLOADED' });
    expect(shown.json<{ howTo: string }>().howTo).toBe(
      '<p>Save this offer.</p><p>Buy a sourdough loaf &amp; scan your card.</p>',
    );
    const unknown = await call(marketer, 'POST', `/staff-api/offers/${offer.id}/preview`, {
      memberId: '00000000-0000-4000-8000-000000000000',
    });
    expect(unknown.statusCode).toBe(404);
    const [audit] = await audited('preview-offer', offer.id);
    expect(audit?.after).toEqual({ offerId: offer.id, inAudience: null });
  });
});
