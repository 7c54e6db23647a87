import { BOT_CHECK_HEADER } from '@app/contracts/bot-check';
import { sessionPaths } from '@app/contracts/session-paths';
import type {
  CollectorSessionRequest,
  Device2faChallenge,
  OauthSessionRequest,
} from '@app/contracts/sign-in';
import { DEVICE_2FA_ERROR_CODE } from '@app/contracts/sign-in-paths';
import { getBotCheckToken } from '../../shared/bot-check/get-bot-check-token.ts';
import { HttpError, request } from '../../shared/http/client.ts';

/** The answers' schemas, with zod: loaded when a call is made, not with the page (ADR 040). */
const schemas = () => import('@app/contracts/sign-in');

/**
 * Device 2FA (error 141), asked at the password step or the code exchange: the page that takes the code sent
 * to the member, or undefined when the error is another one.
 */
export function device2faPageOf(cause: unknown): string | undefined {
  if (!(cause instanceof HttpError) || cause.code !== DEVICE_2FA_ERROR_CODE) return undefined;
  const token = (cause.body as Partial<Device2faChallenge> | undefined)?.encryptedSessionJwt;
  return token ? `/two-factor-authentication/${encodeURIComponent(token)}` : undefined;
}

/** GET /nectar-session-api/remember: the card number remember-me kept on this browser. */
export const getRememberedCard = async () =>
  request(sessionPaths.rememberedCard, { schema: (await schemas()).rememberedCardSchema });

/**
 * The password step (docs/product/registration-and-sign-in.md §R4): submit first obtains a bot-check token,
 * the token triggers the login call, whose answer says where the browser continues (the provider's resume
 * address).
 */
export async function createCollectorSession(body: CollectorSessionRequest): Promise<string> {
  const token = await getBotCheckToken();
  const answer = await request(sessionPaths.collectorSessions, {
    method: 'POST',
    body,
    schema: (await schemas()).collectorSessionResponseSchema,
    headers: token ? { [BOT_CHECK_HEADER]: `Bearer ${token}` } : {},
  });
  return answer.location;
}

/** POST /session-api/session/sessions/oauth: the server exchanges the code and starts the session. */
export const createOauthSession = async (body: OauthSessionRequest) =>
  request(sessionPaths.oauthSession, {
    method: 'POST',
    body,
    schema: (await schemas()).oauthSessionResponseSchema,
  });

/**
 * POST /session-api/session/sessions/oauth/2fa-validate: the device 2FA code continues the identity
 * provider's login (`location`, asked at the password step) or starts the session (asked at the exchange).
 */
export const validateDevice2fa = async (body: { twoFaCode: string; encryptedSessionJwt: string }) =>
  request(sessionPaths.device2faValidate, {
    method: 'POST',
    body,
    schema: (await schemas()).device2faValidateResponseSchema,
  });
