import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import fp from 'fastify-plugin';
import type { CookieSerializeOptions } from '@fastify/cookie';
import type { FastifyRequest } from 'fastify';
import { isApiPath } from '@app/contracts/api-prefixes';
import { BRAND_ELEMENT_ID, nectarBrand } from '@app/contracts/brand';
import { INTEGRATIONS_ELEMENT_ID, type Integrations } from '@app/contracts/integrations';
import { CONSENT_CHOSEN_CLASS, CONSENT_COOKIE, isConsentChoice } from '@app/contracts/consent';
import { requestMessages } from '@app/contracts/error-messages';
import { CHANNEL_HEADER, CHANNEL_VALUE } from '@app/contracts/http';
import { APP_SHELL_PATH } from '@app/contracts/offline';
import { FIRST_READS, PAGE_ANSWERS_ELEMENT_ID, PROFILE_PATH } from '@app/contracts/page-answers';
import { pageOf, resolvePath } from '@app/contracts/routes';
import { resolveSwitches, type RemoteConfig } from '@app/contracts/switches';
import type { ChosenBrand } from '../chosen-brand.ts';
import { compress, encodingFor, type Encoding } from '../lib/compression.ts';
import { switchInputsFor, switchesFor } from '../lib/request-switches.ts';
import { createPageDrawer } from './page-drawing.ts';

/** The id of the data block that carries the remote configuration in the page (apps/web switches.ts). */
export const REMOTE_CONFIG_ELEMENT_ID = 'remote-config';

/** The app's style sheet is one file, linked by index.html (ADR 024): a page's first paint needs only chunks. */
interface FirstPaintFiles {
  js: string[];
}

/** Written by the web build (apps/web/first-paint-plugin.ts): the files each page's first render needs. */
interface FirstPaintManifest {
  app: FirstPaintFiles;
  pages: Record<string, FirstPaintFiles>;
  placeholder: FirstPaintFiles;
  session: FirstPaintFiles;
  /** What a card-number page without `uid` loads beside the entry (apps/web start-before-app.ts). */
  signInStart?: FirstPaintFiles;
}

const readFirstPaint = (root: string): FirstPaintManifest | undefined => {
  const file = path.join(root, '.vite/first-paint.json');
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as FirstPaintManifest) : undefined;
};

/** Written by the web build: public pages drawn at build time (apps/web/src/prerender.tsx). */
interface PrerenderedPage {
  page: string;
  /** The address it was drawn at. */
  path?: string;
  /** A query parameter the request must carry for the drawing to fit. */
  requires?: string;
  html: string;
}

const readPrerendered = (root: string): PrerenderedPage[] => {
  const file = path.join(root, '.vite/prerendered.json');
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as PrerenderedPage[]) : [];
};

/** Where the app renders; the drawing goes inside, inert until the app has hydrated it (start-up.tsx). */
const ROOT_ELEMENT = '<div id="root"></div>';
const drawnRoot = (html: string) => `<div id="root" data-prerendered inert>${html}</div>`;

/** The preloads React's renderer puts before a drawing (the images it shows first, ADR 045). */
const LEADING_LINKS = /^(?:<link\b[^>]*>)+/;

/**
 * `page` with `drawing` in its root: the preloads the renderer put before the drawing go into the head, where
 * the browser finds them first and where they are not part of what the app hydrates.
 */
const withDrawing = (page: string, drawing: string, after = '') => {
  const links = LEADING_LINKS.exec(drawing)?.[0] ?? '';
  // Replaced by functions: a `$` in a drawing is text, not a pattern of the replacement.
  return page
    .replace('</head>', () => `${links}</head>`)
    .replace(ROOT_ELEMENT, () => `${drawnRoot(drawing.slice(links.length))}${after}`);
};

/** The id of the data block with the chunks a pre-rendered page loads after its first paint (apps/web main.tsx). */
export const LATER_MODULES_ELEMENT_ID = 'later-modules';

/**
 * Module preloads of the route's chunks, so that the browser fetches them beside the entry. A pre-rendered page
 * lists its chunks in a data block instead: the entry preloads them after the first paint, so that they do not
 * compete with the style sheet the paint waits for.
 */
const linksFor = (files: FirstPaintFiles[], afterPaint: boolean) => {
  const js = [...new Set(files.flatMap((entry) => entry.js))];
  return afterPaint
    ? jsonBlock(LATER_MODULES_ELEMENT_ID, js)
    : js.map((href) => `<link rel="modulepreload" crossorigin href="${href}">`).join('');
};

/** JSON text inside a script element: `<` escaped so that no `</script>` can end it early. */
const jsonTextBlock = (id: string, json: string) =>
  `<script type="application/json" id="${id}">${json.replace(/</g, '\\u003c')}</script>`;
const jsonBlock = (id: string, value: unknown) => jsonTextBlock(id, JSON.stringify(value));

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char] ?? char,
  );

/**
 * The built page in the chosen brand (ADR 028): the brand as a data block, read by the app before anything else
 * runs (contracts/brand.ts), and its colours and typeface as one style element after the app's style sheet, so
 * the first paint is already the brand's; the title, the theme colour, the tab icon and the preloaded typeface.
 * The operator's third-party addresses go with it as a second data block (contracts/integrations.ts).
 */
export function brandPage(html: string, chosen: ChosenBrand, integrations?: Integrations): string {
  const { brand } = chosen;
  let page = html
    .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(brand.name)}</title>`)
    .replace(/(<meta name="theme-color" content=")[^"]*"/, `$1${brand.colours.brand}"`)
    .replace(/(<link rel="icon" href=")[^"]*"/, `$1${chosen.iconPath}"`);
  if (chosen.fontPath || brand.typeface !== nectarBrand.typeface) {
    const preload = chosen.fontPath
      ? `<link rel="preload" href="${chosen.fontPath}" as="font" type="font/woff2" crossorigin>`
      : '';
    page = page.replace(/<link rel="preload"[^>]*as="font"[^>]*>/g, preload);
  }
  return page.replace(
    '</head>',
    `${jsonBlock(BRAND_ELEMENT_ID, brand)}${integrations ? jsonBlock(INTEGRATIONS_ELEMENT_ID, integrations) : ''}<style>${chosen.style}</style></head>`,
  );
}

interface PageVariant {
  html: string;
  br?: Buffer;
  gzip?: Buffer;
}

/** Few distinct pages (one per page name and remote configuration): the cache stays small. */
const MAX_VARIANTS = 500;

/** What a page preloads: the app and the page's chunks, or only what starts a sign-in (ADR 018). */
type Preload = 'app' | 'sign-in start';

/** How long a page waits for its drawing (ADR 022) before it goes without one. */
const DRAWING_TIMEOUT_MS = 250;

/**
 * Serves the built single-page app on the same origin as the API, answering page paths from the shared route
 * table (docs/product/signed-in-pages.md §S2.2-§S2.4): a redirect gets a real 301 to its final target, a
 * known page 200 with the app, anything else 404 with the app (which shows its not-found page). Unknown API
 * paths answer 404 JSON.
 */
export interface WebAppOptions {
  /** The operator's switches (the platform-status module's reader): the page carries them (ADR 018). */
  readRemoteConfig: () => Promise<RemoteConfig>;
  /** The identity module's server-started sign-in (ADR 023). */
  signInStart: {
    /** A card-number page without `uid` for a visitor without a session. */
    isStartPage: (pathname: string, search: string, hasSessionCookie: boolean) => boolean;
    /** Whether this request is one the server starts the sign-in for itself. */
    startsOnServer: (
      request: FastifyRequest,
      options: { publicUrl: string; maintenance: boolean },
    ) => boolean;
    /** The authorization request's address and the cookie its verifier waits in. */
    start: (
      publicUrl: string,
      search: string,
    ) => { location: string; cookie: { name: string; value: string; options: CookieSerializeOptions } };
  };
}

/**
 * The built scripts, the style sheet and the font are only ever loaded by a page (no worker script is among them:
 * the service worker is /sw.js), so the headers that govern a document (its CSP, framing, referrer, opener,
 * isolation) do nothing on them. They are left off: about 600 bytes of each response, and a page loads 10 to 40
 * of them (Lighthouse counts them). `nosniff`, the resource policy and, over HTTPS, HSTS
 * stay. Anything else under /assets (an SVG is a document when opened) keeps every header.
 */
const SUBRESOURCE_FILE = /\.(js|css|woff2)(\.br|\.gz)?$/;
const DOCUMENT_ONLY_HEADERS = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'referrer-policy',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
];

export const webAppPlugin = fp<WebAppOptions>(
  async (app, { readRemoteConfig, signInStart: signInStarts }) => {
    const root = app.config.webDistDir;
    const indexPath = path.join(root, 'index.html');
    const chosenBrand = app.config.brand;
    const indexHtml = existsSync(indexPath)
      ? brandPage(readFileSync(indexPath, 'utf8'), chosenBrand, app.config.integrations)
      : undefined;
    if (!indexHtml) app.log.warn({ root }, 'no built web app found: run `npm run build`');
    const firstPaint = readFirstPaint(root);
    const drawer = createPageDrawer(
      root,
      (error) => app.log.warn({ err: error }, 'a page could not be drawn: sent without its drawing'),
      JSON.stringify(chosenBrand.brand),
    );
    app.addHook('onReady', async () => drawer.start());
    app.addHook('onClose', () => drawer.close());
    // The build drew the public pages in the built-in brand; for another, the drawing thread draws them again
    // at start, and until then they go without a drawing (the app draws them itself, as before).
    const prerendered = chosenBrand.builtIn ? readPrerendered(root) : [];
    const drawingFor = (page: string, search: string) => {
      const params = new URLSearchParams(search);
      return prerendered.find(
        (entry) => entry.page === page && (!entry.requires || params.has(entry.requires)),
      );
    };

    /**
     * The answers to a session page's first reads for this visitor (ADR 020), as the JSON text of an object
     * keyed by path: asked of the app's own routes with the visitor's cookies and address, so every rule of
     * those calls holds. None when the session check does not answer 200: the app then handles it as always.
     */
    const pageAnswersFor = async (request: FastifyRequest, page: string): Promise<string | undefined> => {
      const paths = [PROFILE_PATH, ...(FIRST_READS[page] ?? [])];
      const answers = await Promise.all(
        paths.map((url) =>
          app.inject({
            method: 'GET',
            url,
            remoteAddress: request.ip,
            headers: {
              accept: 'application/json',
              [CHANNEL_HEADER]: CHANNEL_VALUE,
              cookie: request.headers.cookie ?? '',
              host: request.headers.host ?? '',
              'user-agent': request.headers['user-agent'] ?? '',
            },
          }),
        ),
      );
      if (answers[0]?.statusCode !== 200) return undefined;
      const entries = answers.flatMap((answer, i) =>
        answer.statusCode === 200 ? [`${JSON.stringify(paths[i])}:${answer.body}`] : [],
      );
      return `{${entries.join(',')}}`;
    };

    /**
     * The page for a first visit: the remote configuration as a data block, so the app starts
     * without asking for it, and preloads of the route's chunks and style sheets, so the browser fetches them
     * beside the entry instead of after it ran. Built once per page and configuration, compressed lazily.
     */
    const variants = new Map<string, PageVariant>();
    if (!chosenBrand.builtIn) {
      void (async () => {
        for (const entry of readPrerendered(root)) {
          if (!entry.path) continue;
          const html = await drawer.drawPublic(new URL(entry.path, 'http://localhost/').href);
          if (!html) continue;
          prerendered.push({ ...entry, html });
          variants.clear();
        }
      })();
    }

    const variantFor = (
      template: string,
      page: string | undefined,
      session: boolean,
      drawing: PrerenderedPage | 'per request' | undefined,
      remote: unknown,
      preload: Preload,
      consentChosen: boolean,
    ) => {
      const remoteJson = JSON.stringify(remote);
      const drawingKey = drawing === 'per request' ? 'r' : drawing ? prerendered.indexOf(drawing) : '';
      const key = `${page ?? ''}|${session ? 's' : ''}|${drawingKey}|${preload}|${consentChosen ? 'c' : ''}|${remoteJson}`;
      let variant = variants.get(key);
      if (!variant) {
        const routeFiles = firstPaint && (firstPaint.pages[page ?? ''] ?? firstPaint.placeholder);
        const files = !routeFiles
          ? []
          : preload === 'sign-in start'
            ? [firstPaint.signInStart ?? { js: [] }]
            : [firstPaint.app, ...(session ? [firstPaint.session] : []), routeFiles];
        const head = `${jsonBlock(REMOTE_CONFIG_ELEMENT_ID, remote)}${linksFor(files, drawing !== undefined)}`;
        let html = template.replace('</head>', `${head}</head>`);
        if (drawing && drawing !== 'per request') html = withDrawing(html, drawing.html);
        // Drawings carry the cookie banner; a visitor who has chosen does not see it (the app's style sheet).
        if (consentChosen) html = html.replace(/<html\b/, `<html class="${CONSENT_CHOSEN_CLASS}"`);
        variant = { html };
        if (variants.size >= MAX_VARIANTS) variants.clear();
        variants.set(key, variant);
      }
      return variant;
    };
    const sendPage = async (
      request: FastifyRequest,
      page: string | undefined,
      session: boolean,
      search: string,
      preload: Preload,
    ): Promise<{ body: string | Buffer; encoding: Encoding; personal?: boolean }> => {
      const remote = await readRemoteConfig().catch(() => undefined);
      // Without the configuration the app asks for it itself, as before (its switches are off on failure).
      if (!indexHtml || remote === undefined) return { body: indexHtml ?? '', encoding: 'identity' };
      const encoding = encodingFor(request.headers['accept-encoding']);
      const consentChosen = isConsentChoice(request.cookies[CONSENT_COOKIE]);
      // A session page, or a public page with first reads (brands) opened by a member (ADR 040).
      const answers =
        page && (session || FIRST_READS[page]) && request.method === 'GET' && app.sessionToken(request)
          ? await pageAnswersFor(request, page)
          : undefined;
      if (page && answers) {
        // A page whose first reads came with it is drawn for this member, when the drawing comes in time; not
        // under maintenance, where the app shows its maintenance page instead.
        const inputs = switchInputsFor(request, search);
        const switches = resolveSwitches({ ...inputs, remote });
        const drawn =
          FIRST_READS[page] && !switches.maintenance
            ? await drawer.draw(
                { url: `http://localhost${request.url}`, answers, environment: inputs.environment, switches },
                DRAWING_TIMEOUT_MS,
              )
            : undefined;
        const variant = variantFor(
          indexHtml,
          page,
          session,
          drawn ? 'per request' : undefined,
          remote,
          preload,
          consentChosen,
        );
        const answersBlock = jsonTextBlock(PAGE_ANSWERS_ELEMENT_ID, answers);
        const html = drawn
          ? withDrawing(variant.html, drawn, answersBlock)
          : variant.html.replace(ROOT_ELEMENT, `${ROOT_ELEMENT}${answersBlock}`);
        return {
          body: encoding === 'identity' ? html : compress(html, encoding, 'once'),
          encoding,
          personal: true,
        };
      }
      const drawing = page && !session ? drawingFor(page, search) : undefined;
      const variant = variantFor(indexHtml, page, session, drawing, remote, preload, consentChosen);
      if (encoding === 'identity') return { body: variant.html, encoding };
      variant[encoding] ??= compress(variant.html, encoding, 'kept');
      return { body: variant[encoding], encoding };
    };

    if (existsSync(root)) {
      await app.register(fastifyStatic, {
        root,
        index: false,
        // Files are sent by the routes below: a wildcard route cost 60% of the throughput of every other
        // route (docs/decisions/003), and a route per built file (some 900 routes) 0.4 s of every start (025).
        serve: false,
        // The build writes .br and .gz beside each text file (apps/web/precompress-plugin.ts): sent as they are.
        preCompressed: true,
        setHeaders(reply, filePath) {
          const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
          reply.header('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
          if (hashed && SUBRESOURCE_FILE.test(filePath)) {
            for (const name of DOCUMENT_ONLY_HEADERS) reply.removeHeader(name);
          }
        },
      });
      // The hashed files; one that is missing reaches the not-found handler below, which answers 404.
      app.get<{ Params: { file: string } }>('/assets/:file', (request, reply) =>
        reply.sendFile(`assets/${request.params.file}`),
      );
      // The few files at the top (index.html, the icon), each at its own path.
      for (const entry of readdirSync(root, { withFileTypes: true })) {
        if (!entry.isFile() || entry.name.startsWith('.')) continue;
        if (/\.(br|gz)$/.test(entry.name)) continue;
        app.get(`/${entry.name}`, (_request, reply) => reply.sendFile(entry.name));
      }
    }

    // The app shell (ADR 030): the page in the chosen brand with the remote configuration, and no page's
    // data, drawing or preloads. The service worker keeps it, and opens it for a page when there is no network.
    if (indexHtml) {
      app.get(APP_SHELL_PATH, { schema: { hide: true } }, async (request, reply) => {
        const remote = await readRemoteConfig().catch(() => undefined);
        const html =
          remote === undefined
            ? indexHtml
            : indexHtml.replace('</head>', `${jsonBlock(REMOTE_CONFIG_ELEMENT_ID, remote)}</head>`);
        const encoding = encodingFor(request.headers['accept-encoding']);
        if (encoding !== 'identity') reply.header('content-encoding', encoding);
        return reply
          .type('text/html; charset=utf-8')
          .header('cache-control', 'no-cache')
          .header('vary', 'accept-encoding')
          .send(encoding === 'identity' ? html : compress(html, encoding, 'once'));
      });
    }

    const startsSignInHere = async (request: FastifyRequest, search: string) => {
      const remote = await readRemoteConfig().catch(() => undefined);
      const { maintenance } = resolveSwitches({ ...switchInputsFor(request, search), remote });
      return signInStarts.startsOnServer(request, { publicUrl: app.config.publicUrl, maintenance });
    };

    app.setNotFoundHandler(async (request, reply) => {
      const pathname = request.url.split('?')[0] ?? '/';
      // A missing hashed asset is a real 404, so that a stale chunk is noticed (and the app reloads once).
      const isPage =
        (request.method === 'GET' || request.method === 'HEAD') &&
        !isApiPath(pathname) &&
        !pathname.startsWith('/assets/');
      if (isPage) {
        const search = request.url.slice(pathname.length);
        const isOn = switchesFor(request, search);
        const resolution = resolvePath(pathname, search, isOn);
        if (resolution.kind === 'redirect') return reply.redirect(resolution.location, 301);
        if (indexHtml) {
          const { page } = pageOf(resolution.route, isOn);
          // A card-number page without `uid`, for a visitor without a session, only sends them to the identity
          // provider: the server does it for a top-level visit (ADR 023), else the app before it loads (apps/web
          // start-before-app.ts), and then only that is preloaded.
          const signInStart = signInStarts.isStartPage(pathname, search, Boolean(app.sessionToken(request)));
          if (signInStart && (await startsSignInHere(request, search))) {
            const { location, cookie } = signInStarts.start(app.config.publicUrl, search);
            return reply
              .setCookie(cookie.name, cookie.value, cookie.options)
              .header('cache-control', 'no-store')
              .redirect(location, 303);
          }
          const { body, encoding, personal } = await sendPage(
            request,
            page,
            resolution.route.access === 'session',
            search,
            signInStart ? 'sign-in start' : 'app',
          );
          if (encoding !== 'identity') reply.header('content-encoding', encoding);
          return (
            reply
              .status(resolution.kind === 'page' ? 200 : 404)
              .type('text/html; charset=utf-8')
              // A page with a member's answers in it is theirs alone: no cache keeps it.
              .header('cache-control', personal ? 'private, no-store' : 'no-cache')
              .header('vary', 'accept-encoding')
              .send(body)
          );
        }
      }
      return reply
        .status(404)
        .send({ code: 'NOT_FOUND', description: requestMessages.nothingAt(request.method, pathname) });
    });
  },
  { name: 'web-app', dependencies: ['config', 'db', 'security'] },
);
