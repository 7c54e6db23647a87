import { BOT_CHECK_HEADER } from '@app/contracts/bot-check';
import { progressivePaths } from '@app/contracts/progressive-paths';
import type { AuthTokenResponse } from '@app/contracts/registration';
import { getBotCheckToken } from '../../shared/bot-check/get-bot-check-token.ts';
import { request } from '../../shared/http/client.ts';

/** The bot-check bearer header for a call that asks for one, or none when the bot-check is off. */
export const botChecked = async (): Promise<Record<string, string>> => {
  const token = await getBotCheckToken();
  return token ? { [BOT_CHECK_HEADER]: `Bearer ${token}` } : {};
};

/**
 * The card check (docs/product/calls-and-errors.md §R7): with a bot-check token, through the bot-check API
 * with its bearer header; `pianoCheck` asks which login a registered card takes (DO_LOGIN_IDENTITY or
 * DO_LOGIN_NECTAR). A 401 means an expired registration, not a missing session: no sign-in redirect. Apart
 * from the other registration calls (registration-api.ts) because the card check page is a first route.
 */
export const cardCheck = async (cardNumber?: string) => {
  const botCheck = await botChecked();
  const path =
    BOT_CHECK_HEADER in botCheck ? progressivePaths.cardCheckBotChecked : progressivePaths.cardCheck;
  // Unparsed: the first route loads no zod (ADR 048); the type is the contract's (authTokenResponseSchema).
  return request<AuthTokenResponse>(path, {
    method: 'POST',
    body: cardNumber ? { cardNumber } : {},
    headers: { ...botCheck, pianoCheck: 'true' },
    redirectOnUnauthorized: false,
  });
};
