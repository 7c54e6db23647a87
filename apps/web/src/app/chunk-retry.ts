/** Chunk load time-out (docs/product/switches-and-constants.md §R9). */
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;
const RELOADED_KEY = 'chunkReloaded';

/**
 * A chunk that fails to load (a release replaced it, or the network dropped) or takes over 120 s reloads the
 * page once (docs/product/calls-and-errors.md §R8); a second failure in the same tab, or one with no network,
 * is left to the error page.
 */
export function withChunkReload<T>(
  load: () => Promise<T>,
  timeoutMs = CHUNK_LOAD_TIMEOUT_MS,
): () => Promise<T> {
  return async () => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('Chunk load timed out')), timeoutMs);
    });
    try {
      const module = await Promise.race([load(), timeout]);
      sessionStorage.removeItem(RELOADED_KEY);
      return module;
    } catch (error) {
      // With no network a reload would not bring the chunk either: the error page says the page needs one.
      if (!sessionStorage.getItem(RELOADED_KEY) && navigator.onLine !== false) {
        sessionStorage.setItem(RELOADED_KEY, '1');
        window.location.reload();
        return new Promise<T>(() => undefined);
      }
      throw error;
    } finally {
      clearTimeout(timer);
    }
  };
}
