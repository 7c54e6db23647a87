import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { requestMessages } from '@app/contracts/error-messages';

/** Where the staff console is served (apps/console/vite.config.ts `base`). */
export const CONSOLE_PREFIX = '/console';

/**
 * The console's page policy: its own scripts, styles and fonts only, no inline script or style, images of its
 * own or `data:` (the authenticator's QR code), calls to this origin, and never inside a frame. Stricter than
 * the member site's (plugins/security.ts), which allows the brand's style element and the operator's third
 * parties: the console has neither.
 */
export const consolePolicy = (https: boolean, memberSite = "'self'") =>
  [
    "default-src 'self'",
    // The page of an offer frames the member site's offer preview pages (that site allows this one alone).
    `frame-src ${memberSite}`,
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' data:",
    "font-src 'self'",
    "connect-src 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    "object-src 'none'",
    "base-uri 'self'",
    ...(https ? ['upgrade-insecure-requests'] : []),
  ].join('; ');

/** What /console/ answers while apps/console/dist is missing. */
const NOT_BUILT_PAGE = `<!doctype html>
<html lang="en-GB"><head><meta charset="utf-8"><title>Staff console not built</title></head>
<body><h1>The staff console is not built</h1>
<p>Build it with <code>npm run build</code>, or start the server with <code>npm start</code>,
which builds it.</p>
</body></html>`;

/** The console's built files, and its page for every path under /console/ that is no file. */
async function consoleRoutes(app: FastifyInstance) {
  const root = app.config.consoleDistDir;
  const indexPath = path.join(root, 'index.html');
  const indexHtml = existsSync(indexPath) ? readFileSync(indexPath, 'utf8') : undefined;
  const policy = consolePolicy(
    app.config.publicUrl.startsWith('https://'),
    app.config.console.ownOrigin ? new URL(app.config.publicUrl).origin : "'self'",
  );

  if (indexHtml) {
    // One route per built file (a few dozen: ADR 003's choice, without a wildcard route); the page itself is
    // answered below, with its policy, at every page path.
    await app.register(fastifyStatic, {
      root,
      wildcard: false,
      index: false,
      // The member site's registration decorates the reply with sendFile; this one serves its routes only.
      decorateReply: false,
      // The build writes .br and .gz beside each text file (apps/web/precompress-plugin.ts): sent as they are.
      preCompressed: true,
      globIgnore: ['index.html', '**/*.br', '**/*.gz'],
      setHeaders(reply, filePath) {
        const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
        reply.header('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  } else {
    app.log.warn({ root }, 'no built staff console found: run `npm run build`');
  }

  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '';
    const isPage =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !pathname.startsWith(`${CONSOLE_PREFIX}/assets/`);
    if (!isPage) {
      return reply
        .status(404)
        .send({ code: 'NOT_FOUND', description: requestMessages.nothingAt(request.method, pathname) });
    }
    return reply
      .status(indexHtml ? 200 : 503)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .header('content-security-policy', policy)
      .send(indexHtml ?? NOT_BUILT_PAGE);
  });
}

/** The paths that belong to the console: its pages, its calls and the tester tool that signs staff in. */
export const isConsolePath = (pathname: string) =>
  /^\/(console|staff-api)(\/|$)/.test(pathname) || pathname === '/dev/staff-session';

/**
 * With CONSOLE_ORIGIN (docs/staff-console.md "Its own origin"): the console's host answers only the console's
 * paths and the health checks, `/` sends to the console; the member's site answers none of the console's
 * paths. So a script on one site can never reach the other's cookies or pages.
 */
function consoleOriginGate(origin: string) {
  const consoleHost = new URL(origin).host.toLowerCase();
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const pathname = request.url.split('?')[0] ?? '';
    const onConsoleHost = request.host.toLowerCase() === consoleHost;
    if (onConsoleHost && pathname === '/') return reply.redirect(`${CONSOLE_PREFIX}/`, 302);
    const allowed = onConsoleHost
      ? isConsolePath(pathname) || /^\/(healthz|readyz)(\/|$)/.test(pathname)
      : !isConsolePath(pathname);
    if (!allowed) {
      return reply
        .status(404)
        .send({ code: 'NOT_FOUND', description: requestMessages.nothingAt(request.method, pathname) });
    }
  };
}

/**
 * The staff console (docs/staff-console.md "The console"), a second app beside the member's: its built files
 * from apps/console/dist (CONSOLE_DIST_DIR), hashed ones cached for a year, and its page for any path under
 * /console/, where its own router takes over. Without a build, /console/ says so with a 503.
 */
export const consoleAppPlugin = fp(
  async (app) => {
    if (app.config.console.ownOrigin) app.addHook('onRequest', consoleOriginGate(app.config.console.origin));
    await app.register(consoleRoutes, { prefix: CONSOLE_PREFIX });
  },
  { name: 'console-app', dependencies: ['config', 'security', 'web-app'] },
);
