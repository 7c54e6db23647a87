import { BOT_CHECK_HEADER } from '@app/contracts/bot-check';
import type {
  CollectorSessionRequest,
  OauthSessionRequest,
  OauthSessionResponse,
} from '@app/contracts/sign-in';
import { getBotCheckToken } from '../../shared/bot-check/get-bot-check-token.ts';
import { request } from '../../shared/http/client.ts';

/** GET /nectar-session-api/remember: the card number remember-me kept on this browser. */
export const getRememberedCard = () => request<{ cardNumber: string | null }>('/nectar-session-api/remember');

/**
 * The password step (spec 4): submit first obtains a bot-check token, the token triggers the login call,
 * whose answer says where the browser continues (the provider's resume address).
 */
export async function createCollectorSession(body: CollectorSessionRequest): Promise<string> {
  const token = await getBotCheckToken();
  const answer = await request<{ location: string }>('/recaptcha/collector/sessions', {
    method: 'POST',
    body,
    headers: token ? { [BOT_CHECK_HEADER]: `Bearer ${token}` } : {},
  });
  return answer.location;
}

/** POST /session-api/session/sessions/oauth: the server exchanges the code and starts the session. */
export const createOauthSession = (body: OauthSessionRequest) =>
  request<OauthSessionResponse>('/session-api/session/sessions/oauth', { method: 'POST', body });

/** POST /session-api/session/sessions/oauth/2fa-validate: the device 2FA code starts the session. */
export const validateDevice2fa = (body: { twoFaCode: string; encryptedSessionJwt: string }) =>
  request<OauthSessionResponse>('/session-api/session/sessions/oauth/2fa-validate', {
    method: 'POST',
    body,
  });
