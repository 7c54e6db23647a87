import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/web/sha';
import type { BotCheckChallenge } from '@app/contracts/bot-check';
import { botCheckPaths } from '@app/contracts/bot-check-paths';
import { request } from '../http/client.ts';
import { botCheckProgress } from './bot-check-progress.ts';

/**
 * Gets a fresh challenge and solves it without user effort (DESIGN.md 4). The token is single-use: call this
 * once per submission. Answers undefined when the bot-check is off.
 */
export async function getBotCheckToken(signal?: AbortSignal): Promise<string | undefined> {
  const answer = await request<BotCheckChallenge>(botCheckPaths.challenge, { signal });
  if (answer.provider === 'off') return undefined;
  if (answer.provider === 'recaptcha') {
    throw new Error('reCAPTCHA needs its script on the page; it is loaded by the consent banner.');
  }
  const { challenge } = answer;
  const solution = await botCheckProgress.during(() =>
    solveChallenge({ challenge, deriveKey, timeout: 20_000 }),
  );
  if (!solution) throw new Error('The bot-check could not be solved in time.');
  const json = JSON.stringify({ challenge: answer.challenge, solution });
  return btoa(json).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '');
}
