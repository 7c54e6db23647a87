import { afterEach, describe, expect, it, vi } from 'vitest';
import { markSessionStarted } from '../../shared/session/session-marker.ts';
import { putRemoteConfigInPage } from '../../test/remote-config-block.ts';
import { readIdentityState } from '../../shared/identity/identity-state.ts';
import { isSignInStart } from './sign-in-start-page.ts';
import { startSignInBeforeApp } from './start-before-app.ts';

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
  sessionStorage.clear();
  document.head.innerHTML = '';
});

describe('a card-number page without an identity interaction', () => {
  it('is recognised by its path and the missing uid', () => {
    expect(isSignInStart({ pathname: '/id/start/login', search: '' })).toBe(true);
    expect(isSignInStart({ pathname: '/id/start/enter-card-number', search: '?next=%2Fbrands' })).toBe(true);
    expect(isSignInStart({ pathname: '/id/start/app-enter-card-number', search: '?uid=' })).toBe(true);
    expect(isSignInStart({ pathname: '/id/start/login', search: '?uid=abc123def456' })).toBe(false);
    expect(isSignInStart({ pathname: '/id/start/nectar-card-check', search: '' })).toBe(false);
  });

  it('sends a visitor to the provider before the app loads, with PKCE, state and the allowed next', async () => {
    putRemoteConfigInPage(false);
    const go = vi.fn();
    expect(await startSignInBeforeApp({ search: '?next=%2Fbrands' }, go)).toBe(true);
    const url = new URL(go.mock.calls[0]?.[0] as string);
    expect(url.pathname).toBe('/oauth2/auth');
    expect(url.searchParams.get('client_id')).toBe('nectar-web');
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    const stored = readIdentityState();
    expect(stored.next).toBe('/brands');
    expect(stored.state).toBe(url.searchParams.get('state'));
    expect(stored.verifier).toMatch(/^[\w-]{43}$/);
  });

  it('leaves it to the app under maintenance, for a session holder and in a frame', async () => {
    const go = vi.fn();
    putRemoteConfigInPage(true);
    expect(await startSignInBeforeApp({ search: '' }, go)).toBe(false);

    putRemoteConfigInPage(false);
    markSessionStarted();
    expect(await startSignInBeforeApp({ search: '' }, go)).toBe(false);
    localStorage.clear();

    vi.stubGlobal('top', {});
    expect(await startSignInBeforeApp({ search: '' }, go)).toBe(false);
    expect(go).not.toHaveBeenCalled();
  });
});
