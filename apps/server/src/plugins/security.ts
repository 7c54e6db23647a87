import cookie from '@fastify/cookie';
import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet, { type HelmetOptions } from 'helmet';
import rateLimit from '@fastify/rate-limit';
import fp from 'fastify-plugin';
import { isApiPath } from '@app/contracts/api-prefixes';
import { CHANNEL_HEADER, CHANNEL_VALUE, STATE_CHANGING_METHODS } from '@app/contracts/http';
import { AppError } from '../lib/app-error.ts';

/** Standard clients (a partner app, openid-client) call the OpenID provider without our channel header. */
const exemptFromChannel = (path: string) => path.startsWith('/oauth2/');

const hostOf = (origin: string): string | undefined => {
  try {
    return new URL(origin).host;
  } catch {
    return undefined;
  }
};

/**
 * Helmet's headers depend only on its options, so they are computed once at start and replayed on every
 * response: helmet run per request halved the throughput of a plain JSON read (docs/decisions/003).
 */
export function securityHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: string | number | readonly string[]) => {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
    getHeader: (name: string) => headers[name.toLowerCase()],
  };
  let done = false;
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, () => {
    done = true;
  });
  if (!done) throw new Error('helmet did not finish synchronously');
  return headers;
}

/**
 * Security baseline of DESIGN.md 5: strict headers, cookies, rate limits (opt-in per route), and the CSRF
 * defences for state-changing API calls: the `channel: JS-WEB` header and an Origin check.
 */
export const securityPlugin = fp(
  async (app) => {
    const https = app.config.publicUrl.startsWith('https://');
    const helmetOptions: HelmetOptions = {
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'"],
          styleSrc: ["'self'"],
          imgSrc: ["'self'", 'data:'],
          fontSrc: ["'self'"],
          connectSrc: ["'self'"],
          formAction: ["'self'"],
          frameAncestors: ["'none'"],
          objectSrc: ["'none'"],
          baseUri: ["'self'"],
          ...(https ? { upgradeInsecureRequests: [] } : {}),
        },
      },
      strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
      crossOriginEmbedderPolicy: false,
    };
    const headers = securityHeaders(helmetOptions);
    app.addHook('onRequest', async (_request, reply) => {
      reply.headers(headers);
    });
    await app.register(cookie);
    await app.register(rateLimit, { global: false });

    app.addHook('onRequest', async (request) => {
      const method = request.method as (typeof STATE_CHANGING_METHODS)[number];
      if (!STATE_CHANGING_METHODS.includes(method)) return;
      const path = request.url.split('?')[0] ?? '/';
      if (!isApiPath(path) || exemptFromChannel(path)) return;
      if (request.headers[CHANNEL_HEADER] !== CHANNEL_VALUE) {
        throw new AppError(400, 'CHANNEL_REQUIRED', `The ${CHANNEL_HEADER} header must be ${CHANNEL_VALUE}.`);
      }
      const origin = request.headers.origin;
      if (origin && origin !== app.config.publicUrl && hostOf(origin) !== request.headers.host) {
        throw new AppError(403, 'ORIGIN_REFUSED', 'This request came from another site.');
      }
    });
  },
  { name: 'security', dependencies: ['config', 'errors'] },
);
