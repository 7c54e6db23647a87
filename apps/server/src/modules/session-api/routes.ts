import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as client from 'openid-client';
import { z } from 'zod';
import { apiErrorSchema } from '@app/contracts/api-error';
import {
  collectorSessionRequestSchema,
  collectorSessionResponseSchema,
  logoutResponseSchema,
  OAUTH_REDIRECT_PATH,
  oauthSessionRequestSchema,
  oauthSessionResponseSchema,
  passwordInputSchema,
  rememberedCardSchema,
  rememberedSessionRequestSchema,
  signInMessages,
  device2faChallengeSchema,
  device2faCheckResponseSchema,
  device2faResentSchema,
  device2faValidateResponseSchema,
  encryptedSessionJwtSchema,
  twoFaValidateRequestSchema,
  twoFaCodeSchema,
  WEB_CLIENT_ID,
} from '@app/contracts/sign-in';
import { deviceKnownWrites, isDeviceKnown, markDeviceKnown, startDevice2fa } from './device-2fa.ts';
import { browserLoginInteraction } from './login-interaction.ts';
import { cardNumberMessages } from '@app/contracts/card-number';
import { emailSchema } from '@app/contracts/email';
import { AppError } from '../../lib/app-error.ts';
import { secretWhenReady } from '../../lib/server-secrets.ts';
import {
  REMEMBER_COOKIE,
  REMEMBER_MAX_AGE_SECONDS,
  readRemembered,
  rememberValue,
} from './remember-cookie.ts';
import { signInEvent } from '../../lib/account-log.ts';
import { withAccountReads } from '../../lib/account-reads.ts';
import { createSessionApiService, type SignInIdentifier } from './service.ts';

/** Per-IP limits on the calls that check a password or exchange a code (docs/security.md "Baseline"). */
const signInRateLimit = { max: 30, timeWindow: '1 minute' };

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 429: apiErrorSchema };
/** A password step: where the browser goes next, or the device 2FA challenge (403, error 141). */
const passwordStepResponses = {
  200: collectorSessionResponseSchema,
  ...errors,
  403: z.union([device2faChallengeSchema, apiErrorSchema]),
};

/**
 * /session-api, /recaptcha/collector/sessions and /nectar-session-api (docs/product/calls-and-errors.md
 * §S7.3): the password step of sign-in completes the identity provider's interaction; the web session is
 * created only from the provider's authorization code, exchanged here with openid-client.
 */
export const sessionApiRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = createSessionApiService({ db: app.db, notify: app.notify, clock: app.clock });
  const rememberKey = secretWhenReady(app, 'remember-me-key');
  const secure = app.config.publicUrl.startsWith('https://');
  const cookieOptions = { path: '/', httpOnly: true, sameSite: 'lax' as const, secure };
  const redirectUri = `${app.config.publicUrl}${OAUTH_REDIRECT_PATH}`;

  type LoginInteraction = Awaited<ReturnType<typeof app.identity.provider.interactionDetails>>;

  /** Records the login on the provider's interaction and answers where the browser goes next. */
  const finishLogin = async (reply: FastifyReply, interaction: LoginInteraction, collectorId: string) => {
    interaction.result = { login: { accountId: collectorId } };
    // The provider's own expiry, on the provider's timer: what is left of it is a duration, not a rule's
    // time.
    await interaction.save(Math.max(1, interaction.exp - Math.floor(Date.now() / 1000)));
    reply.header('location', interaction.returnTo);
    return { location: interaction.returnTo };
  };

  /**
   * Checks the password, then, with device 2FA on and a browser not known for this member and this client
   * (the website, the native app or a partner alike), answers 403 with the code challenge
   * (error 141) and leaves the interaction waiting; otherwise records the login and answers where to go next.
   */
  const completeLogin = async (
    request: FastifyRequest,
    reply: FastifyReply,
    identifier: SignInIdentifier,
    password: string,
    interactionId: string | undefined,
    /** A second factor checked with the password (the emailed digits), given the collector it passed for. */
    secondFactor?: (collectorId: string) => Promise<void>,
  ) => {
    // The interaction is checked first so an expired sign-in, or another browser's, costs no password
    // attempt.
    const interaction = await browserLoginInteraction(app, request, reply, interactionId);
    const { collectorId } = await service.verifyCredentials(identifier, password);
    const clientId = String(interaction.params.client_id);
    request.log.info({ collectorId, clientId }, 'password step passed');
    if (secondFactor) {
      await secondFactor(collectorId);
      await markDeviceKnown(app, request, reply, collectorId, clientId);
    } else if (app.config.device2fa && !(await isDeviceKnown(app, request, collectorId, clientId))) {
      reply.status(403);
      return startDevice2fa(app, collectorId, { interactionUid: interaction.uid, clientId });
    }
    return finishLogin(reply, interaction, collectorId);
  };

  /**
   * Starts the website's session after a finished sign-in, with its account log entry and this browser known
   * for the website, in one statement (ADR 047).
   */
  const startWebSession = async (
    request: FastifyRequest,
    reply: FastifyReply,
    collector: { id: string; firstName: string | null },
    data: Record<string, unknown>,
  ) => {
    const session = await app.signIn(request, reply, collector.id, data, (started) => [
      signInEvent(app.db, request, collector.id, started),
      ...deviceKnownWrites(app, request, reply, collector.id, WEB_CLIENT_ID),
    ]);
    return { sessionCreatedAt: session.createdAt.toISOString(), firstName: collector.firstName };
  };

  const setRemember = (reply: FastifyReply, cardNumber: string, remember: boolean | undefined) => {
    if (remember) {
      reply.setCookie(app.cookieName(REMEMBER_COOKIE), rememberValue(rememberKey(), cardNumber), {
        ...cookieOptions,
        maxAge: REMEMBER_MAX_AGE_SECONDS,
      });
    } else if (remember === false) {
      reply.clearCookie(app.cookieName(REMEMBER_COOKIE), cookieOptions);
    }
  };

  app.post(
    '/recaptcha/collector/sessions',
    {
      preHandler: app.botCheck.require,
      config: { rateLimit: signInRateLimit },
      schema: {
        tags: ['session'],
        summary:
          'Password step of sign-in: checks the card number and password, continues the identity login',
        headers: z.object({ 'x-recaptcha': z.string().optional() }),
        body: collectorSessionRequestSchema,
        response: passwordStepResponses,
      },
    },
    async (request, reply) => {
      const { collectorId, password, interaction, rememberMe } = request.body;
      const answer = await completeLogin(request, reply, { cardNumber: collectorId }, password, interaction);
      setRemember(reply, collectorId, rememberMe);
      return answer;
    },
  );

  app.post(
    '/recaptcha/collector/sessions/remember',
    {
      preHandler: app.botCheck.require,
      config: { rateLimit: signInRateLimit },
      schema: {
        tags: ['session'],
        summary: 'Password step for a remembered card number (the remember-me cookie)',
        body: rememberedSessionRequestSchema,
        response: passwordStepResponses,
      },
    },
    async (request, reply) => {
      const cardNumber = readRemembered(rememberKey(), request.cookies[app.cookieName(REMEMBER_COOKIE)]);
      if (!cardNumber) throw new AppError(400, 'NOT_REMEMBERED', cardNumberMessages.empty);
      const { password, interaction, rememberMe } = request.body;
      const answer = await completeLogin(request, reply, { cardNumber }, password, interaction);
      setRemember(reply, cardNumber, rememberMe ?? true);
      return answer;
    },
  );

  app.get(
    '/nectar-session-api/remember',
    {
      schema: {
        tags: ['session'],
        summary: 'The card number kept by remember-me on this browser, if any',
        response: { 200: rememberedCardSchema },
      },
    },
    async (request) => ({
      cardNumber: readRemembered(rememberKey(), request.cookies[app.cookieName(REMEMBER_COOKIE)]) ?? null,
    }),
  );

  app.post(
    '/session-api/session',
    {
      preHandler: app.botCheck.require,
      config: { rateLimit: signInRateLimit },
      schema: {
        tags: ['session'],
        summary: 'Password step of sign-in by email address instead of card number',
        body: z.object({
          email: emailSchema,
          password: passwordInputSchema,
          interaction: collectorSessionRequestSchema.shape.interaction,
        }),
        response: passwordStepResponses,
      },
    },
    async (request, reply) => {
      const { email, password, interaction } = request.body;
      return completeLogin(request, reply, { email }, password, interaction);
    },
  );

  app.post(
    '/session-api/session/request',
    {
      preHandler: app.botCheck.require,
      config: { rateLimit: { max: 5, timeWindow: '1 minute' } },
      schema: {
        tags: ['session'],
        summary: 'Sign-in by email with a code: sends 6 digits to the address, if it belongs to an account',
        body: z.object({ email: emailSchema }),
        response: { 200: z.object({ token: z.string(), description: z.string() }), ...errors },
      },
    },
    async (request) => {
      // The same answer for any address; the token binds the digits to this request.
      return {
        token: await service.requestEmailCode(request.body.email),
        description: signInMessages.emailCodeSent,
      };
    },
  );

  app.post(
    '/session-api/session/digits',
    {
      config: { rateLimit: signInRateLimit },
      schema: {
        tags: ['session'],
        summary: 'Sign-in by email, password and the emailed digits; continues the identity login',
        body: z.object({
          email: emailSchema,
          password: passwordInputSchema,
          digits: twoFaCodeSchema,
          token: encryptedSessionJwtSchema,
          interaction: collectorSessionRequestSchema.shape.interaction,
        }),
        response: { 200: collectorSessionResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { email, password, digits, token, interaction } = request.body;
      // The emailed digits are the second factor: this browser needs no device code afterwards.
      return completeLogin(request, reply, { email }, password, interaction, (collectorId) =>
        service.checkEmailCode(token, digits, collectorId),
      );
    },
  );

  app.post(
    '/session-api/session/sessions/oauth',
    {
      config: { rateLimit: signInRateLimit },
      schema: {
        tags: ['session'],
        summary: "Exchanges the identity provider's code (PKCE) for tokens and starts the web session",
        body: oauthSessionRequestSchema,
        response: {
          200: oauthSessionResponseSchema,
          ...errors,
          403: z.union([device2faChallengeSchema, apiErrorSchema]),
        },
      },
    },
    async (request, reply) => {
      const { code, verificationCode } = request.body;
      if (request.body.redirectUri !== redirectUri) {
        throw new AppError(400, 'REDIRECT_URI_REFUSED', signInMessages.signInFailed);
      }
      const configuration = await app.identity.webClient.configuration();
      const callback = new URL(redirectUri);
      callback.searchParams.set('code', code);
      callback.searchParams.set('iss', configuration.serverMetadata().issuer);
      // The provider's token endpoint runs in-process and reads the member: that read is used again here
      // instead of a second one in the same request (lib/account-reads.ts, ADR 047).
      const { tokens, collector } = await withAccountReads(async () => {
        let exchanged: Awaited<ReturnType<typeof client.authorizationCodeGrant>>;
        try {
          exchanged = await client.authorizationCodeGrant(configuration, callback, {
            pkceCodeVerifier: verificationCode,
          });
        } catch (error) {
          request.log.warn({ err: error }, 'authorization code exchange refused');
          throw new AppError(400, 'SIGN_IN_FAILED', signInMessages.signInFailed);
        }
        return { tokens: exchanged, collector: await service.collectorToSignIn(exchanged.claims()?.sub) };
      });
      const sessionData = { idToken: tokens.id_token, refreshToken: tokens.refresh_token };
      // The login interaction asked for the code already; this covers a provider session from elsewhere.
      if (app.config.device2fa && !(await isDeviceKnown(app, request, collector.id, WEB_CLIENT_ID))) {
        return reply.status(403).send(await startDevice2fa(app, collector.id, sessionData));
      }
      return startWebSession(request, reply, collector, sessionData);
    },
  );

  const pendingSchema = z.object({ encryptedSessionJwt: encryptedSessionJwtSchema });
  const codeRateLimit = { max: 20, timeWindow: '1 minute' };

  app.post(
    '/session-api/session/sessions/oauth/2fa-check',
    {
      config: { rateLimit: codeRateLimit },
      schema: {
        tags: ['session'],
        summary:
          'Device 2FA: where the code for this pending sign-in went, asked when the code page opens; a finished, expired or unknown sign-in answers 400 TWO_FACTOR_LINK_INVALID. Reads only',
        body: pendingSchema,
        response: { 200: device2faCheckResponseSchema, ...errors },
      },
    },
    async (request) => service.pendingDevice2fa(request.body.encryptedSessionJwt),
  );

  app.post(
    '/session-api/session/sessions/oauth/2fa-validate',
    {
      config: { rateLimit: codeRateLimit },
      schema: {
        tags: ['session'],
        summary:
          "Device 2FA: checks the code, then continues the provider's login (where to go next) or starts the web session",
        body: twoFaValidateRequestSchema,
        response: { 200: device2faValidateResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { twoFaCode, encryptedSessionJwt } = request.body;
      // A login interaction waits behind the code: only the browser holding the provider's signed interaction
      // cookie may continue it, and another browser's attempt costs the member no guess.
      const interactionUid = await service.waitingInteraction(encryptedSessionJwt);
      const interaction =
        typeof interactionUid === 'string'
          ? await app.identity.provider.interactionDetails(request.raw, reply.raw).catch(() => undefined)
          : undefined;
      if (interactionUid && (interaction?.uid !== interactionUid || interaction.prompt.name !== 'login')) {
        throw new AppError(400, 'SIGN_IN_EXPIRED', signInMessages.signInExpired);
      }
      const pending = await service.checkDevice2faCode(encryptedSessionJwt, twoFaCode);
      const collector = await service.collectorToSignIn(pending.collectorId);
      const { clientId, idToken, refreshToken } = pending.data;
      if (interaction) {
        await markDeviceKnown(app, request, reply, collector.id, String(clientId));
        return finishLogin(reply, interaction, collector.id);
      }
      return startWebSession(request, reply, collector, { idToken, refreshToken });
    },
  );

  app.post(
    '/session-api/session/sessions/oauth/2fa-resend',
    {
      config: { rateLimit: codeRateLimit },
      schema: {
        tags: ['session'],
        summary: 'Device 2FA: sends a new code for the pending sign-in (at most 3 sends)',
        body: pendingSchema,
        response: { 200: device2faResentSchema, ...errors },
      },
    },
    async (request) => ({
      description: await service.resendDevice2faCode(request.body.encryptedSessionJwt),
    }),
  );

  app.get(
    '/session-api/session/identity-access-token',
    {
      preHandler: app.requireSession,
      schema: {
        tags: ['session'],
        summary: "The app's access token at the identity provider for this session (refreshed as needed)",
        response: { 200: z.object({ accessToken: z.string(), expiresAt: z.string() }), ...errors },
      },
    },
    async (request) => {
      const cookie = app.sessionToken(request) ?? '';
      const data = request.session?.data ?? {};
      // Reuse a token with some life left: refresh tokens rotate, so parallel refreshes would clash.
      const cached = service.cachedAccessToken(data);
      if (cached)
        return { accessToken: cached.accessToken, expiresAt: new Date(cached.expiresAt).toISOString() };
      if (typeof data.refreshToken !== 'string') {
        throw new AppError(401, 'UNAUTHENTICATED', signInMessages.logInToContinue);
      }
      const configuration = await app.identity.webClient.configuration();
      const tokens = await client.refreshTokenGrant(configuration, data.refreshToken).catch(() => {
        throw new AppError(401, 'UNAUTHENTICATED', signInMessages.logInToContinue);
      });
      const expiresAt = service.accessTokenExpiry(tokens.expires_in);
      await app.sessions.update(cookie, {
        ...data,
        refreshToken: tokens.refresh_token ?? data.refreshToken,
        accessToken: tokens.access_token,
        accessTokenExpiresAt: expiresAt,
      });
      return { accessToken: tokens.access_token, expiresAt: new Date(expiresAt).toISOString() };
    },
  );

  const logout = async (request: FastifyRequest, reply: FastifyReply) => {
    const session = await app.sessions.read(app.sessionToken(request));
    const idToken = typeof session?.data.idToken === 'string' ? session.data.idToken : null;
    const refreshToken =
      typeof session?.data.refreshToken === 'string' ? session.data.refreshToken : undefined;
    await app.signOut(request, reply);
    if (refreshToken) {
      // The refresh token dies with the session; a failure here must not keep the member signed in.
      await app.identity.webClient
        .configuration()
        .then((configuration) => client.tokenRevocation(configuration, refreshToken))
        .catch((error: unknown) => request.log.warn({ err: error }, 'refresh token revocation failed'));
    }
    return { oidcToken: idToken };
  };
  const logoutSchema = {
    tags: ['session'],
    summary: 'Ends the web session; answers the id token for the identity logout (oidcToken)',
    response: { 200: logoutResponseSchema },
  };
  app.delete('/session-api/session', { schema: logoutSchema }, logout);
  app.delete('/session-api/logout', { schema: logoutSchema }, logout);
  app.delete(
    '/session-api/session/anonymise',
    {
      schema: {
        tags: ['session'],
        summary: 'Ends the session and forgets this browser (remember-me card number)',
        response: { 200: logoutResponseSchema },
      },
    },
    async (request, reply) => {
      reply.clearCookie(app.cookieName(REMEMBER_COOKIE), cookieOptions);
      return logout(request, reply);
    },
  );
};
