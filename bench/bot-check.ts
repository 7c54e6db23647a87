/**
 * The proof of work's cost both ways (ADR 052), at the product's own settings: what a challenge costs a script
 * (altcha-lib's search with Node's PBKDF2, CPU time of every thread of this process) and how long the product's
 * own sign-in page takes to solve one in Chromium, on this machine and with the CPU slowed four times as Lighthouse
 * does for a mid-range phone. The page's time is read from the network: from the challenge's answer to the
 * password step's request carrying the solved token.
 */
import { chromium, type Page, type Response } from '@playwright/test';
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import type { BotCheckChallenge } from '@app/contracts/bot-check';
import { botCheckPaths } from '@app/contracts/bot-check-paths';
import { findChromium } from '../scripts/browser-tools.mjs';

export interface Spread {
  min: number;
  mean: number;
  max: number;
}

const spread = (values: number[]): Spread => ({
  min: Math.min(...values),
  mean: values.reduce((sum, value) => sum + value, 0) / values.length,
  max: Math.max(...values),
});

/** CPU milliseconds a script spends on each of `runs` fresh challenges from the product at `base`. */
export async function scriptCost(base: string, runs: number): Promise<Spread> {
  const costs: number[] = [];
  for (let i = 0; i < runs; i += 1) {
    const answer = (await (await fetch(`${base}${botCheckPaths.challenge}`)).json()) as BotCheckChallenge;
    if (answer.provider !== 'altcha') throw new Error(`the product's bot-check is ${answer.provider}`);
    const before = process.cpuUsage();
    const solution = await solveChallenge({ challenge: answer.challenge, deriveKey });
    const used = process.cpuUsage(before);
    if (!solution) throw new Error('a challenge was not solved');
    costs.push((used.user + used.system) / 1000);
  }
  return spread(costs);
}

/**
 * Milliseconds from the challenge's answer to the request carrying its token, for each of `runs` password steps,
 * each on a card nobody holds (its own, so no lockout changes the page) with a wrong password: the token is sent
 * before the answer matters.
 */
async function pageSolveTimes(page: Page, base: string, runs: number): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < runs; i += 1) {
    await page.goto(`${base}/homepage`);
    await page.getByLabel('Card number').fill(`1000000${String(1000 + i)}`);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByLabel('Password', { exact: true }).fill('Not-the-password-1');
    let answeredAt = 0;
    const onAnswer = (response: Response) => {
      if (response.url().endsWith(botCheckPaths.challenge)) answeredAt = Date.now();
    };
    page.on('response', onAnswer);
    const sent = page.waitForRequest((request) => Boolean(request.headers()['x-recaptcha']));
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    const request = await sent;
    times.push(Date.now() - answeredAt);
    page.off('response', onAnswer);
    await request.response();
  }
  return times;
}

/** The product's sign-in page at `base` solving `runs` challenges: as it is, and with the CPU slowed four times. */
export async function pageCost(base: string, runs: number): Promise<{ laptop: Spread; phone: Spread }> {
  const executablePath = await findChromium();
  const browser = await chromium.launch({ executablePath, args: ['--no-sandbox'] });
  try {
    const page = await browser.newPage();
    const laptop = spread(await pageSolveTimes(page, base, runs));
    const devtools = await page.context().newCDPSession(page);
    await devtools.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    const phone = spread(await pageSolveTimes(page, base, runs));
    return { laptop, phone };
  } finally {
    await browser.close();
  }
}
