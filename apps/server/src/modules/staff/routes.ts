import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrors } from '@app/contracts/api-error';
import {
  acceptInviteSchema,
  adjustmentRequestSchema,
  adjustmentSchema,
  auditEntrySchema,
  auditQuerySchema,
  callerCheckAnswerSchema,
  callerCheckSchema,
  decisionSchema,
  enrolledAnswerSchema,
  inviteAnswerSchema,
  inviteDescriptionSchema,
  inviteRequestSchema,
  mayDo,
  memberSearchQuerySchema,
  memberSearchResultSchema,
  revealAnswerSchema,
  revealSchema,
  STAFF_ACTIONS,
  STAFF_SESSION_HOURS,
  staffMemberViewSchema,
  staffMeSchema,
  staffMessages,
  staffRoleSchema,
  staffSignInSchema,
  type StaffAction,
  type StaffRole,
} from '@app/contracts/staff';
import { AppError } from '../../lib/app-error.ts';
import { cookieNameFor } from '../../lib/cookie-name.ts';
import { createStaffService, type Actor } from './service.ts';

/** The console's own cookie: never the member's session, never sent to a page of the member's app. */
export const STAFF_SESSION_COOKIE = 'staff_session';
const tags = ['staff'];
const errors = apiErrors(400, 401, 403, 404, 409, 422);
const idParams = z.object({ id: z.uuid() });

interface SignedInStaff {
  id: string;
  email: string;
  name: string;
  role: StaffRole;
  signedInAt: Date;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The member of staff behind a console call, set by the route's role check. */
    staff?: SignedInStaff;
  }
}

/** Who is signed in and what their role may do: the answer of every sign-in and of GET /staff-api/session. */
export const meOf = (staff: Pick<SignedInStaff, 'id' | 'email' | 'name' | 'role'>) => ({
  id: staff.id,
  email: staff.email,
  name: staff.name,
  role: staff.role,
  actions: (Object.keys(STAFF_ACTIONS) as StaffAction[]).filter((action) => mayDo(staff.role, action)),
});

/** The staff module's rules for the app's database, clock, outbox and settings. */
export const staffServiceOf = (app: FastifyInstance) =>
  createStaffService({
    db: app.db,
    clock: app.clock,
    notify: app.notify,
    publicUrl: app.config.publicUrl,
    feed: app.changes,
    limits: app.config.staffPointsLimits,
  });

/**
 * The console's session, for every route of the staff module: starting one (its cookie set), the checks
 * before a handler (a live session; `may`: and a role that may take the action, a refusal audited), and who
 * the actor of the audit trail is.
 */
export function consoleSession(app: FastifyInstance, service: ReturnType<typeof createStaffService>) {
  // The console's own origin (CONSOLE_ORIGIN, else the member's site) decides whether its cookie is Secure.
  const { origin } = app.config.console;
  const cookieName = cookieNameFor(origin)(STAFF_SESSION_COOKIE);
  const cookieOptions = {
    path: '/',
    httpOnly: true,
    sameSite: 'strict' as const,
    secure: origin.startsWith('https://'),
  };
  const actorOf = (request: FastifyRequest, staff?: { id: string | null; email: string }): Actor => ({
    id: staff?.id ?? request.staff?.id ?? null,
    email: staff?.email ?? request.staff?.email ?? 'unknown',
    role: request.staff?.role,
    ip: request.ip,
  });
  /** The member of staff the session check let through, as the actor of the audit trail. */
  const staffOf = (request: FastifyRequest) => {
    if (!request.staff) throw new AppError(401, 'STAFF_SIGN_IN_REQUIRED', staffMessages.signInRequired);
    return { ...request.staff, ip: request.ip };
  };

  /** Before the handler: a live console session, whatever its role. */
  const signedIn = async (request: FastifyRequest) => {
    const session = await service.identity.sessionOf(request.cookies[cookieName]);
    if (!session) throw new AppError(401, 'STAFF_SIGN_IN_REQUIRED', staffMessages.signInRequired);
    request.staff = { ...session.staff, signedInAt: session.createdAt };
  };

  /** The role check of `action`, before the handler: a live console session whose role may take it. */
  const may = (action: StaffAction) => async (request: FastifyRequest) => {
    await signedIn(request);
    if (!mayDo(staffOf(request).role, action)) {
      await service.audit(actorOf(request), 'refused', { after: { action, path: request.routeOptions.url } });
      throw new AppError(403, 'ROLE_REFUSED', staffMessages.roleRefused);
    }
  };

  /** Starts a console session for `staffId`: its cookie on `reply`. */
  const start = async (reply: FastifyReply, staffId: string) => {
    const token = await service.identity.startSession(staffId);
    reply.setCookie(cookieName, token, { ...cookieOptions, maxAge: STAFF_SESSION_HOURS * 3600 });
  };

  return { cookieName, cookieOptions, actorOf, staffOf, signedIn, may, start };
}

/**
 * The console's session for its other modules (app.ts hands it to them; a module uses another only through
 * its service.ts): the role check of an action before a handler, the member of staff it let through, and the
 * audit trail's writer for their changes' transactions.
 */
export function consoleGateOf(app: FastifyInstance) {
  const service = staffServiceOf(app);
  const { may, staffOf } = consoleSession(app, service);
  return { may, staffOf, audit: service.audit };
}

/**
 * The staff console's calls, under /staff-api (docs/staff-console.md). Every call but signing in and taking an
 * invitation names the action it takes; the role check runs before the handler, on every call, and a refusal
 * is audited as well as a success. The calls of its passkeys are in passkey-routes.ts.
 */
export const staffRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = staffServiceOf(app);
  const {
    cookieName,
    cookieOptions,
    actorOf,
    staffOf,
    signedIn,
    may,
    start: signIn,
  } = consoleSession(app, service);

  app.post(
    '/staff-api/session',
    {
      schema: {
        tags,
        summary: 'Signs in to the console: email, password and the authenticator code',
        body: staffSignInSchema,
        response: { 200: staffMeSchema, ...errors },
      },
      // Per address: a careline floor signs in from one address; the account's own lockout stops guessing.
      config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
    },
    async (request, reply) => {
      const { email, password, code } = request.body;
      try {
        const { staff, usedRecoveryCode } = await service.identity.signIn(email, password, code);
        await signIn(reply, staff.id);
        await service.audit(actorOf(request, staff), 'sign-in', {
          after: { method: 'password', usedRecoveryCode },
        });
        return meOf(staff);
      } catch (error) {
        if (error instanceof AppError)
          await service.audit(actorOf(request, { id: null, email }), 'sign-in-failed', {
            reason: error.code,
          });
        throw error;
      }
    },
  );

  app.get(
    '/staff-api/session',
    {
      // Any role: a campaign manager takes no careline action, and still needs to know what it may do.
      preHandler: signedIn,
      schema: {
        tags,
        summary: 'Who is signed in to the console, and what their role may do',
        response: { 200: staffMeSchema, ...errors },
      },
    },
    async (request) => meOf(staffOf(request)),
  );

  app.delete(
    '/staff-api/session',
    { schema: { tags, summary: 'Signs out of the console', response: { 204: z.null() } } },
    async (request, reply) => {
      const token = request.cookies[cookieName];
      const session = await service.identity.sessionOf(token);
      if (token) await service.identity.endSession(token);
      if (session) await service.audit(actorOf(request, session.staff), 'sign-out');
      reply.clearCookie(cookieName, cookieOptions);
      return reply.status(204).send(null);
    },
  );

  const inviteParams = z.object({ token: z.string().min(20).max(100) });
  app.get(
    '/staff-api/invites/:token',
    {
      schema: {
        tags,
        summary: 'Who an invitation is for, while it can be taken',
        params: inviteParams,
        response: {
          200: inviteDescriptionSchema,
          ...errors,
        },
      },
    },
    async (request) => service.identity.describeInvite(request.params.token),
  );

  app.post(
    '/staff-api/invites/:token/password',
    {
      schema: {
        tags,
        summary: "An invitation's first step: the password, and the authenticator's new secret",
        params: inviteParams,
        body: acceptInviteSchema.pick({ password: true }),
        response: { 200: inviteAnswerSchema, ...errors },
      },
    },
    async (request) => service.identity.choosePassword(request.params.token, request.body.password),
  );

  app.post(
    '/staff-api/invites/:token/authenticator',
    {
      schema: {
        tags,
        summary: "An invitation's last step: a code from the app; answers the recovery codes and signs in",
        params: inviteParams,
        body: z.object({ code: z.string().trim().length(6) }),
        response: { 200: enrolledAnswerSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { staff, recoveryCodes } = await service.identity.confirmAuthenticator(
        request.params.token,
        request.body.code,
      );
      await signIn(reply, staff.id);
      await service.audit(actorOf(request, staff), 'enrol');
      return { recoveryCodes };
    },
  );

  app.post(
    '/staff-api/invites',
    {
      preHandler: may('inviteStaff'),
      schema: {
        tags,
        summary: 'Invites a member of staff: the link goes by email (an admin)',
        body: inviteRequestSchema,
        response: { 201: z.object({ link: z.string(), staffId: z.string() }), ...errors },
      },
    },
    async (request, reply) => {
      const { email, name, role } = request.body;
      return reply.status(201).send(await service.invite(staffOf(request), email, name, role));
    },
  );

  app.get(
    '/staff-api/members',
    {
      preHandler: may('search'),
      schema: {
        tags,
        summary:
          'Finds members by card number, email, mobile, postcode and last name, or the start of a name',
        querystring: memberSearchQuerySchema,
        response: { 200: memberSearchResultSchema, ...errors },
      },
    },
    async (request) => service.search(staffOf(request), request.query.q),
  );

  app.post(
    '/staff-api/members/:id/caller-check',
    {
      preHandler: may('viewMember'),
      schema: {
        tags,
        summary:
          "The careline check: the caller's date of birth and postcode, or why they could not be asked",
        params: idParams,
        body: callerCheckSchema,
        response: { 200: callerCheckAnswerSchema, ...errors },
      },
    },
    async (request) => service.checkCaller(staffOf(request), request.params.id, request.body),
  );

  app.get(
    '/staff-api/members/:id',
    {
      preHandler: may('viewMember'),
      schema: {
        tags,
        summary: 'The member on one screen (masked), once the caller was checked',
        params: idParams,
        response: { 200: staffMemberViewSchema, ...errors },
      },
    },
    async (request) => {
      const staff = staffOf(request);
      return service.member(staff, request.params.id, staff.signedInAt);
    },
  );

  app.post(
    '/staff-api/members/:id/reveal',
    {
      preHandler: may('reveal'),
      schema: {
        tags,
        summary: 'One masked field in full; each reveal is audited',
        params: idParams,
        body: revealSchema,
        response: { 200: revealAnswerSchema, ...errors },
      },
    },
    async (request) => service.reveal(staffOf(request), request.params.id, request.body.field),
  );

  app.post(
    '/staff-api/members/:id/adjustments',
    {
      preHandler: may('adjustPoints'),
      schema: {
        tags,
        summary:
          "Adds or takes points with a reason: applied at once within the role's limits (201), else waiting for approval (202)",
        params: idParams,
        body: adjustmentRequestSchema,
        response: { 201: adjustmentSchema, 202: adjustmentSchema, ...errors },
      },
    },
    async (request, reply) => {
      const adjustment = await service.adjust(staffOf(request), request.params.id, request.body);
      return reply.status(adjustment.state === 'pending' ? 202 : 201).send(adjustment);
    },
  );

  app.get(
    '/staff-api/adjustments',
    {
      preHandler: may('decideAdjustment'),
      schema: {
        tags,
        summary: 'Changes of points waiting for a decision, oldest first',
        response: { 200: z.array(adjustmentSchema), ...errors },
      },
    },
    async () => service.pendingAdjustments(),
  );

  app.post(
    '/staff-api/adjustments/:id/decision',
    {
      preHandler: may('decideAdjustment'),
      schema: {
        tags,
        summary: 'Applies or refuses a change that waits (someone above its requester, never the requester)',
        params: idParams,
        body: decisionSchema,
        response: { 200: adjustmentSchema, ...errors },
      },
    },
    async (request) =>
      service.decide(staffOf(request), request.params.id, request.body.approve, request.body.reason),
  );

  app.get(
    '/staff-api/audit',
    {
      preHandler: may('viewAudit'),
      schema: {
        tags,
        summary: 'The audit trail, newest first, by member, member of staff, action and dates',
        querystring: auditQuerySchema,
        response: { 200: z.array(auditEntrySchema), ...errors },
      },
    },
    async (request) =>
      (await service.listAudit(request.query)).map((row) => ({ ...row, at: row.at.toISOString() })),
  );

  app.get(
    '/staff-api/audit.csv',
    {
      preHandler: may('exportAudit'),
      schema: {
        tags,
        summary: 'The audit trail as CSV (an admin)',
        querystring: auditQuerySchema,
        response: { 200: z.string(), ...errors },
      },
    },
    async (request, reply) =>
      reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="staff-audit.csv"')
        .send(await service.auditCsv(staffOf(request), request.query)),
  );

  if (app.config.devTools) {
    // Tester tool: a console session for a member of staff, without the password and code.
    app.post(
      '/dev/staff-session',
      {
        schema: {
          tags: ['dev'],
          summary:
            'Signs this browser in to the console as a member of staff, made with `role` when missing; not registered in production',
          body: z.object({ email: z.string(), role: staffRoleSchema.optional() }),
          response: { 204: z.null(), ...errors },
        },
      },
      async (request, reply) => {
        const staff = await service.identity.testerStaff(request.body.email, request.body.role);
        if (!staff) throw new AppError(404, 'STAFF_SIGN_IN_FAILED', staffMessages.signInFailed);
        await signIn(reply, staff.id);
        return reply.status(204).send(null);
      },
    );
  }
};
