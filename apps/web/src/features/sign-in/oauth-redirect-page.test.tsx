import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { readIdentityState, updateIdentityState } from '../../shared/identity/identity-state.ts';
import { OauthRedirectPage } from './oauth-redirect-page.tsx';

const VERIFIER = 'v'.repeat(43);
const STATE = 'state-from-the-provider';

/** The provider's return, as the browser arrives at /oauth_redirect; the session call answers 200. */
function arrive(search: string) {
  window.history.replaceState(null, '', `/oauth_redirect${search}`);
  const fetchMock = vi.fn(async () =>
    Response.json({ sessionCreatedAt: '2026-11-24T10:00:00.000Z', firstName: 'Alex' }, { status: 200 }),
  );
  vi.stubGlobal('fetch', fetchMock);
  const router = createMemoryRouter(
    [
      { path: '/oauth_redirect', element: <OauthRedirectPage /> },
      { path: '*', element: <h1>Arrived</h1> },
    ],
    { initialEntries: [`/oauth_redirect${search}`] },
  );
  render(
    <QueryClientProvider client={new QueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  const sentVerifier = () => {
    const init = (fetchMock.mock.calls[0] as unknown as [string, RequestInit] | undefined)?.[1];
    return (JSON.parse((init?.body as string | undefined) ?? '{}') as { verificationCode?: string })
      .verificationCode;
  };
  return { router, fetchMock, sentVerifier };
}

afterEach(() => {
  vi.unstubAllGlobals();
  sessionStorage.clear();
  localStorage.clear();
  for (const pair of document.cookie.split('; ').filter(Boolean)) {
    document.cookie = `${pair.split('=')[0]}=; Path=/; Max-Age=0`;
  }
});

describe('OauthRedirectPage', () => {
  it("finishes a sign-in the server started with the verifier and next from the state's cookie, then removes it", async () => {
    document.cookie = `lc_sign_in_${STATE}=${VERIFIER}.%2Faccount%2Fcomms; Path=/`;
    const { router, sentVerifier } = arrive(`?code=c-1&state=${STATE}`);
    await screen.findByRole('heading', { name: 'Arrived' });
    expect(sentVerifier()).toBe(VERIFIER);
    expect(router.state.location.pathname).toBe('/account/comms');
    expect(document.cookie).not.toContain('lc_sign_in_');
    // The pending request is spent: the tab's identity state is cleared once the session exists.
    expect(readIdentityState()).toEqual({});
  });

  it('finishes a sign-in this tab started from its own state, whatever cookies other tabs left', async () => {
    updateIdentityState({ verifier: 'w'.repeat(43), state: STATE, next: '/brands' });
    document.cookie = `lc_sign_in_other-state=${VERIFIER}; Path=/`;
    const { router, sentVerifier } = arrive(`?code=c-2&state=${STATE}`);
    await screen.findByRole('heading', { name: 'Arrived' });
    expect(sentVerifier()).toBe('w'.repeat(43));
    expect(router.state.location.pathname).toBe('/brands');
    expect(document.cookie).toContain('lc_sign_in_other-state');
  });

  it('refuses a return whose state matches no pending sign-in, and posts nothing', async () => {
    document.cookie = `lc_sign_in_${STATE}=${VERIFIER}; Path=/`;
    const { fetchMock } = arrive('?code=c-3&state=forged');
    expect(await screen.findByRole('alert')).toHaveTextContent("We couldn't log you in. Please try again.");
    await waitFor(() => expect(fetchMock).not.toHaveBeenCalled());
  });
});
