// The web tests run in one jsdom per worker (`isolate: false` in vitest.config.ts): a process and a jsdom per
// file cost about three quarters of the web stage. What isolation gave, this file gives each test file instead,
// before it runs: its own instances of every module (no module state carried over from another file), a blank
// document, empty storage and cookies, no stubbed global, real timers, and none of the timers an earlier file
// left running. A test file therefore starts as it would in a fresh browser tab, whichever files ran before it.
import { afterAll, afterEach, vi } from 'vitest';

vi.resetModules();
vi.useRealTimers();
vi.unstubAllGlobals();

// The window's own properties that tests redefine (a phone's width, a browser without service workers), back
// as jsdom made them.
type Stash = typeof globalThis & {
  __jsdomProperties?: Array<[object, string, PropertyDescriptor | undefined]>;
};
const stash = globalThis as Stash;
stash.__jsdomProperties ??= [
  [window, 'innerWidth'],
  [window, 'innerHeight'],
  [navigator, 'serviceWorker'],
].map(([owner, name]) => [
  owner as object,
  name as string,
  Object.getOwnPropertyDescriptor(owner, name as string),
]);
for (const [owner, name, descriptor] of stash.__jsdomProperties) {
  if (descriptor) Object.defineProperty(owner, name, { ...descriptor, configurable: true });
  else Reflect.deleteProperty(owner, name);
}

// The browser state a page keeps outside its modules.
localStorage.clear();
sessionStorage.clear();
for (const cookie of document.cookie.split(';')) {
  const name = cookie.split('=')[0]?.trim();
  if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
}
document.head.replaceChildren();
document.body.replaceChildren();
document.documentElement.removeAttribute('class');
delete window.dataLayer;
window.history.replaceState(null, '', '/');

// Timers a file starts are stopped when it ends, as closing its tab would: an interval of one file never fires
// into the next file's stubs.
type TimerApi = Pick<typeof globalThis, 'setTimeout' | 'setInterval' | 'clearTimeout' | 'clearInterval'>;
const timerState = globalThis as typeof globalThis & { __fileTimers?: Set<unknown>; __realTimers?: TimerApi };
const real = (timerState.__realTimers ??= {
  setTimeout: globalThis.setTimeout,
  setInterval: globalThis.setInterval,
  clearTimeout: globalThis.clearTimeout,
  clearInterval: globalThis.clearInterval,
});
const fileTimers = new Set<unknown>();
timerState.__fileTimers = fileTimers;
globalThis.setTimeout = ((...args: Parameters<typeof setTimeout>) => {
  const handle = real.setTimeout(...args);
  fileTimers.add(handle);
  return handle;
}) as typeof setTimeout;
globalThis.setInterval = ((...args: Parameters<typeof setInterval>) => {
  const handle = real.setInterval(...args);
  fileTimers.add(handle);
  return handle;
}) as typeof setInterval;
afterAll(() => {
  for (const handle of fileTimers) {
    real.clearTimeout(handle as ReturnType<typeof setTimeout>);
    real.clearInterval(handle as ReturnType<typeof setInterval>);
  }
  globalThis.setTimeout = real.setTimeout;
  globalThis.setInterval = real.setInterval;
});

// Loaded after the reset, so the cleanup below unmounts what this file's own React Testing Library mounted.
const { cleanup, configure } = await import('@testing-library/react');
await import('@testing-library/jest-dom/vitest');

// findBy* and waitFor wait up to 5 s, not 1 s: on the 2-core machine `npm test` runs the web tests beside the
// server tests, typecheck and build, and a page's first lazy chunk can take over a second to load there. A
// test still fails on what it asserts; only a slow machine no longer fails it.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => cleanup());
