import { afterEach, describe, expect, it, vi } from 'vitest';
import { INTEGRATIONS_ELEMENT_ID, type Integrations } from '@app/contracts/integrations';
import { applyConsent, MARKETING_TRACKER_DELAY_MS } from '../analytics/consent.ts';
import {
  HOTELS_LOGOUT_WAIT_MS,
  loadHotelsLogouts,
  marketingLoaders,
  readIntegrations,
  trackSeenOffers,
} from './integrations.ts';

/** Puts the integrations into the page as the server does (apps/server web-app.ts). */
const putInPage = (integrations: Integrations) => {
  const block = document.createElement('script');
  block.type = 'application/json';
  block.id = INTEGRATIONS_ELEMENT_ID;
  block.textContent = JSON.stringify(integrations);
  document.head.append(block);
};

describe('third-party addresses, as the server gives them', () => {
  afterEach(() => {
    document.getElementById(INTEGRATIONS_ELEMENT_ID)?.remove();
    document.querySelectorAll('[data-integration]').forEach((element) => element.remove());
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('reads none without the server’s block, and the block when there is one', () => {
    expect(readIntegrations()).toEqual({ hotelsLogoutUrls: [] });
    putInPage({ hotelsLogoutUrls: ['/a'], offerTrackingUrl: 'https://t.example/x' });
    expect(readIntegrations()).toEqual({ hotelsLogoutUrls: ['/a'], offerTrackingUrl: 'https://t.example/x' });
  });

  it('loads both hotel logouts with the browser’s cookies, and goes on after 2 s if they hang', async () => {
    vi.useFakeTimers();
    const fetchMock = vi
      .spyOn(globalThis, 'fetch')
      .mockImplementation(() => new Promise<Response>(() => undefined));
    let done = false;
    const loading = loadHotelsLogouts({ hotelsLogoutUrls: ['/hotels/logout', 'https://h.example/out'] }).then(
      () => (done = true),
    );
    expect(fetchMock.mock.calls.map(([url, init]) => [url, init?.credentials, init?.mode])).toEqual([
      ['/hotels/logout', 'include', 'no-cors'],
      ['https://h.example/out', 'include', 'no-cors'],
    ]);
    await vi.advanceTimersByTimeAsync(HOTELS_LOGOUT_WAIT_MS - 1);
    expect(done).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await loading;
    expect(done).toBe(true);
  });

  it('sends the seen offers to the tracking address without cookies, and nothing when it is not set', () => {
    const fetchMock = vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response(null));
    trackSeenOffers(['o1', 'o2'], { hotelsLogoutUrls: [] });
    expect(fetchMock).not.toHaveBeenCalled();
    trackSeenOffers(['o1', 'o2'], {
      hotelsLogoutUrls: [],
      offerTrackingUrl: 'https://t.example/seen?site=web',
    });
    expect(fetchMock).toHaveBeenCalledOnce();
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('https://t.example/seen?site=web&offerIds=o1%2Co2');
    expect(init).toMatchObject({ credentials: 'omit', mode: 'no-cors' });
  });

  it('loads the marketing script and the social pixel only with marketing consent, 1 second later', () => {
    expect(marketingLoaders({ hotelsLogoutUrls: [] })).toEqual([]);
    vi.useFakeTimers();
    putInPage({
      hotelsLogoutUrls: [],
      marketingScriptUrl: 'https://tags.example.org/m.js',
      socialPixelUrl: 'https://px.example.io/p.gif',
    });
    applyConsent('essential');
    vi.advanceTimersByTime(5000);
    expect(document.querySelectorAll('[data-integration]')).toHaveLength(0);
    applyConsent('all');
    vi.advanceTimersByTime(MARKETING_TRACKER_DELAY_MS - 1);
    expect(document.querySelectorAll('[data-integration]')).toHaveLength(0);
    vi.advanceTimersByTime(1);
    expect(document.querySelector<HTMLScriptElement>('script[data-integration="marketing"]')?.src).toBe(
      'https://tags.example.org/m.js',
    );
    expect(document.querySelector<HTMLImageElement>('img[data-integration="social-pixel"]')?.src).toBe(
      'https://px.example.io/p.gif',
    );
  });
});
