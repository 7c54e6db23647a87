import { afterEach, describe, expect, it, vi } from 'vitest';
import { MEMBER_DATA_CACHE, OFFLINE_COPY_HEADER, SERVICE_WORKER_MESSAGES } from '@app/contracts/offline';
import {
  connectionState,
  forgetCopies,
  formatCopyTime,
  isOffline,
  noteAnswer,
  subscribeToConnection,
} from './connection.ts';
import { forgetMemberData } from './forget-member-data.ts';

const kept = (at: string) => new Response('{}', { headers: { [OFFLINE_COPY_HEADER]: at } });

afterEach(() => {
  forgetCopies();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('the connection the page works with', () => {
  it("is offline while an answer on the page is the device's copy, with the time the server gave it", () => {
    const changes = vi.fn();
    const stop = subscribeToConnection(changes);
    noteAnswer('/balance-api/balance', kept('2026-11-20T14:05:00.000Z'));
    expect(isOffline()).toBe(true);
    expect(connectionState().copies.get('/balance-api/balance')).toEqual(
      new Date('2026-11-20T14:05:00.000Z'),
    );
    // The offers' cache buster is not part of the key.
    noteAnswer('/offers-api/offers?type=ALL&timestamp=1', kept('2026-11-20T14:05:00.000Z'));
    expect(connectionState().copies.has('/offers-api/offers?type=ALL')).toBe(true);
    // An answer from the network replaces its copy and shows that the network answers again; the offers on the
    // page are still the copy until they are asked again.
    noteAnswer('/balance-api/balance', new Response('{}'));
    expect(isOffline()).toBe(false);
    expect([...connectionState().copies.keys()]).toEqual(['/offers-api/offers?type=ALL']);
    noteAnswer('/offers-api/offers?type=ALL&timestamp=2', new Response('{}'));
    expect(connectionState().copies.size).toBe(0);
    expect(changes).toHaveBeenCalledTimes(4);
    stop();
  });

  it("follows the browser's network", () => {
    const online = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const changes = vi.fn();
    const stop = subscribeToConnection(changes);
    expect(isOffline()).toBe(true);
    online.mockReturnValue(true);
    window.dispatchEvent(new Event('online'));
    expect(isOffline()).toBe(false);
    expect(changes).toHaveBeenCalled();
    stop();
  });

  it('says when a copy is from as a member reads it', () => {
    expect(formatCopyTime(new Date(2026, 5, 3, 14, 5))).toBe('14:05 on 3 June');
  });
});

describe('forgetting the member', () => {
  it("deletes the service worker's copy, tells the worker and shows no copy any more", async () => {
    const deleted = vi.fn().mockResolvedValue(true);
    vi.stubGlobal('caches', { delete: deleted });
    const postMessage = vi.fn();
    Object.defineProperty(navigator, 'serviceWorker', {
      configurable: true,
      value: { controller: { postMessage } },
    });
    noteAnswer('/balance-api/balance', kept('2026-11-20T14:05:00.000Z'));
    await forgetMemberData();
    expect(deleted).toHaveBeenCalledWith(MEMBER_DATA_CACHE);
    expect(postMessage).toHaveBeenCalledWith({ type: SERVICE_WORKER_MESSAGES.forgetMember });
    expect(connectionState().copies.size).toBe(0);
    Reflect.deleteProperty(navigator, 'serviceWorker');
  });

  it('works in a browser without a service worker or caches', async () => {
    await expect(forgetMemberData()).resolves.toBeUndefined();
  });
});
