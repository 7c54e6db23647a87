import cookie from '@fastify/cookie';
import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet, { type HelmetOptions } from 'helmet';
import rateLimit from '@fastify/rate-limit';
import fp from 'fastify-plugin';
import { isApiPath } from '@app/contracts/api-prefixes';
import { CHANNEL_HEADER, CHANNEL_VALUE, STATE_CHANGING_METHODS } from '@app/contracts/http';
import { AppError } from '../lib/app-error.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The headers every response carries (CSP, HSTS, ...), for replies written outside Fastify (/oauth2). */
    securityHeaders: Record<string, string>;
  }
}

/** Standard clients (a partner app, openid-client) call the OpenID provider without our channel header. */
const exemptFromChannel = (path: string) => path.startsWith('/oauth2/');

/** The path as the router sees it: percent-decoded, so `/%6Fffers-api/...` is an API path like `/offers-api/...`. */
const decodedPath = (url: string) => {
  const raw = url.split('?')[0] ?? '/';
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
};

/** C0 control characters and DEL: never in a path, a query or a one-line field. */
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/;
/** In a body, tabs and line breaks are text (feedback, addresses); every other control character is not. */
// eslint-disable-next-line no-control-regex
const BODY_CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

/** Whether a parsed body (or any value in it, at any depth) holds a string with a forbidden character. */
const hasControl = (value: unknown, pattern: RegExp, depth = 0): boolean => {
  if (typeof value === 'string') return pattern.test(value);
  if (depth > 32 || value === null || typeof value !== 'object') return false;
  const entries = Array.isArray(value) ? value : Object.entries(value).flat();
  return entries.some((item) => hasControl(item, pattern, depth + 1));
};

/**
 * TRUST_PROXY as Fastify takes it (issue 10): a hop count believes only that many X-Forwarded-For entries
 * from the right, a list believes only those proxies; a made-up X-Forwarded-For sent by a client is never its
 * address, so it cannot dodge the per-IP limits.
 */
export function trustProxyOption(
  setting: false | number | string[],
): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (typeof setting === 'number') return (_address: string, hop: number) => hop < setting;
  return setting;
}

export const CONTROL_CHARACTER_MESSAGE = 'The request contains characters that are not allowed.';

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

    app.decorate('securityHeaders', headers);

    // Canonical host (issue 10): a page opened at another name of this server (127.0.0.1, a LAN address) is
    // sent to PUBLIC_URL, where sign-in's registered redirect address works. Only browser page loads (GET or
    // HEAD asking for HTML) move; API calls, health checks and tools answer on any host.
    const canonical = new URL(app.config.publicUrl);
    app.addHook('onRequest', async (request, reply) => {
      if (request.method !== 'GET' && request.method !== 'HEAD') return;
      if (!request.headers.accept?.includes('text/html')) return;
      if (request.host.toLowerCase() === canonical.host.toLowerCase()) return;
      const path = decodedPath(request.url);
      if (isApiPath(path) || /^\/(healthz|readyz|dev|docs)(\/|$)/.test(path)) return;
      return reply.redirect(`${canonical.origin}${request.url}`, 301);
    });

    // A NUL byte or another control character in a path, a query or a body field is refused with 400 before
    // any handler or database sees it (PostgreSQL refuses NUL in text, which would otherwise answer 500).
    app.addHook('onRequest', async (request) => {
      if (CONTROL.test(decodedPath(request.url)) || CONTROL.test(request.url)) {
        throw new AppError(400, 'VALIDATION', CONTROL_CHARACTER_MESSAGE);
      }
      const query = request.url.includes('?') ? request.url.slice(request.url.indexOf('?') + 1) : '';
      if (query) {
        for (const [name, value] of new URLSearchParams(query)) {
          if (CONTROL.test(name) || CONTROL.test(value)) {
            throw new AppError(400, 'VALIDATION', CONTROL_CHARACTER_MESSAGE);
          }
        }
      }
    });
    app.addHook('preValidation', async (request) => {
      if (hasControl(request.body, BODY_CONTROL)) {
        throw new AppError(400, 'VALIDATION', CONTROL_CHARACTER_MESSAGE);
      }
    });

    app.addHook('onRequest', async (request) => {
      const method = request.method as (typeof STATE_CHANGING_METHODS)[number];
      if (!STATE_CHANGING_METHODS.includes(method)) return;
      // The route the router matched (or, for no route, the decoded path): an encoded letter cannot slip an
      // API call past the check.
      const path = request.routeOptions.url ?? decodedPath(request.url);
      const raw = decodedPath(request.url);
      if (!(isApiPath(path) || isApiPath(raw)) || exemptFromChannel(path)) return;
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
