import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { userEvent } from '../../test/user-event.ts';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EnterPasswordPage } from './enter-password-page.tsx';
import { TwoFactorPage } from './two-factor-page.tsx';
import { updateIdentityState } from '../../shared/identity/identity-state.ts';

const renderAt = (path: string) => {
  const router = createMemoryRouter(
    [
      { path: '/id/start/enter-password', element: <EnterPasswordPage /> },
      { path: '/id/start/enter-card-number', element: <h1>Card number step</h1> },
      { path: '/two-factor-authentication/:token', element: <TwoFactorPage /> },
    ],
    { initialEntries: [path] },
  );
  render(
    <QueryClientProvider client={new QueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
};

describe('EnterPasswordPage', () => {
  afterEach(() => sessionStorage.clear());

  it('sends the member back to the card-number step when no collector id is known', async () => {
    const router = renderAt('/id/start/enter-password?uid=interaction-123');
    expect(await screen.findByRole('heading', { name: 'Card number step' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?uid=interaction-123');
  });

  it("asks for the password with the spec's message and explains remember-me", async () => {
    updateIdentityState({ collectorId: '9826300012345678901', uid: 'interaction-123' });
    renderAt('/id/start/enter-password?uid=interaction-123');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Enter your password');
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Enter your password');
    await userEvent.click(screen.getByRole('button', { name: 'About Remember me' }));
    const dialog = screen.getByRole('dialog', { name: 'Make it easier to log in' });
    expect(dialog).toHaveTextContent('cookies');
    expect(dialog).toHaveTextContent("Don't tick it on a shared or public device");
  });
});

describe('EnterPasswordPage on a browser new to the member (device 2FA)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    sessionStorage.clear();
  });

  it('goes to the code page when the password step answers 141, and the code continues the provider login', async () => {
    updateIdentityState({ collectorId: '9826300012345678901', uid: 'interaction-123' });
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    const calls: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        calls.push(url);
        if (url.endsWith('/bot-check/challenge')) return Response.json({ provider: 'off' });
        if (url.endsWith('/recaptcha/collector/sessions')) {
          return Response.json(
            {
              code: '141',
              description: "We've sent a 6-digit code to d***@example.com. It lasts 10 minutes.",
              encryptedSessionJwt: 'pending-handle',
              deliveryMethod: 'email',
              maskedDestination: 'd***@example.com',
            },
            { status: 403 },
          );
        }
        if (url.endsWith('/2fa-check')) {
          return Response.json({ deliveryMethod: 'email', maskedDestination: 'd***@example.com' });
        }
        if (url.endsWith('/2fa-validate')) return Response.json({ location: '/oauth2/auth/interaction-123' });
        return Response.json({}, { status: 404 });
      }),
    );
    const router = renderAt('/id/start/enter-password?uid=interaction-123');
    await userEvent.type(screen.getByLabelText('Password'), 'Nectar-demo-2026');
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByRole('heading', { name: "Check it's you" })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/two-factor-authentication/pending-handle');
    expect(
      await screen.findByText("We've sent a 6-digit code to d***@example.com. It lasts 10 minutes."),
    ).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Code'), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith('/oauth2/auth/interaction-123'));
    expect(calls.filter((url) => url.endsWith('/2fa-validate'))).toHaveLength(1);
  });
});
