import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrors } from '@app/contracts/api-error';
import { creationOptionsSchema, requestOptionsSchema } from '@app/contracts/passkeys';
import {
  staffAddPasskeySchema,
  staffMeSchema,
  staffPasskeySchema,
  staffPasskeySignInSchema,
  staffPasskeysSchema,
} from '@app/contracts/staff';
import { createStaffPasskeys } from './passkeys.ts';
import { consoleSession, meOf, staffServiceOf } from './routes.ts';

const tags = ['staff'];
const errors = apiErrors(400, 401, 403, 404, 409);
/** Per address, as the password sign-in: a careline floor signs in from one; the lockout stops guessing. */
const signInLimit = { rateLimit: { max: 60, timeWindow: '1 minute' } };
/** Adding and removing: as the other calls of an account that change how it signs in. */
const tight = { rateLimit: { max: 10, timeWindow: '1 minute' } };

/**
 * The console's passkeys (docs/staff-console.md "Signing in"): sign-in with one (options, then the answer,
 * which starts the same console session as the password sign-in, audited as 'sign-in' with its method, or
 * 'sign-in-failed'), and a signed-in member of staff's own passkeys, whatever their role: list, add (with a
 * name), remove, each change audited. HTTP only; the rules are in passkeys.ts.
 */
export const staffPasskeyRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = staffServiceOf(app);
  const session = consoleSession(app, service);
  const passkeys = createStaffPasskeys({
    db: app.db,
    clock: app.clock,
    identity: service.identity,
    origin: app.config.console.origin,
  });

  app.post(
    '/staff-api/session/passkey/options',
    {
      config: signInLimit,
      schema: {
        tags,
        summary:
          'Passkey sign-in: a challenge (navigator.credentials.get options, no email), valid 5 minutes, once',
        response: { 200: requestOptionsSchema, ...errors },
      },
    },
    async () => passkeys.signInOptions(),
  );

  app.post(
    '/staff-api/session/passkey',
    {
      config: signInLimit,
      schema: {
        tags,
        summary:
          "Signs in to the console with a passkey's answer: both factors in one (user verification required)",
        body: staffPasskeySignInSchema,
        response: { 200: staffMeSchema, ...errors },
      },
    },
    async (request, reply) => {
      const outcome = await passkeys.signIn(request.body.response);
      if ('refusal' in outcome) {
        await service.audit(session.actorOf(request, outcome.staff), 'sign-in-failed', {
          after: { method: 'passkey' },
          reason: outcome.refusal.code,
        });
        throw outcome.refusal;
      }
      await session.start(reply, outcome.staff.id);
      await service.audit(session.actorOf(request, outcome.staff), 'sign-in', {
        after: { method: 'passkey' },
      });
      return meOf(outcome.staff);
    },
  );

  app.get(
    '/staff-api/passkeys',
    {
      preHandler: session.signedIn,
      schema: {
        tags,
        summary: 'The passkeys of the member of staff signed in: name, when added and last used',
        response: { 200: staffPasskeysSchema, ...errors },
      },
    },
    async (request) => ({ passkeys: await passkeys.list(session.staffOf(request).id) }),
  );

  app.post(
    '/staff-api/passkeys/registration-options',
    {
      preHandler: session.signedIn,
      config: tight,
      schema: {
        tags,
        summary:
          'A challenge for a new passkey (navigator.credentials.create options): 403 REAUTH_REQUIRED ' +
          'later than 15 minutes after signing in',
        response: { 200: creationOptionsSchema, ...errors },
      },
    },
    async (request) => {
      const staff = session.staffOf(request);
      return passkeys.registrationOptions(staff, staff.signedInAt);
    },
  );

  app.post(
    '/staff-api/passkeys',
    {
      preHandler: session.signedIn,
      config: tight,
      schema: {
        tags,
        summary: "Adds the passkey the browser made for this member of staff's challenge, with its name",
        body: staffAddPasskeySchema,
        response: { 201: staffPasskeySchema, ...errors },
      },
    },
    async (request, reply) => {
      const staff = session.staffOf(request);
      const passkey = await passkeys.add(
        staff.id,
        staff.signedInAt,
        request.body.name,
        request.body.response,
      );
      await service.audit(session.actorOf(request), 'add-passkey', {
        after: { passkeyId: passkey.id, name: passkey.name },
      });
      return reply.status(201).send(passkey);
    },
  );

  app.delete(
    '/staff-api/passkeys/:id',
    {
      preHandler: session.signedIn,
      config: tight,
      schema: {
        tags,
        summary: 'Removes one of your passkeys: it signs no one in from now on',
        params: z.object({ id: z.uuid() }),
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      const removed = await passkeys.remove(session.staffOf(request).id, request.params.id);
      await service.audit(session.actorOf(request), 'remove-passkey', {
        before: { passkeyId: removed.id, name: removed.name },
      });
      return reply.status(204).send(null);
    },
  );
};
