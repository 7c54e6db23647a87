// @databases one: the rules it tests go through the API and the repositories alike on both databases; nothing it asserts depends on the kind.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { demoCollector } from '../../start-data/demo-collector.ts';
import { attemptCounters } from '../../db/schema/security.ts';
import { oneTimeCodes } from '../../db/schema/identity.ts';
import { buildTestApp, jsWeb, type TestApp } from '../../test/build-test-app.ts';

/** Each guess from its own address, as an attacker with many addresses (or a forged X-Forwarded-For) would. */
const fromAddress = (i: number) => `203.0.113.${(i % 250) + 1}`;

describe('password reset by code resists guessing', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => t.close());
  beforeEach(async () => {
    await t.app.db.delete(oneTimeCodes);
    await t.app.db.delete(attemptCounters);
  });

  const post = (url: string, payload: Record<string, unknown>, remoteAddress = '127.0.0.1') =>
    t.app.inject({
      method: 'POST',
      url: `/customer-management-api${url}`,
      headers: jsWeb,
      payload,
      remoteAddress,
    });
  const options = async (i = 0) =>
    (
      await post('/2fa/get-delivery-options', { collectorId: demoCollector.cardNumber }, fromAddress(i))
    ).json<{
      id: string;
    }>().id;
  const send = async (id: string, i = 0) => {
    const sent = await post(`/2fa/send/${id}`, { deliveryMethod: 'email' }, fromAddress(i));
    expect(sent.statusCode).toBe(200);
    const outbox = (await t.app.inject({ method: 'GET', url: '/dev/outbox' })).json<{ text: string }[]>();
    return /\b(\d{6})\b/.exec(outbox[0]?.text ?? '')?.[1] ?? '';
  };
  const guess = (code: string, i = 0) =>
    post('/credentials/password/verify-2fa', { collectorId: demoCollector.cardNumber, code }, fromAddress(i));
  const wrongOf = (code: string, i = 0) => String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0');

  it('compares at most 5 codes when 29 wrong ones and the right one arrive at once', async () => {
    const code = await send(await options());
    const guesses = [...Array.from({ length: 29 }, (_, i) => wrongOf(code, i)), code];
    const answers = await Promise.all(guesses.map((value, i) => guess(value, i)));
    const compared = answers.filter((answer) => answer.json().code === 'CODE_INCORRECT');
    expect(compared.length).toBeLessThanOrEqual(5);
    expect(answers.at(-1)?.json().code).toBe('CODE_MAX_ATTEMPTS');
  });

  it('has no code to guess before one is sent', async () => {
    await options();
    expect((await guess('123456')).json().code).toBe('CODE_EXPIRED');
  });

  it('keeps the request, its id and its guesses when the delivery options are asked for again', async () => {
    const id = await options();
    const code = await send(id);
    for (let i = 0; i < 5; i += 1) await guess(wrongOf(code, i), i);
    const again = await options(7);
    expect(again).toBe(id);
    // The guesses are spent, so no new code is sent: it could never be accepted.
    const refused = await post(`/2fa/send/${again}`, { deliveryMethod: 'email' }, fromAddress(7));
    expect(refused.statusCode).toBe(400);
    expect(refused.json().code).toBe('CODE_MAX_ATTEMPTS');
    expect((await guess(code, 8)).json().code).toBe('CODE_MAX_ATTEMPTS');
  });

  it('caps guesses per account across requests, whatever the address', async () => {
    for (let round = 0; round < 3; round += 1) {
      const code = await send(await options(round), round);
      for (let i = 0; i < 5; i += 1) await guess(wrongOf(code, i), round * 5 + i);
      await t.app.db.update(oneTimeCodes).set({ expiresAt: new Date(Date.now() - 1000) });
    }
    const code = await send(await options(40), 40);
    const right = await guess(code, 41);
    expect(right.json().code).toBe('CODE_MAX_ATTEMPTS');
    const [counter] = await t.app.db
      .select()
      .from(attemptCounters)
      .where(
        eq(attemptCounters.key, `code-guess:${(await t.app.db.select().from(oneTimeCodes))[0]?.collectorId}`),
      );
    expect(counter?.count).toBeGreaterThan(15);
  });
});
