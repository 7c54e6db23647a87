import { createHash } from 'node:crypto';
import cookie from '@fastify/cookie';
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import helmet, { type HelmetOptions } from 'helmet';
import rateLimit from '@fastify/rate-limit';
import { PARTNER_API_PREFIX } from '@app/contracts/partner-api';
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { isApiPath } from '@app/contracts/api-prefixes';
import { requestMessages } from '@app/contracts/error-messages';
import { CHANNEL_HEADER, CHANNEL_VALUE, STATE_CHANGING_METHODS } from '@app/contracts/http';
import { AppError } from '../lib/app-error.ts';
import { connectRateLimitRedis, sharedRateLimitStore } from '../lib/shared-rate-limits.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The headers every response carries (CSP, HSTS, ...), for replies written outside Fastify (/oauth2). */
    securityHeaders: Record<string, string>;
  }
}

/** A Redis warning at most this often: while it is down every limited request would log one. */
const REDIS_WARNING_INTERVAL_MS = 30_000;

/**
 * With REDIS_URL, every per-client rate limit is counted in Redis, shared by every instance (ADR 032);
 * while Redis does not answer, each instance counts in its own memory. Without it, in memory.
 */
function sharedLimits(app: FastifyInstance) {
  const settings = app.config.redis;
  if (!settings) return {};
  let warnedAt = Number.NEGATIVE_INFINITY;
  const warn = (err: Error, message: string) => {
    if (Date.now() - warnedAt < REDIS_WARNING_INTERVAL_MS) return;
    warnedAt = Date.now();
    app.log.warn({ err }, message);
  };
  const redis = connectRateLimitRedis(settings.url, (err) => warn(err, 'Redis does not answer'));
  app.addHook('onClose', async () => {
    await redis.quit().catch(() => redis.disconnect());
  });
  return {
    store: sharedRateLimitStore(redis, `${settings.keyPrefix}rate-limit:`, (err) =>
      warn(err, 'rate limits counted in this instance while Redis does not answer'),
    ),
  };
}

/**
 * Standard clients (a partner app, openid-client) call the OpenID provider without our channel header, and
 * partners' tills call the partner API with a bearer token and no cookie, so there is no request to forge.
 */
const exemptFromChannel = (path: string) =>
  path.startsWith('/oauth2/') || path.startsWith(`${PARTNER_API_PREFIX}/`);

/**
 * The tester tools (/dev/*, only with DEV_TOOLS=on) change state too: a cross-site form must not start a
 * session for a chosen card, so they take the same channel and Origin checks as the API.
 */
const isDevToolPath = (path: string) => path === '/dev' || path.startsWith('/dev/');

/**
 * The path as the router sees it: percent-decoded, so `/%6Fffers-api/...` is an API path like
 * `/offers-api/...`.
 */
const decodedPath = (url: string) => {
  const query = url.indexOf('?');
  const raw = query === -1 ? url : url.slice(0, query);
  if (!raw.includes('%')) return raw;
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
};

/** C0 control characters and DEL: never in a path, a query or a one-line field. */
// oxlint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/;
/** In a body, tabs and line breaks are text (feedback, addresses); every other control character is not. */
// oxlint-disable-next-line no-control-regex
const BODY_CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

/** Whether a parsed body (or any value in it, at any depth) holds a string with a forbidden character. */
const hasControl = (value: unknown, pattern: RegExp, depth = 0): boolean => {
  if (typeof value === 'string') return pattern.test(value);
  if (depth > 32 || value === null || typeof value !== 'object') return false;
  const entries = Array.isArray(value) ? value : Object.entries(value).flat();
  return entries.some((item) => hasControl(item, pattern, depth + 1));
};

/**
 * TRUST_PROXY as Fastify takes it: a hop count believes only that many X-Forwarded-For entries
 * from the right, a list believes only those proxies; a made-up X-Forwarded-For sent by a client is never its
 * address, so it cannot dodge the per-IP limits.
 */
export function trustProxyOption(
  setting: false | number | string[],
): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (typeof setting === 'number') return (_address: string, hop: number) => hop < setting;
  return setting;
}

/** A control character written as `%00`... in a query name or value (the raw URL was checked already). */
const hasEncodedControlInQuery = (url: string) => {
  const query = url.indexOf('?');
  if (query === -1 || !url.includes('%', query)) return false;
  for (const [name, value] of new URLSearchParams(url.slice(query + 1))) {
    if (CONTROL.test(name) || CONTROL.test(value)) return true;
  }
  return false;
};

/**
 * An address the route table does not know: the app shows its not-found page there ("We can't find that
 * page").
 */
export const NOT_FOUND_PAGE = '/not-found';

/** A browser loading a page (GET or HEAD asking for HTML), not an API call, a health check or a tool. */
const isPageLoad = (method: string, accept: string | undefined, path: string) =>
  (method === 'GET' || method === 'HEAD') &&
  accept?.includes('text/html') === true &&
  !isApiPath(path) &&
  !/^\/(healthz|readyz|dev|docs)(\/|$)/.test(path);

const hostOf = (origin: string): string | undefined => {
  try {
    return new URL(origin).host;
  } catch {
    return undefined;
  }
};

/**
 * CSRF defences for state-changing API calls (docs/security.md "Baseline"): the `channel: JS-WEB` header and
 * an Origin check. `route` is the route the router matched (or, for no route, the decoded path), so an
 * encoded letter cannot slip an API call past the check.
 */
function channelError(
  method: string,
  route: string,
  path: string,
  headers: IncomingHttpHeaders,
  publicUrl: string,
): AppError | undefined {
  if (!STATE_CHANGING_METHODS.includes(method as (typeof STATE_CHANGING_METHODS)[number])) return undefined;
  const checked = isApiPath(route) || isApiPath(path) || isDevToolPath(route) || isDevToolPath(path);
  if (!checked || exemptFromChannel(route)) return undefined;
  if (headers[CHANNEL_HEADER] !== CHANNEL_VALUE) {
    return new AppError(400, 'CHANNEL_REQUIRED', requestMessages.channelRequired);
  }
  const origin = headers.origin;
  if (origin && origin !== publicUrl && hostOf(origin) !== headers.host) {
    return new AppError(403, 'ORIGIN_REFUSED', requestMessages.otherSite);
  }
  return undefined;
}

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

/** The member site's offer preview pages (routes.ts: offer card, hero card, offer details), by their token. */
const PREVIEW_PAGE = /^\/(?:offercard|herocard|offerdetails)-preview\/[^/?]+(?:\?|$)/;

/** The origins of the absolute addresses among `addresses` (a path is this server's own: 'self'). */
const originsOf = (addresses: Array<string | undefined>) => [
  ...new Set(
    addresses.filter((a): a is string => Boolean(a?.startsWith('http'))).map((a) => new URL(a).origin),
  ),
];

/**
 * The security baseline (docs/security.md "Baseline"): strict headers, cookies, rate limits (opt-in per
 * route), and the CSRF defences for state-changing API calls: the `channel: JS-WEB` header and an Origin
 * check.
 */
export const securityPlugin = fp(
  async (app) => {
    const https = app.config.publicUrl.startsWith('https://');
    // The page's one <style> element, the brand's (web-app.ts, ADR 028), allowed by its hash alone.
    const brandStyleHash = createHash('sha256').update(app.config.brand.style).digest('base64');
    // The third parties the operator set (contracts/integrations.ts): each origin allowed for what it does.
    const { hotelsLogoutUrls, offerTrackingUrl, marketingScriptUrl, socialPixelUrl } =
      app.config.integrations;
    const connectOrigins = originsOf([...hotelsLogoutUrls, offerTrackingUrl]);
    const helmetOptions = (frameAncestors: string[]): HelmetOptions => ({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'", ...originsOf([marketingScriptUrl])],
          styleSrc: ["'self'", `'sha256-${brandStyleHash}'`],
          imgSrc: ["'self'", 'data:', ...originsOf([socialPixelUrl])],
          fontSrc: ["'self'"],
          connectSrc: ["'self'", ...connectOrigins],
          formAction: ["'self'"],
          frameAncestors,
          objectSrc: ["'none'"],
          baseUri: ["'self'"],
          ...(https ? { upgradeInsecureRequests: [] } : {}),
        },
      },
      strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
      crossOriginEmbedderPolicy: false,
    });
    const headers = securityHeaders(helmetOptions(["'none'"]));
    // The offer preview pages, alone, may be framed by the staff console (its page of an offer shows them at
    // phone and desktop width): by this site's own pages, or by CONSOLE_ORIGIN when it has its own.
    const { 'x-frame-options': _sameOrigin, ...previewHeaders } = securityHeaders(
      helmetOptions([app.config.console.ownOrigin ? app.config.console.origin : "'self'"]),
    );
    await app.register(cookie);
    await app.register(rateLimit, { global: false, ...sharedLimits(app) });

    app.decorate('securityHeaders', headers);

    const canonical = new URL(app.config.publicUrl);
    const canonicalHost = canonical.host.toLowerCase();
    // The console's own origin (CONSOLE_ORIGIN) is a canonical host of its own for its pages.
    const consoleHost = app.config.console.ownOrigin
      ? new URL(app.config.console.origin).host.toLowerCase()
      : canonicalHost;
    const publicUrl = app.config.publicUrl;

    // One synchronous hook for every request (ADR 016): four async hooks cost a quarter of a plain read.
    app.addHook('onRequest', (request, reply, done) => {
      const url = request.url;
      reply.headers(PREVIEW_PAGE.test(url) ? previewHeaders : headers);
      const path = decodedPath(url);

      // A NUL byte or another control character in a path, a query or a body field is refused with 400 before
      // any handler or database sees it (PostgreSQL refuses NUL in text, which would otherwise answer 500). A
      // browser's page load at such an address is sent to the product's not-found page instead of the API's
      // JSON: nothing of the address goes with it.
      if (CONTROL.test(url) || CONTROL.test(path) || hasEncodedControlInQuery(url)) {
        if (isPageLoad(request.method, request.headers.accept, path)) {
          reply.header('cache-control', 'no-store').redirect(NOT_FOUND_PAGE, 303);
          return;
        }
        done(new AppError(400, 'VALIDATION', requestMessages.controlCharacters));
        return;
      }

      // Canonical host: a page opened at another name of this server (127.0.0.1, a LAN address) is sent to
      // PUBLIC_URL, where sign-in's registered redirect address works. Only browser page loads (GET or HEAD
      // asking for HTML) move; API calls, health checks and tools answer on any host.
      if (
        isPageLoad(request.method, request.headers.accept, path) &&
        request.host.toLowerCase() !== canonicalHost &&
        request.host.toLowerCase() !== consoleHost
      ) {
        reply.redirect(`${canonical.origin}${url}`, 301);
        return;
      }

      done(channelError(request.method, request.routeOptions.url ?? path, path, request.headers, publicUrl));
    });
    app.addHook('preValidation', (request, _reply, done) => {
      if (request.body !== undefined && hasControl(request.body, BODY_CONTROL)) {
        done(new AppError(400, 'VALIDATION', requestMessages.controlCharacters));
        return;
      }
      done();
    });
  },
  { name: 'security', dependencies: ['config', 'errors'] },
);
