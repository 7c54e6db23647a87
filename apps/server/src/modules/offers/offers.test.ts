// @databases one: the rules it tests go through the API and the repositories alike on both databases; nothing it asserts depends on the kind.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoCollector } from '../../start-data/demo-collector.ts';
import { cards, collectors } from '../../db/schema/core.ts';
import { collectorOffers } from '../../db/schema/offers.ts';
import { SESSION_COOKIE } from '../../plugins/session.ts';
import { buildTestApp, jsWeb, type TestApp } from '../../test/build-test-app.ts';
import { assignStarterOffers } from './service.ts';

/** What the web client sends on a call without a body: the channel header and no content type. */
const noBody = { channel: 'JS-WEB' };

let t: TestApp;
let demoId: string;
let demoCookie: Record<string, string>;

const sessionFor = async (collectorId: string) => ({
  [SESSION_COOKIE]: (await t.app.sessions.create(collectorId)).token,
});

/** A collector of our own making, with one card of the given kind and a starter set of offers. */
async function makeCollector(opts: {
  dateOfBirth: string;
  cardKind: 'digital' | 'temporary';
  number: string;
}) {
  const [collector] = await t.app.db
    .insert(collectors)
    .values({
      firstName: 'Sam',
      lastName: 'Test',
      email: `${opts.number}@example.com`,
      dateOfBirth: opts.dateOfBirth,
    })
    .returning({ id: collectors.id });
  const id = collector?.id ?? '';
  await t.app.db.insert(cards).values({
    number: opts.number,
    collectorId: id,
    kind: opts.cardKind,
    expiresAt: opts.cardKind === 'temporary' ? new Date(Date.now() + 10 * 86_400_000) : null,
  });
  await assignStarterOffers(t.app.db, id);
  return { id, cookies: await sessionFor(id) };
}

const putState = (cookies: Record<string, string>, offers: Array<{ id: string; state: string }>) =>
  t.app.inject({
    method: 'PUT',
    url: '/offers-api/offer/state',
    headers: jsWeb,
    cookies,
    payload: { offers },
  });

const storedState = async (collectorId: string, offerId: string) =>
  (
    await t.app.db
      .select({
        state: collectorOffers.state,
        isBookmarked: collectorOffers.isBookmarked,
        version: collectorOffers.version,
      })
      .from(collectorOffers)
      .where(and(eq(collectorOffers.collectorId, collectorId), eq(collectorOffers.offerId, offerId)))
  )[0];

beforeAll(async () => {
  t = await buildTestApp();
  const [card] = await t.app.db.select().from(cards).where(eq(cards.number, demoCollector.cardNumber));
  demoId = card?.collectorId ?? '';
  demoCookie = await sessionFor(demoId);
});
afterAll(async () => t.close());

describe('offer lists', () => {
  it('answers 401 without a session', async () => {
    expect((await t.app.inject('/offers-api/offers?type=ALL')).statusCode).toBe(401);
  });

  it('lists live personalised and member-price offers with their states, without ended ones', async () => {
    const res = await t.app.inject({ url: '/offers-api/offers?type=ALL&timestamp=1', cookies: demoCookie });
    expect(res.statusCode).toBe(200);
    const { offers } = res.json<{
      offers: Array<{
        id: string;
        sourceType: string;
        state: string;
        imgUrls: { imageUrl: { versions: Array<{ width: number }> } };
      }>;
    }>();
    expect(new Set(offers.map((o) => o.sourceType))).toEqual(new Set(['PIANO', 'NECTAR_PRICE']));
    expect(offers.find((o) => o.id === 'piano-001')?.state).toBe('LOADED');
    expect(offers.find((o) => o.id === 'piano-003')?.state).toBe('PINNED');
    expect(offers.some((o) => o.id === 'piano-expired')).toBe(false);
    expect(offers[0]?.imgUrls.imageUrl.versions.map((v) => v.width)).toEqual([
      288, 400, 576, 768, 1024, 1360,
    ]);
  });

  it('lists partner offers with their sponsor logo', async () => {
    const res = await t.app.inject({
      url: '/offers-api/shared-offers?source=COALITION',
      cookies: demoCookie,
    });
    const { offers } = res.json<{
      offers: Array<{ sourceType: string; imgUrls: { sponsorImageUrl: string | null } }>;
    }>();
    expect(offers.length).toBe(15);
    expect(offers.every((o) => o.sourceType === 'COALITION' && o.imgUrls.sponsorImageUrl)).toBe(true);
  });

  it("gives each offer its product's picture, shared by offers of the same product, at each width", async () => {
    const res = await t.app.inject({ url: '/offers-api/offers?type=ALL&timestamp=1', cookies: demoCookie });
    const { offers } = res.json<{
      offers: Array<{ id: string; title: string; imgUrls: { imageUrl: { url: string } } }>;
    }>();
    const urlOf = (id: string) => offers.find((o) => o.id === id)?.imgUrls.imageUrl.url;
    // piano-001 and piano-016 are both about sourdough loaves; piano-009 about croissants.
    expect(urlOf('piano-001')).toBe('/offers-api/images/picture-bread/1360.svg');
    expect(urlOf('piano-016')).toBe(urlOf('piano-001'));
    expect(urlOf('piano-009')).toBe('/offers-api/images/picture-croissant/1360.svg');

    const picture = await t.app.inject('/offers-api/images/picture-bread/576.svg');
    expect(picture.statusCode).toBe(200);
    expect(picture.headers['content-type']).toContain('image/svg+xml');
    expect(picture.body).toContain('width="576"');
    // The picture holds no text: the card sets the title beside it.
    expect(picture.body).not.toContain('<text');
    expect(picture.body.length).toBeLessThan(4000);
    // Links made before pictures had keys still draw the offer's picture.
    expect((await t.app.inject('/offers-api/images/piano-001/288.svg')).body).toContain('width="288"');
    expect((await t.app.inject('/offers-api/images/picture-bread/577.svg')).statusCode).toBe(404);
    expect((await t.app.inject('/offers-api/images/picture-nope/288.svg')).statusCode).toBe(404);
  });

  it("shows a partner's logo: its brand's logo, or a wordmark for a partner that is not a brand", async () => {
    const res = await t.app.inject({
      url: '/offers-api/shared-offers?source=COALITION',
      cookies: demoCookie,
    });
    const { offers } = res.json<{
      offers: Array<{ partnerId: string; imgUrls: { sponsorImageUrl: string | null } }>;
    }>();
    const logoOf = (partnerId: string) =>
      offers.find((o) => o.partnerId === partnerId)?.imgUrls.sponsorImageUrl;
    expect(logoOf('avios')).toBe('/anonymous-nectar-brands-api/logos/british-airways-avios.svg');
    expect(logoOf('booknook')).toBe('/offers-api/images/partner-booknook/288.svg');
    const wordmark = await t.app.inject('/offers-api/images/partner-booknook/288.svg');
    expect(wordmark.statusCode).toBe(200);
    expect(wordmark.body).toContain('aria-label="Book Nook logo"');
    expect([...wordmark.body.matchAll(/>([^<]+)<\/text>/g)].map((m) => m[1])).toEqual(['Book', 'Nook']);
  });
});

describe('offer state machine', () => {
  it('follows every allowed transition of the spec', async () => {
    const { id, cookies } = await makeCollector({
      dateOfBirth: '1990-01-01',
      cardKind: 'digital',
      number: '9826300000000000101',
    });
    const steps: Array<[string, string]> = [
      ['LOADED', 'load'],
      ['PINNED', 'pin'],
      ['LOADED', 'unpin'],
      ['UNLOADED', 'unload'],
      ['HIDDEN', 'hide'],
      ['UNLOADED', 'unhide'],
    ];
    for (const [state] of steps) {
      const res = await putState(cookies, [{ id: 'piano-010', state }]);
      expect(res.statusCode, `to ${state}`).toBe(200);
      expect((await storedState(id, 'piano-010'))?.state).toBe(state);
    }
    const bulk = await putState(
      cookies,
      ['piano-011', 'piano-012', 'piano-013'].map((offerId) => ({ id: offerId, state: 'LOADED' })),
    );
    expect(bulk.json()).toEqual({
      offers: ['piano-011', 'piano-012', 'piano-013'].map((offerId) => ({ id: offerId, state: 'LOADED' })),
    });
  });

  it('removes a pinned saved offer in one step (unpin and unload)', async () => {
    const { id, cookies } = await makeCollector({
      dateOfBirth: '1990-01-01',
      cardKind: 'digital',
      number: '9826300000000000102',
    });
    await putState(cookies, [{ id: 'piano-010', state: 'LOADED' }]);
    await putState(cookies, [{ id: 'piano-010', state: 'PINNED' }]);
    const res = await putState(cookies, [{ id: 'piano-010', state: 'UNLOADED' }]);
    expect(res.statusCode).toBe(200);
    expect((await storedState(id, 'piano-010'))?.state).toBe('UNLOADED');
  });

  it('explains member prices as a price at the till, not as bonus points', async () => {
    for (const id of ['price-001', 'price-015']) {
      const res = await t.app.inject({ url: `/offers-api/offers/${id}`, cookies: demoCookie });
      expect(res.statusCode).toBe(200);
      const { howTo, terms } = res.json<{ howTo: string; terms: string }>();
      expect(howTo).toContain('Price');
      expect(`${howTo} ${terms}`).not.toMatch(/bonus points|within 48 hours/);
    }
  });

  it.each([
    ['UNLOADED', 'PINNED', '9826300000000000201'],
    ['HIDDEN', 'PINNED', '9826300000000000202'],
    // A hidden offer comes back through unhide (to UNLOADED) first.
    ['HIDDEN', 'LOADED', '9826300000000000203'],
  ])('refuses %s to %s and changes nothing', async (from, to, number) => {
    const { id, cookies } = await makeCollector({ dateOfBirth: '1990-01-01', cardKind: 'digital', number });
    if (from === 'HIDDEN') await putState(cookies, [{ id: 'piano-020', state: 'HIDDEN' }]);
    const before = await storedState(id, 'piano-020');
    const res = await putState(cookies, [{ id: 'piano-020', state: to }]);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      code: 'INVALID_TRANSITION',
      description: `An offer that is ${from} cannot become ${to}.`,
    });
    expect(await storedState(id, 'piano-020')).toEqual(before);
  });

  it('treats a repeated request (a double click) as done', async () => {
    await putState(demoCookie, [{ id: 'piano-005', state: 'LOADED' }]);
    const again = await putState(demoCookie, [{ id: 'piano-005', state: 'LOADED' }]);
    expect(again.statusCode).toBe(200);
  });

  it('refuses ended, locked and unassigned offers, and applies nothing of a mixed batch', async () => {
    const expired = await putState(demoCookie, [{ id: 'piano-expired', state: 'LOADED' }]);
    expect(expired.json()).toEqual({ code: 'OFFER_EXPIRED', description: 'This offer has ended.' });
    const locked = await putState(demoCookie, [{ id: 'piano-locked', state: 'LOADED' }]);
    expect(locked.json()).toEqual({ code: 'OFFER_LOCKED', description: 'This offer is locked.' });
    const unknown = await putState(demoCookie, [{ id: 'piano-999', state: 'LOADED' }]);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({
      code: 'OFFER_NOT_FOUND',
      description: 'This offer is not available to you.',
    });

    const before = await storedState(demoId, 'piano-006');
    const mixed = await putState(demoCookie, [
      { id: 'piano-006', state: 'LOADED' },
      { id: 'piano-locked', state: 'LOADED' },
    ]);
    expect(mixed.statusCode).toBe(409);
    expect(await storedState(demoId, 'piano-006')).toEqual(before);
  });

  it('validates the payload', async () => {
    const res = await putState(demoCookie, [{ id: 'piano-001', state: 'OPTEDIN' }]);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION' });
  });
});

describe('partner offers', () => {
  it('opts in, bookmarks and unbookmarks; refuses the personalised call', async () => {
    const optIn = await t.app.inject({
      method: 'PUT',
      url: '/offers-api/coalition/offer/state',
      headers: jsWeb,
      cookies: demoCookie,
      payload: {
        offers: [{ id: 'coalition-001', state: 'OPTEDIN', offerId: 'coalition-001', partnerId: 'esso' }],
      },
    });
    expect(optIn.json()).toEqual({ offers: [{ id: 'coalition-001', state: 'OPTEDIN' }] });
    const bookmark = await t.app.inject({
      method: 'PUT',
      url: '/offers-api/coalition/offer/coalition-001/bookmark',
      headers: noBody,
      cookies: demoCookie,
    });
    expect(bookmark.json()).toMatchObject({ id: 'coalition-001', isBookmarked: true, state: 'OPTEDIN' });
    const unbookmark = await t.app.inject({
      method: 'DELETE',
      url: '/offers-api/coalition/offer/coalition-001/bookmark',
      headers: noBody,
      cookies: demoCookie,
    });
    expect(unbookmark.json()).toMatchObject({ isBookmarked: false });

    const wrongCall = await putState(demoCookie, [{ id: 'coalition-003', state: 'LOADED' }]);
    expect(wrongCall.statusCode).toBe(400);
    expect(wrongCall.json()).toMatchObject({ code: 'WRONG_OFFER_CALL' });
  });
});

describe('who may use which offers', () => {
  it('hides and refuses member prices for someone under 18', async () => {
    const { id, cookies } = await makeCollector({
      dateOfBirth: '2010-05-05',
      cardKind: 'digital',
      number: '9826300000000000301',
    });
    const list = await t.app.inject({ url: '/offers-api/offers?type=ALL', cookies });
    const offers = list.json<{ offers: Array<{ sourceType: string }> }>().offers;
    expect(offers.some((o) => o.sourceType === 'NECTAR_PRICE')).toBe(false);
    const res = await putState(cookies, [{ id: 'price-001', state: 'LOADED' }]);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({
      code: 'MEMBER_PRICES_NOT_ALLOWED',
      description: 'Member prices are for digitally registered members aged 18 or over.',
    });
    expect((await storedState(id, 'price-001'))?.state).toBe('UNLOADED');
    // Personalised bonus offers are still theirs.
    expect((await putState(cookies, [{ id: 'piano-001', state: 'LOADED' }])).statusCode).toBe(200);
  });

  it('refuses bonus and partner offers to a temporary card holder', async () => {
    const { id, cookies } = await makeCollector({
      dateOfBirth: '1990-01-01',
      cardKind: 'temporary',
      number: '9826300000000000401',
    });
    const res = await putState(cookies, [{ id: 'piano-001', state: 'LOADED' }]);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'TEMPORARY_CARD_NOT_ALLOWED' });
    const bookmark = await t.app.inject({
      method: 'PUT',
      url: '/offers-api/coalition/offer/coalition-001/bookmark',
      headers: noBody,
      cookies,
    });
    expect(bookmark.statusCode).toBe(403);
    expect((await storedState(id, 'piano-001'))?.state).toBe('UNLOADED');
  });
});

describe('concurrency', () => {
  it('ends many parallel changes of one offer in one consistent state', async () => {
    const { id, cookies } = await makeCollector({
      dateOfBirth: '1990-01-01',
      cardKind: 'digital',
      number: '9826300000000000501',
    });
    const targets = Array.from({ length: 24 }, (_, i) => (i % 2 === 0 ? 'LOADED' : 'UNLOADED'));
    const results = await Promise.all(
      targets.map((state) => putState(cookies, [{ id: 'piano-015', state }])),
    );
    expect(results.every((res) => res.statusCode === 200)).toBe(true);
    const row = await storedState(id, 'piano-015');
    // Every request was applied one after the other: the version counts the real changes, and the final
    // state is one of the two the requests asked for.
    expect(['LOADED', 'UNLOADED']).toContain(row?.state);
    expect(row?.version).toBeGreaterThan(0);
    expect(row?.version).toBeLessThanOrEqual(24);
  });
});

describe('balance', () => {
  it("is the sum of the demo collector's ledger entries", async () => {
    const res = await t.app.inject({ url: '/balance-api/balance', cookies: demoCookie });
    expect(res.json()).toEqual({ balance: 2450, pointsValue: '£12.25' });
    expect((await t.app.inject('/balance-api/balance')).statusCode).toBe(401);
  });
});

describe('offer filters', () => {
  it("answers the categories of one list among the collector's offers", async () => {
    const res = await t.app.inject({ url: '/offers-api/offer-filters/bonus', cookies: demoCookie });
    expect(res.statusCode).toBe(200);
    const body = res.json<{ id: string; categories: Array<{ key: string; name: string }> }>();
    expect(body.id).toBe('bonus');
    expect(body.categories.length).toBeGreaterThan(1);
    expect(body.categories.map((c) => c.name)).toEqual([...body.categories.map((c) => c.name)].sort());
    expect(body.categories).toContainEqual({ key: 'bakery', name: 'Bakery' });
    expect(
      (await t.app.inject({ url: '/offers-api/offer-filters/nope', cookies: demoCookie })).statusCode,
    ).toBe(400);
    expect((await t.app.inject('/offers-api/offer-filters/bonus')).statusCode).toBe(401);
  });
});

describe('offer previews', () => {
  const newPreview = async (offerId: string, hours?: number) =>
    t.app.inject({
      method: 'POST',
      url: '/dev/offer-preview',
      headers: jsWeb,
      payload: { offerId, ...(hours ? { hours } : {}) },
    });

  it('shows the offer of a signed token to anyone, without collector state', async () => {
    const created = await newPreview('piano-001');
    expect(created.statusCode).toBe(200);
    const { token, paths } = created.json<{ token: string; paths: Record<string, string> }>();
    expect(paths).toEqual({
      offerCard: `/offercard-preview/${token}`,
      heroCard: `/herocard-preview/${token}`,
      offerDetails: `/offerdetails-preview/${token}`,
    });
    // The preview page itself is served to anyone.
    expect((await t.app.inject(paths.offerCard ?? '')).statusCode).toBe(200);
    const res = await t.app.inject(`/offers-api/preview/${token}`);
    expect(res.statusCode).toBe(200);
    // The demo collector has piano-001 loaded; the preview shows the catalogue's offer, not theirs.
    expect(res.json()).toMatchObject({
      id: 'piano-001',
      state: 'UNLOADED',
      isBookmarked: false,
      savedAt: null,
    });
  });

  it('refuses a forged, tampered or expired token and an unknown offer', async () => {
    expect((await newPreview('no-such-offer')).statusCode).toBe(404);
    const { token } = (await newPreview('piano-002')).json<{ token: string }>();
    const [header, payload] = token.split('.');
    const forged = `${header}.${payload}.${'A'.repeat(43)}`;
    expect((await t.app.inject(`/offers-api/preview/${forged}`)).statusCode).toBe(404);
    const otherSub = Buffer.from(JSON.stringify({ sub: 'piano-003', aud: 'offer-preview' })).toString(
      'base64url',
    );
    expect(
      (await t.app.inject(`/offers-api/preview/${header}.${otherSub}.${token.split('.')[2]}`)).json(),
    ).toEqual({
      code: 'PREVIEW_NOT_FOUND',
      description: 'This preview link has expired or is not valid.',
    });
    expect((await t.app.inject('/offers-api/preview/not-a-token')).statusCode).toBe(404);
    // An ended offer is not shown even with a valid token.
    const ended = (await newPreview('piano-expired')).json<{ token: string }>();
    expect((await t.app.inject(`/offers-api/preview/${ended.token}`)).statusCode).toBe(404);
  });

  it('shows a live partner offer publicly and nothing else', async () => {
    const partners = (
      await t.app.inject({ url: '/offers-api/shared-offers?source=COALITION', cookies: demoCookie })
    ).json<{ offers: Array<{ id: string }> }>().offers;
    const res = await t.app.inject(`/offers-api/coalition/offer/preview/${partners[0]?.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ sourceType: 'COALITION', state: 'NOTOPTEDIN', isBookmarked: false });
    expect((await t.app.inject('/offers-api/coalition/offer/preview/piano-001')).statusCode).toBe(404);
  });
});
