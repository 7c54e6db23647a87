import { solveChallenge, solveChallengeWorkers, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/web/pbkdf2';
import type { BotCheckChallenge } from '@app/contracts/bot-check';
import { botCheckPaths } from '@app/contracts/bot-check-paths';
import { request } from '../http/client.ts';
import { botCheckProgress } from './bot-check-progress.ts';

/** At most this many searchers at once: a phone's big cores; a laptop finishes in a fraction of a second anyway. */
const MOST_WORKERS = 4;
const SOLVE_TIMEOUT_MS = 20_000;

/**
 * Searches the challenge's counters with one worker per core (up to MOST_WORKERS), each trying its own share, so a
 * phone's several cores share the work (ADR 052); on the page itself where workers are not available or fail.
 */
async function solve(challenge: Challenge) {
  const onThePage = () => solveChallenge({ challenge, deriveKey, timeout: SOLVE_TIMEOUT_MS });
  if (typeof Worker === 'undefined') return onThePage();
  const concurrency = Math.max(1, Math.min(navigator.hardwareConcurrency || 2, MOST_WORKERS));
  try {
    return await solveChallengeWorkers({
      challenge,
      concurrency,
      timeout: SOLVE_TIMEOUT_MS,
      createWorker: () => new Worker(new URL('./pow-worker.ts', import.meta.url), { type: 'module' }),
    });
  } catch {
    // A worker that could not start (a browser extension, a saved page): the same search, on the page.
    return onThePage();
  }
}

/**
 * Gets a fresh challenge and solves it without user effort (ADR 002). The token is single-use: call this
 * once per submission. Answers undefined when the bot-check is off.
 */
export async function getBotCheckToken(signal?: AbortSignal): Promise<string | undefined> {
  // Unparsed: the first route loads no zod (ADR 048); the type is the contract's (z.infer of
  // botCheckChallengeSchema).
  const answer = await request<BotCheckChallenge>(botCheckPaths.challenge, { signal });
  if (answer.provider === 'off') return undefined;
  if (answer.provider === 'recaptcha') {
    throw new Error('reCAPTCHA needs its script on the page; it is loaded by the consent banner.');
  }
  const { challenge } = answer;
  const solution = await botCheckProgress.during(() => solve(challenge));
  if (!solution) throw new Error('The bot-check could not be solved in time.');
  const json = JSON.stringify({ challenge: answer.challenge, solution });
  return btoa(json).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '');
}
