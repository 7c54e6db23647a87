import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type Provider from 'oidc-provider';
import { OIDC_PATH } from '@app/contracts/sign-in';
import { getOrCreateSecret } from '../../lib/server-secrets.ts';
import { createIdentityProvider } from './provider.ts';
import { createRelyingParty, type RelyingParty } from './relying-party.ts';

declare module 'fastify' {
  interface FastifyInstance {
    identity: { provider: Provider; webClient: RelyingParty };
  }
}

/**
 * The identity provider at /oauth2 (authorization /oauth2/auth, end-session /oauth2/sessions/logout, token,
 * userinfo, JWKS, discovery), handed the raw request so it runs exactly as it would on its own.
 */
export const identityRoutes = fp(
  async (app) => {
    // The provider's keys and secrets are in the database: it is made when the server gets ready, so that
    // registering does not wait for the database to open (docs/decisions/025). Requests come after that.
    const identity = {} as FastifyInstance['identity'];
    let callback: ReturnType<Provider['callback']> | undefined;
    app.decorate('identity', identity);
    app.addHook('onReady', async () => {
      const webClientSecret = await getOrCreateSecret(app.db, 'oidc-web-client-secret');
      identity.provider = await createIdentityProvider({
        db: app.db,
        config: app.config,
        webClientSecret,
        clock: app.clock,
      });
      identity.webClient = createRelyingParty(app, app.config.publicUrl, webClientSecret);
      callback = identity.provider.callback();
    });

    await app.register(async (scope) => {
      // The provider reads its own request bodies (form posts from clients); Fastify must leave them alone.
      scope.removeAllContentTypeParsers();
      scope.addContentTypeParser('*', (_request, _payload, done) => done(null, undefined));
      const handler = async (
        request: { raw: IncomingMessage },
        reply: { hijack(): void; raw: ServerResponse },
      ) => {
        if (!callback) throw new Error('the identity provider is made when the server gets ready');
        const answer = callback;
        reply.hijack();
        // The provider writes the response itself: the security headers every other response gets go on
        // first (its own pages set a stricter CSP of their own over this one).
        for (const [name, value] of Object.entries(app.securityHeaders)) reply.raw.setHeader(name, value);
        const raw = request.raw as IncomingMessage & { originalUrl?: string };
        raw.originalUrl = raw.url;
        raw.url = (raw.url ?? '/').slice(OIDC_PATH.length) || '/';
        await answer(raw, reply.raw);
      };
      scope.all(`${OIDC_PATH}/*`, { schema: { hide: true } }, handler);
    });
  },
  { name: 'identity', dependencies: ['db', 'config', 'security'] },
);
