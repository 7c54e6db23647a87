import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Answers of routes no route matched are logged under this name, never their raw path (it may hold a token).
 */
const UNMATCHED_ROUTE = '(no route)';

/**
 * The access log: one line per request, written when the answer has been sent (ADR 039). Fastify's own
 * request logging writes two lines a request ('incoming request', 'request completed') through a child logger
 * made for every request; it is turned off in app.ts (`disableRequestLogging`) and this hook writes the one
 * line through the server's logger with the request id as a field, so a request that logs nothing else makes
 * no child logger (lib/lazy-child-logger.ts).
 *
 * The route is its template (`/offercard-preview/:jwtToken`), not the raw path or query, which can carry a
 * token or a code; no header is written, so cookies and authorisation never reach the line (docs/security.md
 * "Baseline").
 */
export const accessLogPlugin = fp(
  (app, _options, done) => {
    const log: FastifyBaseLogger & { isLevelEnabled?: (level: string) => boolean } = app.log;
    app.addHook('onResponse', (request: FastifyRequest, reply: FastifyReply, next) => {
      if (log.isLevelEnabled?.('info') === true) {
        log.info(
          {
            reqId: request.id,
            method: request.method,
            route: request.is404 ? UNMATCHED_ROUTE : (request.routeOptions.url ?? UNMATCHED_ROUTE),
            statusCode: reply.statusCode,
            responseTime: Math.round(reply.elapsedTime * 100) / 100,
            ip: request.ip,
            bytes: reply.getHeader('content-length'),
          },
          'request completed',
        );
      }
      next();
    });
    done();
  },
  { name: 'access-log' },
);
