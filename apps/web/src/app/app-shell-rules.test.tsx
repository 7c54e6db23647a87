import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  applyConsent,
  chooseConsent,
  MARKETING_TRACKER_DELAY_MS,
  registerMarketingTracker,
} from '../shared/analytics/consent.ts';
import { isFablet } from '../shared/hooks/use-is-fablet.ts';
import { withChunkReload } from './chunk-retry.ts';
import { logoVariantFor } from './seasonal-logo.ts';
import { ukMoment } from './maintenance-page.tsx';
import { startUp } from './start-up.tsx';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  localStorage.clear();
  sessionStorage.clear();
});

describe('seasonal logos', () => {
  it('show Pride in June, Black History in October, the memorial when switched on', () => {
    expect(logoVariantFor(new Date(2026, 5, 15), false)).toBe('pride');
    expect(logoVariantFor(new Date(2026, 9, 1), false)).toBe('black-history');
    expect(logoVariantFor(new Date(2026, 10, 22), false)).toBe('standard');
    expect(logoVariantFor(new Date(2026, 5, 15), true)).toBe('memorial');
  });
});

describe('fablet detection', () => {
  it('means a width under 768 or a mobile user agent', () => {
    const desktop = 'Mozilla/5.0 (X11; Linux x86_64) Chrome/130';
    expect(isFablet(767, desktop)).toBe(true);
    expect(isFablet(768, desktop)).toBe(false);
    expect(isFablet(1024, 'Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) Mobile/15E148')).toBe(true);
    expect(isFablet(1200, 'Mozilla/5.0 (Linux; Android 14; Pixel 7) Mobile Safari')).toBe(true);
  });
});

describe('consent', () => {
  it('loads trackers only with marketing consent, 1 second later, and stores the choice', () => {
    vi.useFakeTimers();
    const load = vi.fn();
    registerMarketingTracker(load);
    applyConsent('essential');
    vi.advanceTimersByTime(5000);
    expect(load).not.toHaveBeenCalled();
    chooseConsent('all');
    expect(localStorage.getItem('cookieConsent')).toBe('all');
    // The server is told too, so the pages it sends from now on keep their drawn banner hidden.
    expect(document.cookie).toContain('cookieConsent=all');
    vi.advanceTimersByTime(MARKETING_TRACKER_DELAY_MS - 1);
    expect(load).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(load).toHaveBeenCalledOnce();
    expect(window.dataLayer).toContainEqual({ event: 'optimize.activate' });
  });
});

describe('chunk load failure', () => {
  it('reloads the page once, then lets the error through', async () => {
    const reload = vi.fn();
    vi.stubGlobal('location', { ...window.location, reload });
    const failing = withChunkReload(() =>
      Promise.reject(new Error('Failed to fetch dynamically imported module')),
    );
    void failing();
    await vi.waitFor(() => expect(reload).toHaveBeenCalledOnce());
    await expect(failing()).rejects.toThrow('Failed to fetch');
    expect(reload).toHaveBeenCalledOnce();
  });

  it('treats a chunk that takes longer than the time-out as failed', async () => {
    vi.useFakeTimers();
    sessionStorage.setItem('chunkReloaded', '1');
    const slow = withChunkReload(() => new Promise<never>(() => undefined), 120_000);
    const result = slow();
    vi.advanceTimersByTime(120_000);
    await expect(result).rejects.toThrow('Chunk load timed out');
  });
});

describe('start-up', () => {
  it('shows the maintenance page instead of the app when the remote maintenance switch is on', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() =>
        Promise.resolve(
          new Response(
            JSON.stringify({ maintenance: { local: true, preProduction: false, production: false } }),
            {
              status: 200,
            },
          ),
        ),
      ),
    );
    const root = document.createElement('div');
    document.body.append(root);
    await startUp(root);
    expect(await screen.findByRole('heading', { level: 1, name: 'Maintenance' })).toBeInTheDocument();
    expect(screen.getByText(/points you collect in the meantime will appear/)).toBeInTheDocument();
    root.remove();
  });

  it('gives the operator’s outage window in the spec’s words, in UK time', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn((url: string) =>
        Promise.resolve(
          new Response(
            JSON.stringify(
              url.includes('maintenance-notice')
                ? { from: '2022-02-02T23:00:00Z', to: '2022-02-03T06:00:00Z' }
                : { maintenance: { local: true, preProduction: false, production: false } },
            ),
            { status: 200 },
          ),
        ),
      ),
    );
    const root = document.createElement('div');
    document.body.append(root);
    await startUp(root);
    expect(await screen.findByRole('status')).toHaveTextContent(
      "You won't be able to use them from 11pm Wed 2 Feb to 6am Thu 3 Feb.",
    );
    expect(ukMoment(new Date('2026-07-01T17:30:00Z'))).toBe('6:30pm Wed 1 Jul');
    root.remove();
  });
});
