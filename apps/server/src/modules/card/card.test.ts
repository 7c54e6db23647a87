// @databases one: the rules it tests go through the API and the repositories alike on both databases; nothing it asserts depends on the kind.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cardLookupMessages, cardMessages, nectarIdSchema } from '@app/contracts/card';
import { registrationMessages } from '@app/contracts/registration';
import { twoFactorMessages } from '@app/contracts/sign-in';
import { SWITCHES_COOKIE } from '@app/contracts/switches';
import { demoCollector } from '../../start-data/demo-collector.ts';
import { cardReplacements } from '../../db/schema/card-activity.ts';
import { cards } from '../../db/schema/core.ts';
import { pointsBalance, recordPoints } from '../../lib/points-ledger.ts';
import { SESSION_COOKIE } from '../../plugins/session.ts';
import { buildTestApp, jsWeb, type TestApp } from '../../test/build-test-app.ts';
import { decodeCode128 } from '../../test/decode-barcode.ts';
import { findCredentialByCard } from '../credentials/repository.ts';
import { cardDemoCollector } from '../../start-data/demo-activity.ts';

let t: TestApp;
const idOf = async (number: string) =>
  (await t.app.db.select().from(cards).where(eq(cards.number, number)))[0]?.collectorId ?? '';
const cookiesFor = async (collectorId: string) => ({
  [SESSION_COOKIE]: (await t.app.sessions.create(collectorId)).token,
});
const outbox = async () =>
  (await t.app.inject({ method: 'GET', url: '/dev/outbox' })).json<{ to: string; text: string }[]>();
const codeIn = (text: string) => /\b(\d{6})\b/.exec(text)?.[1] ?? '';

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t.close());

describe('card and barcode (docs/product/calls-and-errors.md §S7.2)', () => {
  it('answers the card number as a code128 PNG that scans back to the number', async () => {
    const cookies = await cookiesFor(await idOf(demoCollector.cardNumber));
    const res = await t.app.inject({
      method: 'GET',
      url: '/customer-management-api/customer/nectar-id',
      headers: { accept: 'application/json', 'content-type': 'application/json' },
      cookies,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(nectarIdSchema.parse(res.json())).toEqual(res.json());
    const { data } = res.json<{ data: { code128: string } }>();
    expect(Buffer.from(data.code128, 'base64').subarray(1, 4).toString()).toBe('PNG');
    expect(decodeCode128(data.code128)).toBe(demoCollector.cardNumber);
  });

  it('answers the card in use, and 401 without a session', async () => {
    const cookies = await cookiesFor(await idOf(demoCollector.cardNumber));
    const res = await t.app.inject({ method: 'GET', url: '/customer-management-api/customer/card', cookies });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      cardNumber: demoCollector.cardNumber,
      kind: 'digital',
      lastRequest: null,
    });
    const anonymous = await t.app.inject({
      method: 'GET',
      url: '/customer-management-api/customer/nectar-id',
    });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('replacing a card (docs/product/calls-and-errors.md §S7.4)', () => {
  it('blocks the old number for sign-in and collection, keeps the points, and the barcode shows the new number', async () => {
    const collectorId = await idOf(cardDemoCollector.cardNumber);
    const cookies = await cookiesFor(collectorId);
    const before = await pointsBalance(t.app.db, collectorId);
    expect(await findCredentialByCard(t.app.db, cardDemoCollector.cardNumber)).toBeDefined();

    const bad = await t.app.inject({
      method: 'POST',
      url: '/customer-management-api/replacement-card?replacementType=MISLAID',
      headers: { channel: 'JS-WEB' },
      cookies,
    });
    expect(bad.statusCode).toBe(400);

    const res = await t.app.inject({
      method: 'POST',
      url: '/customer-management-api/replacement-card?replacementType=LOST',
      headers: { channel: 'JS-WEB' },
      cookies,
    });
    expect(res.statusCode).toBe(200);
    const { cardNumber } = res.json<{ cardNumber: string }>();
    expect(cardNumber).toMatch(/^98263000\d{11}$/);
    expect(cardNumber).not.toBe(cardDemoCollector.cardNumber);

    expect(await findCredentialByCard(t.app.db, cardDemoCollector.cardNumber)).toBeUndefined();
    expect((await findCredentialByCard(t.app.db, cardNumber))?.collectorId).toBe(collectorId);
    await expect(
      recordPoints(t.app.db, {
        collectorId,
        cardNumber: cardDemoCollector.cardNumber,
        amount: 10,
        reason: 'Shopping',
        source: 'sainsburys-till',
        idempotencyKey: 'old-card-collect',
      }),
    ).rejects.toMatchObject({ code: 'CARD_NOT_ACTIVE' });
    expect(await pointsBalance(t.app.db, collectorId)).toBe(before);

    const barcode = await t.app.inject({
      method: 'GET',
      url: '/customer-management-api/customer/nectar-id',
      cookies,
    });
    expect(decodeCode128(barcode.json<{ data: { code128: string } }>().data.code128)).toBe(cardNumber);
    const card = await t.app.inject({
      method: 'GET',
      url: '/customer-management-api/customer/card',
      cookies,
    });
    expect(card.json()).toMatchObject({ cardNumber, lastRequest: { reason: 'LOST', cardType: 'CARD' } });

    // A key tag only while the key-tag-stock switch is on (off everywhere unless turned on,
    // docs/product/switches-and-constants.md §S9).
    const keytagOff = await t.app.inject({
      method: 'POST',
      url: '/customer-management-api/replacement-card?replacementType=DAMAGED&cardType=KEYTAG',
      headers: { channel: 'JS-WEB' },
      cookies,
    });
    expect(keytagOff.statusCode).toBe(409);
    expect(keytagOff.json()).toEqual({
      code: 'KEY_TAG_UNAVAILABLE',
      description: cardMessages.keyTagUnavailable,
    });
    const keytag = await t.app.inject({
      method: 'POST',
      url: '/customer-management-api/replacement-card?replacementType=DAMAGED&cardType=KEYTAG',
      headers: { channel: 'JS-WEB' },
      cookies: { ...cookies, [SWITCHES_COOKIE]: 'keyTagStock' },
    });
    expect(keytag.statusCode).toBe(200);
    const rows = await t.app.db
      .select()
      .from(cardReplacements)
      .where(eq(cardReplacements.collectorId, collectorId));
    expect(rows.map((row) => `${row.reason}/${row.cardType}`).sort()).toEqual([
      'DAMAGED/KEYTAG',
      'LOST/CARD',
    ]);
  });

  it('records a request for a plastic card without changing the number', async () => {
    const cookies = await cookiesFor(await idOf(demoCollector.cardNumber));
    const res = await t.app.inject({
      method: 'POST',
      url: '/customer-management-api/request-card',
      headers: { channel: 'JS-WEB' },
      cookies,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ cardNumber: demoCollector.cardNumber });
  });
});

describe('retrieve and replace without signing in', () => {
  // The demo member's address comes from account management's demo data (modules/account/demo-account.ts).
  const details = { birthDate: '12/04/1988', lastName: 'morgan', postcode: 'ec1a 1bb' };
  // Anonymous lookups are limited to 5 a minute per address: each call here comes from an address of its own.
  let caller = 0;
  const lookup = (path: string, payload: Record<string, string>) =>
    t.app.inject({
      method: 'POST',
      url: `/customer-management-api/${path}`,
      headers: jsWeb,
      payload,
      remoteAddress: `198.51.100.${(caller += 1)}`,
    });

  it('refuses details that match no member, and bad input', async () => {
    const none = await lookup('retrieve-card/request', { ...details, lastName: 'Nobody' });
    expect(none.statusCode).toBe(404);
    expect(none.json()).toEqual({ code: 'CARD_NOT_FOUND', description: cardMessages.detailsNotFound });
    const bad = await lookup('retrieve-card/request', { ...details, birthDate: '1988-04-12' });
    expect(bad.statusCode).toBe(400);
  });

  it('refuses dates that are not in the calendar, names and postcodes that break the rules (docs/product/signed-in-pages.md §S5)', async () => {
    for (const path of ['retrieve-card/request', 'replacement-card/request']) {
      for (const birthDate of [
        '31/02/1988',
        '29/02/1990',
        '13/13/1988',
        '01/01/1899',
        '01/01/3001',
        '0/4/1988',
      ]) {
        const res = await lookup(path, { ...details, birthDate });
        expect(res.statusCode, `${path} ${birthDate}`).toBe(400);
        expect(res.json()).toEqual({ code: 'VALIDATION', description: cardLookupMessages.birthDateFormat });
      }
      const name = await lookup(path, { ...details, lastName: 'M_rgan' });
      expect(name.json()).toEqual({ code: 'VALIDATION', description: registrationMessages.nameCharacters });
      const postcode = await lookup(path, { ...details, postcode: 'ZZZZZ' });
      expect(postcode.json()).toEqual({
        code: 'VALIDATION',
        description: registrationMessages.postcodeFormat,
      });
    }
    // d/m/yyyy is the form of docs/product/signed-in-pages.md §S5: single-digit days and months still find
    // the member.
    const short = await lookup('retrieve-card/request', { ...details, birthDate: '12/4/1988' });
    expect(short.statusCode).toBe(200);
  });

  it('sends a code to the member and shows the card number for the right code, once', async () => {
    const res = await lookup('retrieve-card/request', details);
    expect(res.statusCode).toBe(200);
    const body = res.json<{
      encryptedCollectorJwt: string;
      deliveryMethod: string;
      maskedDestination: string;
    }>();
    expect(body).toMatchObject({ deliveryMethod: 'email', maskedDestination: 'd***@example.com' });
    const [mail] = await outbox();
    expect(mail?.to).toBe(demoCollector.email);
    const code = codeIn(mail?.text ?? '');

    const wrong = await lookup('retrieve-card/validate', {
      twoFaCode: code === '000000' ? '111111' : '000000',
      encryptedCollectorJwt: body.encryptedCollectorJwt,
    });
    expect(wrong.json()).toMatchObject({ description: twoFactorMessages.incorrect });
    const right = await lookup('retrieve-card/validate', {
      twoFaCode: code,
      encryptedCollectorJwt: body.encryptedCollectorJwt,
    });
    expect(right.statusCode).toBe(200);
    expect(right.json()).toEqual({ cardNumber: demoCollector.cardNumber });
    const again = await lookup('retrieve-card/validate', {
      twoFaCode: code,
      encryptedCollectorJwt: body.encryptedCollectorJwt,
    });
    expect(again.statusCode).toBe(400);
  });

  it('replaces the card for the right code, and a retrieve code cannot replace', async () => {
    const member = {
      birthDate: '3/2/1990',
      lastName: cardDemoCollector.lastName,
      postcode: cardDemoCollector.postcode,
    };
    const retrieve = await lookup('retrieve-card/request', member);
    const retrieveCode = codeIn((await outbox())[0]?.text ?? '');
    const crossed = await lookup('replacement-card/validate', {
      twoFaCode: retrieveCode,
      encryptedCollectorJwt: retrieve.json<{ encryptedCollectorJwt: string }>().encryptedCollectorJwt,
      replacementType: 'STOLEN',
    });
    expect(crossed.statusCode).toBe(400);

    const res = await lookup('replacement-card/request', member);
    expect(res.statusCode).toBe(200);
    const code = codeIn((await outbox())[0]?.text ?? '');
    const collectorId = await lookupCollector();
    expect(collectorId).not.toBe('');
    const replaced = await lookup('replacement-card/validate', {
      twoFaCode: code,
      encryptedCollectorJwt: res.json<{ encryptedCollectorJwt: string }>().encryptedCollectorJwt,
      replacementType: 'STOLEN',
    });
    expect(replaced.statusCode).toBe(200);
    const { cardNumber } = replaced.json<{ cardNumber: string }>();
    expect((await findCredentialByCard(t.app.db, cardNumber))?.collectorId).toBe(collectorId);
  });
});

async function lookupCollector() {
  const [row] = await t.app.db.select().from(cards).where(eq(cards.number, cardDemoCollector.cardNumber));
  return row?.collectorId ?? '';
}

describe('the profile after a replacement', () => {
  it('shows the new card number, not the replaced one', async () => {
    const collectorId = await idOf(demoCollector.cardNumber);
    const cookies = await cookiesFor(collectorId);
    const replaced = await t.app.inject({
      method: 'POST',
      url: '/customer-management-api/replacement-card?replacementType=STOLEN',
      headers: { channel: 'JS-WEB' },
      cookies,
    });
    const { cardNumber } = replaced.json<{ cardNumber: string }>();
    const profile = await t.app.inject({
      method: 'GET',
      url: '/customer-management-api/customer/v2',
      cookies,
    });
    expect(profile.json()).toMatchObject({ cardNumber });
  });
});
