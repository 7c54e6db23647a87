import { StrictMode } from 'react';
import { prerender as prerenderToStream } from 'react-dom/static';
import {
  createStaticHandler,
  createStaticRouter,
  StaticRouterProvider,
  type LoaderFunction,
} from 'react-router';
import { FIRST_READS } from '@app/contracts/page-answers';
import { resolveSwitches, type Environment, type SwitchName } from '@app/contracts/switches';
import { AppFrame } from './app/app.tsx';
import { buildRoutes } from './app/routes.tsx';
import { createSessionGuard } from './app/session-guard.ts';
import { answerFromNow } from './shared/http/page-answers.ts';
import { drawUnder } from './shared/switches/switches.ts';

/**
 * Build-time drawing of a public page (ADR 018), run by first-paint-plugin.ts in Node (server-globals.mjs):
 * the same layout and page components as the app, under the switches of no environment. The server puts it
 * into the page; the app hydrates it once the route is loaded (start-up.tsx, ADR 045).
 */
export function prerender(url: string): Promise<string> {
  return draw(url, resolveSwitches({ environment: undefined }), () => {
    throw new Error('session pages are not pre-rendered');
  });
}

/**
 * Readies the drawing thread before it takes pages (ADR 040): the modules of every page drawn per member are
 * loaded, and one public page is drawn so the renderer has run once. Cold, a page's first drawing took longer
 * than the server waits for it (250 ms on a busy machine), so the first visit of each page went undrawn.
 */
export async function warmUp(url: string): Promise<void> {
  const { pages } = await import('./app/pages.ts');
  await Promise.all(
    Object.keys(FIRST_READS).flatMap((name) => {
      const load = pages[name];
      return load ? [load()] : [];
    }),
  );
  await prerender(url);
}

/**
 * The server's drawing of a session page for one member (ADR 022), run in the server's drawing thread: the
 * page's reads are answered from `answers` (the session check and the page's first reads, ADR 020), so the
 * session guard and the page's loader see what the app will see. Nothing of an earlier member's drawing is
 * kept: the query cache is emptied before and after.
 */
export async function drawSessionPage(page: {
  url: string;
  answers: Record<string, unknown>;
  environment: Environment | undefined;
  switches: Record<SwitchName, boolean>;
}): Promise<string> {
  const { queryClient } = await import('./shared/query/query-client.ts');
  queryClient.clear();
  answerFromNow(page.answers);
  drawUnder(page.environment, page.switches);
  try {
    return await draw(
      page.url,
      page.switches,
      createSessionGuard(() => Promise.resolve(queryClient)),
    );
  } finally {
    answerFromNow({});
    queryClient.clear();
  }
}

async function draw(
  url: string,
  switches: Record<SwitchName, boolean>,
  sessionGuard: LoaderFunction,
): Promise<string> {
  const routes = buildRoutes({ isOn: (name) => switches[name], sessionGuard });
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(url));
  if (context instanceof Response) throw new Error(`${url} answered ${context.status}, not a page`);
  if (context.errors)
    throw new Error(`${url} could not be drawn: ${String(Object.values(context.errors)[0])}`);
  const router = createStaticRouter(handler.dataRoutes, context);
  // The app's own frame around the router, as start-up.tsx renders it, so that its first render in the browser
  // is this drawing and hydrates it (ADR 045). Drawn whole: the render waits for the lazy parts of the layout
  // (the consent banner, drawn as on public pages; the server hides it for a visitor who has chosen).
  // The router's data is not sent: every loader answers null, and the app runs them again from the page's
  // answers, which fill its queries as they filled them here.
  const errors: unknown[] = [];
  const { prelude } = await prerenderToStream(
    <StrictMode>
      <AppFrame>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </AppFrame>
    </StrictMode>,
    {
      // Every part in its place: a part sent after the rest needs an inline script to move it (CSP: none).
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      onError: (error) => void errors.push(error),
    },
  );
  const html = await new Response(prelude).text();
  // A part that failed, or that is still to come, would be drawn again by the app (a hydration error): the
  // page goes without a drawing instead.
  if (errors.length > 0) throw new Error(`${url} could not be drawn: ${String(errors[0])}`);
  if (INCOMPLETE_PART.test(html)) throw new Error(`${url} could not be drawn whole`);
  return html;
}

/** React's marks of a part of the page it could not draw (`$!`) or sends later (`$?`). */
const INCOMPLETE_PART = /<!--\$[!?]-->/;
