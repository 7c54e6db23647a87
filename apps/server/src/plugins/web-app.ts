import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import { isApiPath } from '@app/contracts/api-prefixes';
import { resolvePath, type IsSwitchOn } from '@app/contracts/routes';
import {
  SWITCHES_COOKIE,
  SWITCHES_PARAM,
  environmentOf,
  parseNameList,
  resolveSwitches,
} from '@app/contracts/switches';

/**
 * The switches a page request is answered under: the environment from the host name, plus the override list
 * from the URL or the one the app remembered in a cookie (signed-in spec 9). No route is gated by a remote
 * switch, so the remote configuration is not consulted here.
 */
const switchesFor = (request: FastifyRequest, search: string): IsSwitchOn => {
  const fromUrl = new URLSearchParams(search).get(SWITCHES_PARAM);
  const overrides = parseNameList(fromUrl ?? request.cookies[SWITCHES_COOKIE]);
  const switches = resolveSwitches({ environment: environmentOf(request.hostname), overrides });
  return (name) => switches[name];
};

/**
 * Serves the built single-page app on the same origin as the API, answering page paths from the shared route
 * table (signed-in spec 2.2-2.4): a redirect gets a real 301 to its final target, a known page 200 with the
 * app, anything else 404 with the app (which shows its not-found page). Unknown API paths answer 404 JSON.
 */
export const webAppPlugin = fp(
  async (app) => {
    const root = app.config.webDistDir;
    const indexPath = path.join(root, 'index.html');
    const indexHtml = existsSync(indexPath) ? readFileSync(indexPath, 'utf8') : undefined;
    if (!indexHtml) app.log.warn({ root }, 'no built web app found: run `npm run build`');

    if (existsSync(root)) {
      await app.register(fastifyStatic, {
        root,
        index: false,
        // One route per built file, found at start: a wildcard route cost 60% of the throughput of every other
        // route (docs/decisions/003). The build does not change while the server runs.
        wildcard: false,
        // The build writes .br and .gz beside each text file (apps/web/precompress-plugin.ts): sent as they are.
        preCompressed: true,
        setHeaders(reply, filePath) {
          const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
          reply.header('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
        },
      });
    }

    app.setNotFoundHandler((request, reply) => {
      const pathname = request.url.split('?')[0] ?? '/';
      // A missing hashed asset is a real 404, so that a stale chunk is noticed (and the app reloads once).
      const isPage =
        (request.method === 'GET' || request.method === 'HEAD') &&
        !isApiPath(pathname) &&
        !pathname.startsWith('/assets/');
      if (isPage) {
        const search = request.url.slice(pathname.length);
        const resolution = resolvePath(pathname, search, switchesFor(request, search));
        if (resolution.kind === 'redirect') return reply.redirect(resolution.location, 301);
        if (indexHtml) {
          return reply
            .status(resolution.kind === 'page' ? 200 : 404)
            .type('text/html; charset=utf-8')
            .header('cache-control', 'no-cache')
            .send(indexHtml);
        }
      }
      return reply
        .status(404)
        .send({ code: 'NOT_FOUND', description: `There is nothing at ${request.method} ${pathname}.` });
    });
  },
  { name: 'web-app', dependencies: ['config', 'security'] },
);
