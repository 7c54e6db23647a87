import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { EnterPasswordPage } from './enter-password-page.tsx';
import { updateIdentityState } from './identity-state.ts';

const renderAt = (path: string) => {
  const router = createMemoryRouter(
    [
      { path: '/id/start/enter-password', element: <EnterPasswordPage /> },
      { path: '/id/start/enter-card-number', element: <h1>Card number step</h1> },
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
