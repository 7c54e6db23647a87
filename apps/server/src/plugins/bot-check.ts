import type { FastifyRequest } from 'fastify';
import { sql } from 'drizzle-orm';
import fp from 'fastify-plugin';
import { createChallenge, randomInt, verifySolution, type Challenge, type Solution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { BOT_CHECK_BODY_FIELD, BOT_CHECK_FAILED_MESSAGE, BOT_CHECK_HEADER } from '@app/contracts/bot-check';
import type { BotCheckChallenge } from '@app/contracts/bot-check';
import { spentBotCheckTokens } from '../db/schema/core.ts';
import { AppError } from '../lib/app-error.ts';
import { secretWhenReady } from '../lib/server-secrets.ts';
import { hashOf } from '../lib/token-hash.ts';

export interface BotCheck {
  challenge(): Promise<BotCheckChallenge>;
  /** Verifies a token and spends it: the same token is refused the second time, on any instance. */
  verify(token: string | undefined, ip: string): Promise<void>;
  /** preHandler for routes the contract puts behind the bot-check. */
  require: (request: FastifyRequest) => Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    botCheck: BotCheck;
  }
}

const CHALLENGE_LIFETIME_MS = 10 * 60 * 1000;
/**
 * Each attempt at a challenge is one PBKDF2-SHA-256 of this many iterations: native code in a browser
 * (WebCrypto) as in a script, so a script has no head start over the page (ADR 052).
 */
export const BOT_CHECK_ITERATIONS = 1_000;
/**
 * The secret counter is drawn from the top quarter of BOT_CHECK_COST: every challenge costs nearly the same.
 */
const LEAST_SHARE = 0.75;
const failed = () => new AppError(400, 'BOT_CHECK_FAILED', BOT_CHECK_FAILED_MESSAGE);

/** The token from `X-Recaptcha: Bearer <token>`, or from the body where the contract sends it there. */
export const botCheckTokenOf = (request: FastifyRequest): string | undefined => {
  const header = request.headers[BOT_CHECK_HEADER];
  if (typeof header === 'string' && header.startsWith('Bearer '))
    return header.slice('Bearer '.length).trim();
  const body = request.body as Record<string, unknown> | undefined;
  const fromBody = body?.[BOT_CHECK_BODY_FIELD];
  return typeof fromBody === 'string' ? fromBody : undefined;
};

const decodeAltchaToken = (token: string): { challenge: Challenge; solution: Solution } | undefined => {
  try {
    const parsed = JSON.parse(Buffer.from(token, 'base64url').toString('utf8')) as unknown;
    if (parsed && typeof parsed === 'object' && 'challenge' in parsed && 'solution' in parsed) {
      return parsed as { challenge: Challenge; solution: Solution };
    }
  } catch {
    // fall through: a token that does not decode is simply refused
  }
  return undefined;
};

/**
 * Bot-check (docs/architecture.md "Platform contracts"): a self-hosted ALTCHA proof of work by default,
 * reCAPTCHA verification when configured, or off (never in production). The browser solves the challenge
 * without user effort.
 */
export const botCheckPlugin = fp(
  async (app) => {
    const { botCheck: mode, botCheckCost, recaptchaSecret, recaptchaSiteKey } = app.config;
    const hmacSecret = secretWhenReady(app, 'altcha-hmac');

    // Spent tokens past their challenge's end are swept on a timer (plugins/expired-rows.ts): an expired
    // token is refused by its signature's end anyway. One on every sign-in: the statement is built once (ADR
    // 047).
    let spendStatement: ReturnType<typeof prepareSpend> | undefined;
    const prepareSpend = () =>
      app.db
        .insert(spentBotCheckTokens)
        .values({
          tokenHash: sql.placeholder('tokenHash'),
          expiresAt: sql`${sql.placeholder('expiresAt')}::timestamptz`,
        })
        .onConflictDoNothing()
        .returning({ tokenHash: spentBotCheckTokens.tokenHash })
        .prepare('bot_check_spend');
    const spend = async (token: string, expiresAt: Date) => {
      spendStatement ??= prepareSpend();
      const inserted = await spendStatement.execute({
        tokenHash: hashOf(token),
        expiresAt: expiresAt.toISOString(),
      });
      if (inserted.length === 0) throw failed();
    };

    const verifyAltcha = async (token: string) => {
      const decoded = decodeAltchaToken(token);
      if (!decoded) throw failed();
      const result = await verifySolution({ ...decoded, deriveKey, hmacSignatureSecret: hmacSecret() }).catch(
        () => undefined,
      );
      if (!result?.verified) throw failed();
      const expiresAt = decoded.challenge.parameters.expiresAt;
      await spend(
        decoded.challenge.signature ?? token,
        new Date((expiresAt ?? 0) * 1000 || Date.now() + CHALLENGE_LIFETIME_MS),
      );
    };

    const verifyRecaptcha = async (token: string, ip: string) => {
      const response = await fetch('https://www.google.com/recaptcha/api/siteverify', {
        method: 'POST',
        body: new URLSearchParams({ secret: recaptchaSecret ?? '', response: token, remoteip: ip }),
        signal: AbortSignal.timeout(5000),
      }).catch(() => undefined);
      const result = (await response?.json().catch(() => undefined)) as { success?: boolean } | undefined;
      if (!result?.success) throw failed();
      await spend(token, new Date(Date.now() + CHALLENGE_LIFETIME_MS));
    };

    const botCheck: BotCheck = {
      async challenge() {
        if (mode === 'off') return { provider: 'off' };
        if (mode === 'recaptcha') return { provider: 'recaptcha', siteKey: recaptchaSiteKey ?? '' };
        const challenge = await createChallenge({
          algorithm: 'PBKDF2/SHA-256',
          cost: BOT_CHECK_ITERATIONS,
          // The secret counter the browser searches up to: between three quarters of BOT_CHECK_COST and all
          // of it, so the work is real for a script (at least 0.3 s of a core by default) and bounded for a
          // phone, whose page searches with several workers at once (ADR 052).
          counter: randomInt(Math.ceil(botCheckCost * LEAST_SHARE), botCheckCost),
          deriveKey,
          hmacSignatureSecret: hmacSecret(),
          expiresAt: new Date(Date.now() + CHALLENGE_LIFETIME_MS),
        });
        return { provider: 'altcha', challenge };
      },
      async verify(token, ip) {
        if (mode === 'off') return;
        if (!token) throw failed();
        if (mode === 'recaptcha') return verifyRecaptcha(token, ip);
        return verifyAltcha(token);
      },
      require: async (request) => botCheck.verify(botCheckTokenOf(request), request.ip),
    };
    app.decorate('botCheck', botCheck);
  },
  { name: 'bot-check', dependencies: ['db'] },
);
