import { useSyncExternalStore } from 'react';

/**
 * Fablet: width under 768 or a mobile user agent (docs/product/switches-and-constants.md §S9); it drives the
 * mobile layout.
 */
export const FABLET_MAX_WIDTH = 768;
const MOBILE_AGENT = /Mobi|Android|iPhone|iPad|iPod|Windows Phone/i;

export const isFablet = (width = window.innerWidth, userAgent = navigator.userAgent) =>
  width < FABLET_MAX_WIDTH || MOBILE_AGENT.test(userAgent);

/**
 * The answer kept between resizes: reading the window's width makes the browser lay the page out first, and a
 * page of offers asks once per popup, so a hydration laid the page out dozens of times (about 20 ms of a
 * throttled phone's main thread; ADR 049). One resize listener, added on first use, keeps it true.
 */
let current: boolean | undefined;
const listeners = new Set<() => void>();
const onResize = () => {
  const next = isFablet();
  if (next === current) return;
  current = next;
  for (const listener of listeners) listener();
};
const snapshot = () => {
  if (current === undefined) {
    current = isFablet();
    window.addEventListener('resize', onResize);
  }
  return current;
};
const subscribe = (onChange: () => void) => {
  listeners.add(onChange);
  return () => listeners.delete(onChange);
};

/** The page pre-rendered at build time (prerender.tsx) has the phone layout: most first visits are on phones. */
export const useIsFablet = () => useSyncExternalStore(subscribe, snapshot, () => true);
