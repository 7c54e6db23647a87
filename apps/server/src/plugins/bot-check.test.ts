// @databases one: the rules it tests go through the API and the repositories alike on both databases; nothing it asserts depends on the kind.
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BotCheckChallenge } from '@app/contracts/bot-check';
import { readConfig } from '../env.ts';
import { buildTestApp, type TestApp } from '../test/build-test-app.ts';
import { BOT_CHECK_ITERATIONS } from './bot-check.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ BOT_CHECK: 'altcha', BOT_CHECK_COST: '20' });
});
afterAll(async () => t.close());

const solvedToken = async () => {
  const answer = (await t.app.inject('/bot-check/challenge')).json<BotCheckChallenge>();
  if (answer.provider !== 'altcha') throw new Error('expected an altcha challenge');
  const solution = await solveChallenge({ challenge: answer.challenge, deriveKey });
  return Buffer.from(JSON.stringify({ challenge: answer.challenge, solution })).toString('base64url');
};

describe('bot-check (altcha)', () => {
  it('accepts a solved challenge once and refuses it the second time', async () => {
    const token = await solvedToken();
    await expect(t.app.botCheck.verify(token, '127.0.0.1')).resolves.toBeUndefined();
    await expect(t.app.botCheck.verify(token, '127.0.0.1')).rejects.toMatchObject({
      statusCode: 400,
      code: 'BOT_CHECK_FAILED',
    });
  });

  it('refuses a missing, garbled or forged token', async () => {
    await expect(t.app.botCheck.verify(undefined, '127.0.0.1')).rejects.toMatchObject({
      code: 'BOT_CHECK_FAILED',
    });
    await expect(t.app.botCheck.verify('not-a-token', '127.0.0.1')).rejects.toMatchObject({
      code: 'BOT_CHECK_FAILED',
    });
    const token = await solvedToken();
    const decoded = JSON.parse(Buffer.from(token, 'base64url').toString()) as {
      solution: { counter: number; derivedKey: string };
    };
    decoded.solution.counter += 1;
    const forged = Buffer.from(JSON.stringify(decoded)).toString('base64url');
    await expect(t.app.botCheck.verify(forged, '127.0.0.1')).rejects.toMatchObject({
      code: 'BOT_CHECK_FAILED',
    });
  });
});

describe('the proof of work has a real cost (ADR 052)', () => {
  it('makes the browser search up to BOT_CHECK_COST PBKDF2 attempts, at least three quarters of it; 3,000 by default', async () => {
    const costly = await buildTestApp({ BOT_CHECK: 'altcha', BOT_CHECK_COST: '40' });
    try {
      const counters: number[] = [];
      for (let i = 0; i < 5; i += 1) {
        const answer = (await costly.app.inject('/bot-check/challenge')).json<BotCheckChallenge>();
        if (answer.provider !== 'altcha') throw new Error('expected an altcha challenge');
        expect(answer.challenge.parameters).toMatchObject({
          algorithm: 'PBKDF2/SHA-256',
          cost: BOT_CHECK_ITERATIONS,
        });
        const solution = await solveChallenge({ challenge: answer.challenge, deriveKey });
        counters.push(solution?.counter ?? -1);
      }
      for (const counter of counters) {
        expect(counter).toBeGreaterThanOrEqual(30);
        expect(counter).toBeLessThanOrEqual(40);
      }
    } finally {
      await costly.close();
    }
    expect(BOT_CHECK_ITERATIONS).toBe(1_000);
    expect(readConfig({}).botCheckCost).toBe(3_000);
  });
});
