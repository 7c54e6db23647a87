import { isSignInStart } from './features/sign-in/sign-in-start-page.ts';
import { applyBrandStyle } from './shared/brand/brand-style.ts';
import '@app/ui/tokens.css';

// The brand the server put into the page (ADR 028): its colours and typeface before anything renders.
applyBrandStyle();

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element.');

/** The id of the data block with the chunks to load after the first paint (apps/server web-app.ts). */
const LATER_MODULES_ELEMENT_ID = 'later-modules';

/**
 * With a drawing of the page from the server, the browser paints it before the app's code loads and runs
 * (ADR 018). The chunks the server listed are preloaded, and the app starts, once the browser reports that
 * first paint: before it, they would share a slow line with the page's own style sheet, and Lighthouse counts
 * every request that started before the paint as holding it up. A browser without paint timing waits for the
 * next frame instead; a hidden tab, which does not paint, waits at most `PAINT_WAIT_MS`, and a visible one
 * whose paint is slow (a busy machine) at most `PAINT_WAIT_MAX_MS`.
 */
const PAINT_WAIT_MS = 300;
const PAINT_WAIT_MAX_MS = 3000;
const afterFirstPaint = () =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(
      resolve,
      document.visibilityState === 'hidden' ? PAINT_WAIT_MS : PAINT_WAIT_MAX_MS,
    );
    const done = () => {
      clearTimeout(timer);
      resolve();
    };
    if (!PerformanceObserver.supportedEntryTypes.includes('paint')) {
      requestAnimationFrame(() => setTimeout(done, 0));
      return;
    }
    const observer = new PerformanceObserver((entries) => {
      if (entries.getEntriesByName('first-contentful-paint').length === 0) return;
      observer.disconnect();
      done();
    });
    observer.observe({ type: 'paint', buffered: true });
  });

/**
 * The links go in a few at a time, a task each: each one costs the browser a request's set-up, and the 20-40 a
 * signed-in page lists were one long task of up to 100 ms on a throttled phone (ADR 049).
 */
const PRELOADS_PER_TASK = 6;

async function preloadLaterModules() {
  const block = document.getElementById(LATER_MODULES_ELEMENT_ID);
  if (!block) return;
  let hrefs: unknown;
  try {
    hrefs = JSON.parse(block.textContent ?? '[]');
  } catch {
    return;
  }
  if (!Array.isArray(hrefs)) return;
  const wanted = hrefs.filter(
    (href): href is string => typeof href === 'string' && href.startsWith('/assets/'),
  );
  for (let start = 0; start < wanted.length; start += PRELOADS_PER_TASK) {
    if (start > 0) await nextTask();
    for (const href of wanted.slice(start, start + PRELOADS_PER_TASK)) {
      const link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = href;
      document.head.append(link);
    }
  }
}

/** A task boundary, so that the long pieces of start-up work are separate tasks and input gets in between. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

const startApp = () =>
  root.hasAttribute('data-prerendered')
    ? afterFirstPaint().then(async () => {
        void preloadLaterModules();
        // React's own code first, in a task of its own; then the app's.
        await import('react-dom/client');
        await nextTask();
        return import('./app/start-up.tsx');
      })
    : import('./app/start-up.tsx');

// A card-number page without `uid` only sends the visitor to the identity provider: when it can, that happens
// before the app loads (start-before-app.ts).
const app = isSignInStart(window.location)
  ? import('./features/sign-in/start-before-app.ts')
      .then(({ startSignInBeforeApp }) => startSignInBeforeApp())
      .catch(() => false)
      .then((started) => (started ? undefined : startApp()))
  : startApp();
void app.then((module) => module?.startUp(root));
