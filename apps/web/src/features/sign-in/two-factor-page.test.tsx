import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TwoFactorPage } from './two-factor-page.tsx';

const renderAt = (path: string) => {
  const router = createMemoryRouter(
    [{ path: '/two-factor-authentication/:token', element: <TwoFactorPage /> }],
    { initialEntries: [path] },
  );
  render(
    <QueryClientProvider client={new QueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
};

/** The code page asks about its sign-in when it opens. */
describe('TwoFactorPage on arrival', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('checks first, then asks for the code sent to the masked address', async () => {
    let answer: (response: Response) => void = () => undefined;
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>((resolve) => (answer = resolve))),
    );
    renderAt('/two-factor-authentication/pending-handle-0123456789');
    expect(screen.getByRole('status')).toHaveTextContent('Checking your link');
    expect(screen.queryByLabelText('Code')).not.toBeInTheDocument();
    answer(Response.json({ deliveryMethod: 'email', maskedDestination: 'd***@example.com' }));
    expect(
      await screen.findByText("We've sent a 6-digit code to d***@example.com. It lasts 10 minutes."),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Code')).toBeInTheDocument();
  });

  it('says a finished, expired or made-up sign-in is over and offers a new log in, without the form', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        Response.json(
          {
            code: 'TWO_FACTOR_LINK_INVALID',
            description: 'This link has expired or has already been used. Log in again to get a new code.',
          },
          { status: 400 },
        ),
      ),
    );
    renderAt('/two-factor-authentication/used-handle-0123456789');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This link has expired or has already been used. Log in again to get a new code.',
    );
    expect(screen.getByRole('link', { name: 'Log in again' })).toHaveAttribute('href', '/id/start/login');
    expect(screen.queryByLabelText('Code')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send a new code' })).not.toBeInTheDocument();
  });
});
