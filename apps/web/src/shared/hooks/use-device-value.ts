import { useSyncExternalStore } from 'react';

/** Nothing to follow: the value changes only through the component that reads it (its own state). */
const followNothing = () => () => undefined;

/**
 * A value read from this device (its storage, what the browser supports) for a component the server draws:
 * undefined in the server's drawing and in the render that hydrates it, then the device's value (ADR 045). Read
 * in a first render instead, it would not match the drawing, and the app would draw the page again.
 * `read` must give the same value each time while nothing changed (a string, a boolean: not a new object).
 */
export const useDeviceValue = <T>(read: () => T): T | undefined =>
  useSyncExternalStore(followNothing, read, () => undefined);
