import { afterEach, describe, expect, it, vi } from 'vitest';
import { request } from '../shared/http/client.ts';
import { handleAuthResponses, sessionUpgradeOf } from './auth-responses.ts';

const answer = (status: number, body: unknown) =>
  vi.stubGlobal(
    'fetch',
    vi.fn(() => Promise.resolve(new Response(JSON.stringify(body), { status }))),
  );

const routerAt = (pathname: string, search = '') => ({
  navigate: vi.fn(),
  state: { location: { pathname, search } },
});

let stop: (() => void) | undefined;
afterEach(() => {
  stop?.();
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('401 handling', () => {
  it('clears the session date and sends a session page to sign-in with next', async () => {
    localStorage.setItem('sessionCreatedDate', '2026-11-01T00:00:00.000Z');
    const router = routerAt('/account/comms', '?tab=1');
    stop = handleAuthResponses(router, () => true);
    answer(401, { code: 'UNAUTHENTICATED' });
    await expect(request('/balance-api/balance')).rejects.toMatchObject({ status: 401 });
    expect(localStorage.getItem('sessionCreatedDate')).toBeNull();
    expect(router.navigate).toHaveBeenCalledWith('/id/start/login?next=%2Faccount%2Fcomms%3Ftab%3D1', {
      replace: true,
    });
  });

  it('sends the root to sign-in with next=/my-offers', async () => {
    const router = routerAt('/');
    stop = handleAuthResponses(router, () => true);
    answer(401, {});
    await request('/x').catch(() => undefined);
    expect(router.navigate).toHaveBeenCalledWith('/id/start/login?next=%2Fmy-offers', { replace: true });
  });

  it('leaves public pages and calls that handle 401 themselves where they are', async () => {
    const router = routerAt('/id/start/enter-password');
    stop = handleAuthResponses(router, () => true);
    answer(401, {});
    await request('/session-api/session', { method: 'POST', body: {} }).catch(() => undefined);
    const onSessionPage = routerAt('/account');
    stop();
    stop = handleAuthResponses(onSessionPage, () => true);
    await request('/x', { redirectOnUnauthorized: false }).catch(() => undefined);
    expect(router.navigate).not.toHaveBeenCalled();
    expect(onSessionPage.navigate).not.toHaveBeenCalled();
  });
});

describe('DN57 session upgrade', () => {
  it('recognises 400 with code 57 and error code DN57 carrying the login url and token', () => {
    expect(
      sessionUpgradeOf(400, { code: 57, errorCode: 'DN57', loginUrl: '/id/start/login', token: 't' }),
    ).toEqual({
      loginUrl: '/id/start/login',
      token: 't',
    });
    expect(
      sessionUpgradeOf(400, { code: '57', errorCode: 'DN11', loginUrl: '/x', token: 't' }),
    ).toBeUndefined();
    expect(
      sessionUpgradeOf(401, { code: 57, errorCode: 'DN57', loginUrl: '/x', token: 't' }),
    ).toBeUndefined();
  });

  it('hands over to identity with the token, only to an allowed address', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, origin: 'http://localhost:3000', assign });
    stop = handleAuthResponses(routerAt('/account'), () => true);
    answer(400, { code: 57, errorCode: 'DN57', loginUrl: '/id/start/login', token: 'abc' });
    await request('/x').catch(() => undefined);
    expect(assign).toHaveBeenCalledWith('http://localhost:3000/id/start/login?token=abc');
    answer(400, { code: 57, errorCode: 'DN57', loginUrl: 'https://evil.example/login', token: 'abc' });
    await request('/x').catch(() => undefined);
    expect(assign).toHaveBeenCalledOnce();
  });
});
