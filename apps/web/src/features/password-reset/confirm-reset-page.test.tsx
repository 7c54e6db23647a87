import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ConfirmResetPage } from './confirm-reset-page.tsx';

const TOKEN = 'reset-token-0123456789abcdef';

const renderAt = (path: string) => {
  const router = createMemoryRouter([{ path: '/confirm-reset-password', element: <ConfirmResetPage /> }], {
    initialEntries: [path],
  });
  render(
    <QueryClientProvider client={new QueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
};

/** The reset link is checked when its page opens. */
describe('ConfirmResetPage on arrival', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows that it is checking the link, then the form for a link that works', async () => {
    let answer: (response: Response) => void = () => undefined;
    const fetchMock = vi.fn(() => new Promise<Response>((resolve) => (answer = resolve)));
    vi.stubGlobal('fetch', fetchMock);
    renderAt(`/confirm-reset-password?token=${TOKEN}`);
    expect(screen.getByRole('status')).toHaveTextContent('Checking your link');
    expect(screen.queryByLabelText('New password')).not.toBeInTheDocument();
    answer(Response.json({ status: 'VALID' }));
    expect(await screen.findByLabelText('New password')).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledWith(
      '/customer-management-api/credentials/password/check-link',
      expect.objectContaining({ method: 'POST', body: JSON.stringify({ token: TOKEN }) }),
    );
  });

  it('says a used or expired link no longer works and offers a new one, without the form', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        Response.json(
          {
            code: 'RESET_LINK_INVALID',
            description: 'This link has expired or has already been used. Ask for a new one.',
          },
          { status: 400 },
        ),
      ),
    );
    renderAt(`/confirm-reset-password?token=${TOKEN}`);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This link has expired or has already been used. Ask for a new one.',
    );
    expect(screen.getByRole('link', { name: 'Ask for a new link' })).toHaveAttribute(
      'href',
      '/pending-reset-password',
    );
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/id/start/login');
    expect(screen.queryByLabelText('New password')).not.toBeInTheDocument();
  });

  it('offers to try again when the check itself could not be made', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    renderAt(`/confirm-reset-password?token=${TOKEN}`);
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong. Try again');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
    expect(screen.queryByLabelText('New password')).not.toBeInTheDocument();
  });
});
