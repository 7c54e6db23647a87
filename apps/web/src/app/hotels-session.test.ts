import { afterEach, describe, expect, it, vi } from 'vitest';
import { request } from '../shared/http/client.ts';
import { followHotelsSessionHeader, startHotelsSession } from './hotels-session.ts';

const okWith = (body: unknown) =>
  vi.fn((_url: string, _init?: RequestInit) =>
    Promise.resolve(new Response(JSON.stringify(body), { status: 200 })),
  );

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('hotels session at start-up', () => {
  it('does nothing for a visitor, or on the logout and oauth redirect pages', async () => {
    const fetchMock = okWith({});
    vi.stubGlobal('fetch', fetchMock);
    await startHotelsSession(vi.fn(), { pathname: '/homepage', search: '' });
    localStorage.setItem('sessionCreatedDate', new Date().toISOString());
    await startHotelsSession(vi.fn(), { pathname: '/logout', search: '' });
    await startHotelsSession(vi.fn(), { pathname: '/oauth_redirect', search: '?code=1' });
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('preloads the hotels session for a session holder', async () => {
    localStorage.setItem('sessionCreatedDate', new Date().toISOString());
    const fetchMock = okWith({ token: 't' });
    vi.stubGlobal('fetch', fetchMock);
    const navigate = vi.fn();
    await startHotelsSession(navigate, { pathname: '/homepage', search: '' });
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/customer-management-api/customer/session/hotels');
    expect(navigate).not.toHaveBeenCalled();
  });

  it('goes to the redirect page for an allowed target only', async () => {
    localStorage.setItem('sessionCreatedDate', new Date().toISOString());
    const fetchMock = okWith({ token: 't', redirectUrl: '/sso-redirection?pianosessionhotels=t&location=x' });
    vi.stubGlobal('fetch', fetchMock);
    const navigate = vi.fn();
    await startHotelsSession(navigate, {
      pathname: '/homepage',
      search: '?redirect=https%3A%2F%2Fwww.nectar.com%2Fhotels',
    });
    expect(navigate).toHaveBeenCalledWith('/sso-redirection?pianosessionhotels=t&location=x', {
      replace: true,
    });

    navigate.mockClear();
    await startHotelsSession(navigate, {
      pathname: '/homepage',
      search: '?redirect=https%3A%2F%2Fevil.example%2F',
    });
    expect(navigate).not.toHaveBeenCalled();
    expect(String(fetchMock.mock.calls.at(-1)?.[0])).toBe('/customer-management-api/customer/session/hotels');
  });
});

// docs/product/calls-and-errors.md §S7
describe('the hotels session response header', () => {
  it('fetches a hotels session at once when an answer says one is due, wherever the app is', async () => {
    const fetchMock = vi.fn((url: string) =>
      Promise.resolve(
        url.startsWith('/session-api')
          ? new Response(JSON.stringify({ firstName: 'Alex' }), {
              status: 200,
              headers: { 'content-type': 'application/json', 'x-hotels-session': 'due' },
            })
          : new Response(JSON.stringify({ token: 't' }), { status: 200 }),
      ),
    );
    vi.stubGlobal('fetch', fetchMock);
    const stop = followHotelsSessionHeader(vi.fn(), { pathname: '/oauth_redirect', search: '?code=1' });
    try {
      await request('/session-api/session/sessions/oauth', { method: 'POST', body: {} });
      await vi.waitFor(() =>
        expect(fetchMock.mock.calls.map(([url]) => url)).toContain(
          '/customer-management-api/customer/session/hotels',
        ),
      );
      // An answer without the header fetches nothing more.
      fetchMock.mockClear();
      await request('/customer-management-api/customer/session/hotels');
      expect(fetchMock).toHaveBeenCalledOnce();
    } finally {
      stop();
    }
  });
});
