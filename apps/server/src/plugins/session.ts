import type { SQLWrapper } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { HOTELS_SESSION_HEADER } from '@app/contracts/linked-partners-paths';
import { SESSION_PRESENT_COOKIE } from '@app/contracts/session-paths';
import { signInMessages } from '@app/contracts/sign-in';
import { AppError } from '../lib/app-error.ts';
import { NEEDS_UPGRADE, pageOf, sessionUpgradeError } from '../lib/session-upgrade.ts';
import { freshSessionRefusalSchema } from '@app/contracts/api-error';
import { createSessionStore, type Session, type SessionStore } from './session-store.ts';
import { cookieNameFor } from '../lib/cookie-name.ts';

export const SESSION_COOKIE = 'lc_session';

declare module 'fastify' {
  interface FastifyInstance {
    sessions: SessionStore;
    /** preHandler for session routes: 401 `{code, description}` without a live session. */
    requireSession: (request: FastifyRequest) => Promise<void>;
    /**
     * preHandler for the calls that spend or move points or change how the member signs in: the session is
     * read from the database itself, so one ended on another instance is refused at once, even before that
     * instance's memory hears of it.
     */
    requireFreshSession: (request: FastifyRequest) => Promise<void>;
    /**
     * Starts a session for a collector and sets the cookie; a previous session of this browser ends.
     * `alongside`: writes that go with the start, in the same statement as the session (SessionStore.create).
     */
    signIn: (
      request: FastifyRequest,
      reply: FastifyReply,
      collectorId: string,
      data?: Record<string, unknown>,
      alongside?: (session: Session) => SQLWrapper[],
    ) => Promise<Session>;
    signOut: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    /** A cookie's name as this server sets it (`cookieNameFor`: the `__Host-` prefix over https). */
    cookieName: (name: string) => string;
    /** The session cookie's secret sent with this request, if any. */
    sessionToken: (request: FastifyRequest) => string | undefined;
  }
  interface FastifyRequest {
    session?: Session;
    /**
     * The signed-in member, set by `requireSession` and `requireFreshSession`; '' on a route without either
     * (a route that needs the member always has one of them as its preHandler).
     */
    collectorId: string;
  }
}

export const sessionPlugin = fp(
  async (app) => {
    const store = createSessionStore(app.db, app.config.session, () => app.clock.now(), app.changes);
    const secure = app.config.publicUrl.startsWith('https://');
    const cookieOptions = { path: '/', httpOnly: true, sameSite: 'lax' as const, secure };
    const cookieName = cookieNameFor(app.config.publicUrl);
    const sessionCookie = cookieName(SESSION_COOKIE);
    const sessionToken = (request: FastifyRequest) => request.cookies[sessionCookie];
    app.decorate('cookieName', cookieName);
    app.decorate('sessionToken', sessionToken);

    app.decorate('sessions', store);
    app.decorateRequest('session', undefined);
    app.decorateRequest('collectorId', '');

    const sessionGuard = (fresh: boolean) => async (request: FastifyRequest) => {
      const session = await store.read(sessionToken(request), { fresh });
      if (!session) throw new AppError(401, 'UNAUTHENTICATED', signInMessages.logInToContinue);
      // A session without the identity provider may not spend, move points or change credentials (DN57).
      if (fresh && session.data[NEEDS_UPGRADE] === true) {
        const from = pageOf(request.headers.referer, app.config.publicUrl);
        throw await sessionUpgradeError(app.db, from, app.clock.now());
      }
      request.session = session;
      request.collectorId = session.collectorId;
    };
    app.decorate('requireSession', sessionGuard(false));
    app.decorate('requireFreshSession', sessionGuard(true));
    // A route behind the full-session guard may answer the session upgrade: its 400 says so in /openapi.json.
    app.addHook('onRoute', (route) => {
      const guards = [route.preHandler].flat();
      if (!guards.includes(app.requireFreshSession) || !route.schema) return;
      route.schema.response = { ...(route.schema.response as object), 400: freshSessionRefusalSchema };
    });

    app.decorate(
      'signIn',
      async (
        request: FastifyRequest,
        reply: FastifyReply,
        collectorId: string,
        data?: Record<string, unknown>,
        alongside?: (session: Session) => SQLWrapper[],
      ) => {
        // Rotation: whatever id this browser had before sign-in is never reused.
        await store.destroy(sessionToken(request));
        // The browser's own description, kept with the session, names the device on the security page
        // however the session started.
        const userAgent = request.headers['user-agent'];
        const { token, session } = await store.create(
          collectorId,
          {
            ...data,
            ...(typeof userAgent === 'string' && userAgent ? { userAgent: userAgent.slice(0, 400) } : {}),
          },
          alongside,
        );
        const maxAge = app.config.session.absoluteHours * 3600;
        reply.setCookie(sessionCookie, token, { ...cookieOptions, maxAge });
        reply.setCookie(SESSION_PRESENT_COOKIE, '1', { ...cookieOptions, httpOnly: false, maxAge });
        // A hotels session is due: the app fetches one at once (docs/product/signed-in-pages.md §S4), not at
        // its next start.
        reply.header(HOTELS_SESSION_HEADER, 'due');
        request.session = session;
        return session;
      },
    );

    app.decorate('signOut', async (request: FastifyRequest, reply: FastifyReply) => {
      await store.destroy(sessionToken(request));
      reply.clearCookie(sessionCookie, cookieOptions);
      reply.clearCookie(SESSION_PRESENT_COOKIE, { ...cookieOptions, httpOnly: false });
      request.session = undefined;
    });
  },
  { name: 'session', dependencies: ['db', 'security'] },
);
