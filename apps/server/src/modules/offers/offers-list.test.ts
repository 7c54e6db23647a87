// @databases one: the rules it tests go through the API and the repositories alike on both databases; nothing it asserts depends on the kind.
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { offersResponseSchema } from '@app/contracts/offers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoCollector } from '../../start-data/demo-collector.ts';
import { cards } from '../../db/schema/core.ts';
import { SESSION_COOKIE } from '../../plugins/session.ts';
import { buildTestApp, jsWeb, type TestApp } from '../../test/build-test-app.ts';

let t: TestApp;
let cookies: Record<string, string>;

beforeAll(async () => {
  t = await buildTestApp();
  const [card] = await t.app.db.select().from(cards).where(eq(cards.number, demoCollector.cardNumber));
  cookies = { [SESSION_COOKIE]: (await t.app.sessions.create(card?.collectorId ?? '')).token };
});
afterAll(async () => t.close());

const list = (url: string, headers: Record<string, string> = {}) => t.app.inject({ url, cookies, headers });

describe('offers lists: short answers, long texts on the details call', () => {
  it('leaves the terms and how-to texts out of the lists and answers them with the offer itself', async () => {
    for (const url of ['/offers-api/offers?type=ALL', '/offers-api/shared-offers?source=COALITION']) {
      const res = await list(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toBe('application/json; charset=utf-8');
      const body = res.json<{ offers: Array<Record<string, unknown>> }>();
      // Exactly the contract's fields, no more (zod drops unknown keys) and of the contract's types.
      expect(offersResponseSchema.parse(body), url).toEqual(body);
      const offers = body.offers;
      expect(offers.length, url).toBeGreaterThan(0);
      for (const offer of offers) {
        expect(offer, url).not.toHaveProperty('terms');
        expect(offer, url).not.toHaveProperty('howTo');
        expect(offer).toHaveProperty('title');
      }
    }
    const [first] = (await list('/offers-api/offers?type=ALL')).json<{ offers: Array<{ id: string }> }>()
      .offers;
    const details = await list(`/offers-api/offers/${first?.id}`);
    expect(details.statusCode).toBe(200);
    expect(details.json<{ terms: string; howTo: string }>().terms.length).toBeGreaterThan(0);
    expect(details.json<{ terms: string; howTo: string }>().howTo.length).toBeGreaterThan(0);
  });

  it('tags a list, answers 304 without a body to a client that holds it, and a new tag once it changes', async () => {
    const first = await list('/offers-api/offers?type=ALL&timestamp=1');
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(first.headers['cache-control']).toBe('private, no-cache');

    const again = await list('/offers-api/offers?type=ALL&timestamp=2', { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const weak = await list('/offers-api/offers?type=ALL', { 'if-none-match': `"other", W/${etag}` });
    expect(weak.statusCode).toBe(304);

    const offerId = first
      .json<{ offers: Array<{ id: string; state: string }> }>()
      .offers.find((offer) => offer.state === 'UNLOADED')?.id;
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/offers-api/offer/state',
      headers: jsWeb,
      cookies,
      payload: { offers: [{ id: offerId, state: 'LOADED' }] },
    });
    expect(saved.statusCode).toBe(200);

    const changed = await list('/offers-api/offers?type=ALL', { 'if-none-match': etag });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect(
      changed.json<{ offers: Array<{ id: string; state: string }> }>().offers.find((o) => o.id === offerId)
        ?.state,
    ).toBe('LOADED');
  });

  it('sends the list compressed to a client that accepts brotli or gzip, the same answer as uncompressed', async () => {
    const plain = await list('/offers-api/offers?type=ALL&timestamp=3');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toContain('accept-encoding');
    for (const [acceptEncoding, coding, decompress] of [
      ['gzip, deflate, br, zstd', 'br', brotliDecompressSync],
      ['gzip, deflate', 'gzip', gunzipSync],
      ['br;q=0, gzip', 'gzip', gunzipSync],
    ] as const) {
      const res = await list('/offers-api/offers?type=ALL&timestamp=4', {
        'accept-encoding': acceptEncoding,
      });
      expect(res.statusCode, acceptEncoding).toBe(200);
      expect(res.headers['content-encoding'], acceptEncoding).toBe(coding);
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(res.headers.etag).toBe(plain.headers.etag);
      expect(res.rawPayload.length).toBeLessThan(plain.rawPayload.length / 4);
      expect(JSON.parse(decompress(res.rawPayload).toString('utf8'))).toEqual(plain.json());
    }
  });
});
