import { afterEach, describe, expect, it, vi } from 'vitest';
import { rememberCollectorHash } from './collector-hash.ts';

const answering = (hashID: string) =>
  vi.fn((_url: string) =>
    Promise.resolve(
      new Response(JSON.stringify({ hashID }), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      }),
    ),
  );

// docs/product/signed-in-pages.md §S3, §S5
describe('the collector hash of the logged-in context', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    localStorage.clear();
    window.dataLayer = [];
  });

  it('is fetched once, stored, and given to the experiment agent only with marketing consent', async () => {
    const fetchMock = answering('h4sh');
    vi.stubGlobal('fetch', fetchMock);
    expect(await rememberCollectorHash()).toBe('h4sh');
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual(['/customer-management-api/collector-hash']);
    expect(localStorage.getItem('collectorHash')).toBe('h4sh');
    expect(window.dataLayer ?? []).not.toContainEqual(
      expect.objectContaining({ event: 'experiment.identify' }),
    );

    localStorage.setItem('cookieConsent', 'all');
    expect(await rememberCollectorHash()).toBe('h4sh');
    expect(fetchMock).toHaveBeenCalledOnce();
    expect(window.dataLayer).toContainEqual({ event: 'experiment.identify', collectorHash: 'h4sh' });
  });

  it('stores nothing when the call fails', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(new Response('{}', { status: 500 }))),
    );
    expect(await rememberCollectorHash()).toBeUndefined();
    expect(localStorage.getItem('collectorHash')).toBeNull();
  });
});
