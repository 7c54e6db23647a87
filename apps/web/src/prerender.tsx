import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import {
  createStaticHandler,
  createStaticRouter,
  StaticRouterProvider,
  type LoaderFunction,
} from 'react-router';
import { FIRST_READS } from '@app/contracts/page-answers';
import { resolveSwitches, type Environment, type SwitchName } from '@app/contracts/switches';
import { buildRoutes } from './app/routes.tsx';
import { createSessionGuard } from './app/session-guard.ts';
import { answerFromNow } from './shared/http/page-answers.ts';
import { drawUnder } from './shared/switches/switches.ts';
import { PopupProvider } from './shared/popups/popup-manager.tsx';
import { ToastProvider } from './shared/ui/toast.tsx';

/**
 * Build-time drawing of a public page (issue 15), run by first-paint-plugin.ts in a simulated browser: the
 * same layout and page components as the app, under the switches of no environment. The server puts it into
 * the page; the app replaces it with its own render once the route is loaded (start-up.tsx).
 */
export async function prerender(url: string): Promise<string> {
  const publicPage = (): Promise<string> =>
    draw(url, resolveSwitches({ environment: undefined }), () => {
      throw new Error('session pages are not pre-rendered');
    });
  // The first render starts loading the lazy parts of the layout (the consent banner); once that module is
  // in, the second draws them.
  await publicPage();
  await import('./app/consent-banner.tsx');
  return publicPage();
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
  // The banner is drawn as on public pages (the server hides it for a visitor who has chosen): drawn by the app
  // only once it starts, it was the page's largest paint, seconds late, for every visitor still to choose.
  await import('./app/consent-banner.tsx');
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
  return renderToString(
    <StrictMode>
      <ToastProvider>
        <PopupProvider>
          <StaticRouterProvider router={router} context={context} hydrate={false} />
        </PopupProvider>
      </ToastProvider>
    </StrictMode>,
  );
}
