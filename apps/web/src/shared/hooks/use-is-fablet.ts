import { useSyncExternalStore } from 'react';

/** Fablet: width under 768 or a mobile user agent (signed-in spec 9); it drives the mobile layout. */
export const FABLET_MAX_WIDTH = 768;
const MOBILE_AGENT = /Mobi|Android|iPhone|iPad|iPod|Windows Phone/i;

export const isFablet = (width = window.innerWidth, userAgent = navigator.userAgent) =>
  width < FABLET_MAX_WIDTH || MOBILE_AGENT.test(userAgent);

const subscribe = (onChange: () => void) => {
  window.addEventListener('resize', onChange);
  return () => window.removeEventListener('resize', onChange);
};

/** The page pre-rendered at build time (prerender.tsx) has the phone layout: most first visits are on phones. */
export const useIsFablet = () =>
  useSyncExternalStore(
    subscribe,
    () => isFablet(),
    () => true,
  );
