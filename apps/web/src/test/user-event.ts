import { act } from '@testing-library/react';
import realUserEvent from '@testing-library/user-event';
import { vi } from 'vitest';

/**
 * user-event for the web tests, with one difference: each action returns only once the work it started has
 * settled (a form's validation, a state update in a promise), as a person reading the page after typing would see
 * it. A test can then read the page with `getBy*` on the next line, whatever else the machine is doing: an
 * assertion made before a form's asynchronous validation had run is how a test passed or failed by chance.
 * Waiting for something slower (a server's answer) is still `findBy*` or `waitFor`. Lint sends every web test
 * here (.oxlintrc.json, no-restricted-imports).
 */
const settle = async () => {
  // Everything queued by the action runs before the next task: promises, then React's updates (act).
  if (vi.isFakeTimers()) await act(async () => undefined);
  else await act(() => new Promise<void>((resolve) => setTimeout(resolve, 0)));
};

/** The same API, each method awaited and then settled. */
function settling<T extends object>(api: T): T {
  return new Proxy(api, {
    get(target, key, receiver) {
      const value: unknown = Reflect.get(target, key, receiver);
      if (typeof value !== 'function' || key === 'setup') return value;
      return async (...args: unknown[]) => {
        const result: unknown = await (value as (...a: unknown[]) => unknown).apply(target, args);
        await settle();
        return result;
      };
    },
  });
}

type Setup = typeof realUserEvent.setup;

export const userEvent = {
  ...settling(realUserEvent),
  setup: (...options: Parameters<Setup>): ReturnType<Setup> => settling(realUserEvent.setup(...options)),
};
