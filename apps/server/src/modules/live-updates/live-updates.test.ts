// @databases both: the update travels by the change feed, which is in-process on PGlite and PostgreSQL's LISTEN/NOTIFY across instances.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIVE_UPDATES_PATH, type LiveUpdate } from '@app/contracts/live-updates';
import { brand } from '@app/contracts/brand';
import { PARTNER_API_PREFIX, partnerAwardReasons } from '@app/contracts/partner-api';
import { requestPartnerToken } from '../../test/partner-token.ts';
import { buildTestApp, signedInMember, type TestApp } from '../../test/build-test-app.ts';
import { SANDBOX_TILL_CLIENT } from '../partner-api/service.ts';
import { noticeOf } from './service.ts';

let t: TestApp;
/** A second instance on the same PostgreSQL database, where there is one: the update must cross to it. */
let other: TestApp | undefined;
let token: string;

beforeAll(async () => {
  t = await buildTestApp();
  if (t.config.databaseUrl) other = await buildTestApp({}, { databaseUrl: t.config.databaseUrl });
  const answer = await requestPartnerToken(
    t,
    SANDBOX_TILL_CLIENT.clientId,
    SANDBOX_TILL_CLIENT.secret,
    'points:earn',
  );
  token = answer.json<{ access_token: string }>().access_token;
});
afterAll(async () => {
  await other?.close();
  await t.close();
});

/** Opens the member's stream on a listening instance; answers a reader of its next `points` event. */
async function openStream(app: TestApp['app'], cookies: Record<string, string>) {
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  const controller = new AbortController();
  const response = await fetch(`${address}${LIVE_UPDATES_PATH}`, {
    headers: {
      cookie: Object.entries(cookies)
        .map(([name, value]) => `${name}=${value}`)
        .join('; '),
    },
    signal: controller.signal,
  });
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  const nextUpdate = async (): Promise<LiveUpdate> => {
    for (;;) {
      const event = /event: points\ndata: (.*)\n\n/.exec(buffer);
      if (event?.[1]) {
        buffer = buffer.slice(event.index + event[0].length);
        return JSON.parse(event[1]) as LiveUpdate;
      }
      const { value, done } = await reader.read();
      if (done) throw new Error('the stream ended');
      buffer += value;
    }
  };
  return { nextUpdate, close: () => controller.abort() };
}

const postSale = (cardNumber: string, amount: number) =>
  t.app.inject({
    method: 'POST',
    url: `${PARTNER_API_PREFIX}/sales`,
    headers: { authorization: `Bearer ${token}`, 'idempotency-key': randomUUID() },
    payload: {
      member: { cardNumber },
      storeId: 'store-1',
      tillId: 'till-1',
      receiptId: `R-${randomUUID()}`,
      occurredAt: new Date().toISOString(),
      lines: [{ sku: 'x', category: 'bakery', quantity: 1, amount }],
      total: amount,
    },
  });

describe("the member's live updates", () => {
  it('tells an open app of a sale at a till with the new balance and a notice, on another instance too', async () => {
    const member = await signedInMember(t);
    const stream = await openStream((other ?? t).app, member.cookies);
    try {
      const sale = await postSale(member.cardNumber, 23_000);
      expect(sale.statusCode, sale.body).toBe(201);
      const update = await stream.nextUpdate();
      expect(update).toEqual({
        balance: 230,
        points: 230,
        notice: `You collected 230 points at ${brand.retailer}`,
      });
    } finally {
      stream.close();
    }
  });

  it('says what happened in words: collected, spent, given back, taken back for a return', () => {
    expect(noticeOf(1230, 'Esso')).toBe('You collected 1,230 points at Esso');
    expect(noticeOf(-600, 'Esso')).toBe('You spent 600 points at Esso');
    expect(noticeOf(600, 'Esso', partnerAwardReasons.released)).toBe(
      '600 points given back at Esso: the spend was cancelled',
    );
    expect(noticeOf(-40, 'Esso', partnerAwardReasons.returned)).toBe(
      '40 points taken back for a return at Esso',
    );
  });

  it('refuses a visitor without a session', async () => {
    const response = await t.app.inject(LIVE_UPDATES_PATH);
    expect(response.statusCode).toBe(401);
  });
});
