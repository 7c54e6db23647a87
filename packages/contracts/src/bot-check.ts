import { z } from 'zod';

/**
 * Header that carries a bot-check token
 * (docs/product/calls-and-errors.md §R7: `X-Recaptcha: Bearer <token>`).
 */
export const BOT_CHECK_HEADER = 'x-recaptcha';
/** Body field that carries a bot-check token where the spec sends it in the payload (address find). */
export const BOT_CHECK_BODY_FIELD = 'botCheckToken';
export const BOT_CHECK_FAILED_MESSAGE = "We couldn't check that you're not a robot. Please try again.";

// Built in a pure call, so that a page that only needs the header name does not load zod.
export const botCheckChallengeSchema = /* @__PURE__ */ (() =>
  z.discriminatedUnion('provider', [
    z.object({
      provider: z.literal('altcha'),
      challenge: z.object({
        parameters: z.object({
          algorithm: z.string(),
          nonce: z.string(),
          salt: z.string(),
          cost: z.number(),
          keyLength: z.number(),
          keyPrefix: z.string(),
          keySignature: z.string().optional(),
          expiresAt: z.number().optional(),
        }),
        signature: z.string().optional(),
      }),
    }),
    z.object({ provider: z.literal('recaptcha'), siteKey: z.string() }),
    z.object({ provider: z.literal('off') }),
  ]))();
export type BotCheckChallenge = z.infer<typeof botCheckChallengeSchema>;
