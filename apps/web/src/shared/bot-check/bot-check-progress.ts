/**
 * Whether the browser is solving a bot-check right now: getBotCheckToken reports each solve,
 * BotCheckStatus shows it. A tiny store rather than React state, because the solve runs inside the API calls
 * of five features.
 */
let solving = 0;
const listeners = new Set<() => void>();
const changed = () => {
  for (const listener of listeners) listener();
};

export const botCheckProgress = {
  /** Runs `work` as one solve: the status shows while any solve is under way. */
  async during<T>(work: () => Promise<T>): Promise<T> {
    solving += 1;
    changed();
    try {
      return await work();
    } finally {
      solving -= 1;
      changed();
    }
  },
  isSolving: () => solving > 0,
  subscribe: (listener: () => void) => {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  },
};
