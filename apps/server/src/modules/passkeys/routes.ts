import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrors } from '@app/contracts/api-error';
import {
  addPasskeyRequestSchema,
  creationOptionsSchema,
  PASSKEY_PATHS,
  passkeyAddedSchema,
  passkeyChangedSchema,
  passkeyMessages,
  passkeySignInOptionsRequestSchema,
  passkeySignInRequestSchema,
  passkeysSchema,
  renamePasskeyRequestSchema,
  requestOptionsSchema,
} from '@app/contracts/passkeys';
import { collectorSessionResponseSchema } from '@app/contracts/sign-in';
import { recordAccountEvent } from '../../lib/account-log.ts';
import { createCredentialsService } from '../credentials/service.ts';
import { browserLoginInteraction, markDeviceKnown } from '../session-api/service.ts';
import { createPasskeyService } from './service.ts';

const tags = ['passkeys'];
const errors = apiErrors(400, 401, 403, 404, 409, 429);
/** Per client (IP address), on top of the account's lockout: as the password step's limit. */
const signInRateLimit = { rateLimit: { max: 30, timeWindow: '1 minute' } };
/** Adding a passkey: as the account's other calls that check a secret. */
const tight = { rateLimit: { max: 10, timeWindow: '1 minute' } };
const perClient = { rateLimit: { max: 60, timeWindow: '1 minute' } };

/**
 * Passkeys (docs/decisions/029). Sign-in: options and the answer for the identity provider's login
 * interaction, which the answer finishes as the password step does (every client: the website, the native
 * app, partners), marking this browser known for that client (a passkey is the second factor of device 2FA).
 * The security page: list, add (after a step-up code), rename, remove. HTTP only; the rules are in service.ts.
 */
export const passkeyRoutes: FastifyPluginAsyncZod = async (app) => {
  const passkeys = createPasskeyService({
    db: app.db,
    recordEvent: (request, collectorId, type, detail) =>
      recordAccountEvent(app.db, request, collectorId, type, detail),
    publicUrl: app.config.publicUrl,
    clock: app.clock,
    verifyOtherFactor: createCredentialsService(app).verifyOtherFactor,
  });
  /** The RP id: the host name the browser asked (its origin is checked against PUBLIC_URL's). */
  const rpIdOf = (request: FastifyRequest) => request.hostname.replace(/:\d+$/, '');
  const token = (request: FastifyRequest) => app.sessionToken(request) ?? '';

  /* ---------- sign-in ---------- */

  app.post(
    PASSKEY_PATHS.signInOptions,
    {
      config: signInRateLimit,
      schema: {
        tags,
        summary:
          'Passkey sign-in: a challenge for the login interaction (navigator.credentials.get options), valid 5 minutes, once',
        body: passkeySignInOptionsRequestSchema,
        response: { 200: requestOptionsSchema, ...errors },
      },
    },
    async (request, reply) => {
      const interaction = await browserLoginInteraction(app, request, reply, request.body.interaction);
      return passkeys.signInOptions(interaction.uid, rpIdOf(request));
    },
  );

  app.post(
    PASSKEY_PATHS.signIn,
    {
      config: signInRateLimit,
      schema: {
        tags,
        summary:
          "Passkey sign-in: checks the passkey's answer, then continues the identity login (where to go next), as the password step does; this browser counts as known for device 2FA",
        body: passkeySignInRequestSchema,
        response: { 200: collectorSessionResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const interaction = await browserLoginInteraction(app, request, reply, request.body.interaction);
      const { collectorId, synced } = await passkeys.verifySignIn(
        request,
        interaction.uid,
        request.body.response,
        rpIdOf(request),
      );
      const clientId = String(interaction.params.client_id);
      request.log.info({ collectorId, clientId }, 'passkey sign-in passed');
      // Possession of the passkey is the second factor: no code is asked on this browser for this client.
      await markDeviceKnown(app, request, reply, collectorId, clientId);
      // How the member proved it (RFC 8176): two factors in one, the key synced (software) or device-bound.
      const amr = ['mfa', 'user', synced ? 'swk' : 'hwk'];
      interaction.result = { login: { accountId: collectorId, amr } };
      await interaction.save(Math.max(1, interaction.exp - Math.floor(Date.now() / 1000)));
      reply.header('location', interaction.returnTo);
      return { location: interaction.returnTo };
    },
  );

  /* ---------- the security page ---------- */

  app.get(
    PASSKEY_PATHS.list,
    {
      preHandler: app.requireSession,
      schema: {
        tags,
        summary: "The member's passkeys: name, device added on, when added and last used",
        response: { 200: passkeysSchema, ...errors },
      },
    },
    async (request) => ({ passkeys: await passkeys.listPasskeys(request.collectorId) }),
  );

  app.post(
    PASSKEY_PATHS.registrationOptions,
    {
      preHandler: app.requireFreshSession,
      config: tight,
      schema: {
        tags,
        summary:
          'A challenge for a new passkey (navigator.credentials.create options); needs a verified step-up code (POST /2fa/verify) in this session, 403 REAUTH_REQUIRED otherwise',
        response: { 200: creationOptionsSchema, ...errors },
      },
    },
    async (request) => {
      return passkeys.registrationOptions(
        request.collectorId,
        token(request),
        rpIdOf(request),
        Number(request.session?.data.reauthUntil ?? 0),
      );
    },
  );

  app.post(
    PASSKEY_PATHS.list,
    {
      preHandler: app.requireFreshSession,
      config: tight,
      schema: {
        tags,
        summary: "Adds the passkey the browser made for this session's challenge",
        body: addPasskeyRequestSchema,
        response: { 200: passkeyAddedSchema, ...errors },
      },
    },
    async (request) => ({
      passkey: await passkeys.addPasskey(
        request,
        request.collectorId,
        token(request),
        request.body.response,
        rpIdOf(request),
      ),
      description: passkeyMessages.added,
    }),
  );

  const idParams = z.object({ id: z.uuid({ error: passkeyMessages.notFound }) });

  app.patch(
    '/customer-management-api/passkeys/:id',
    {
      preHandler: app.requireFreshSession,
      config: perClient,
      schema: {
        tags,
        summary: 'Renames a passkey',
        params: idParams,
        body: renamePasskeyRequestSchema,
        response: { 200: passkeyChangedSchema, ...errors },
      },
    },
    async (request) =>
      passkeys.renamePasskey(request, request.collectorId, request.params.id, request.body.name),
  );

  app.delete(
    '/customer-management-api/passkeys/:id',
    {
      preHandler: app.requireFreshSession,
      config: perClient,
      schema: {
        tags,
        summary: 'Removes a passkey: it no longer signs anyone in',
        params: idParams,
        response: { 200: passkeyChangedSchema, ...errors },
      },
    },
    async (request) => passkeys.removePasskey(request, request.collectorId, request.params.id),
  );
};
