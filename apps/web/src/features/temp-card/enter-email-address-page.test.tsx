import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { userEvent } from '../../test/user-event.ts';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EnterEmailAddressPage } from './enter-email-address-page.tsx';

const renderPage = () => {
  const router = createMemoryRouter(
    [
      { path: '/id/start/temp-card/enter-email-address', element: <EnterEmailAddressPage /> },
      { path: '/id/start/temp-card/success', element: <h1>Check your email</h1> },
    ],
    { initialEntries: ['/id/start/temp-card/enter-email-address'] },
  );
  render(
    <QueryClientProvider client={new QueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
};

// docs/product/registration-and-sign-in.md §R5
describe('temp-card email step', () => {
  afterEach(() => vi.restoreAllMocks());

  it('shows each message for what is missing and sends nothing', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    const user = userEvent.setup();
    renderPage();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('We just need your email');

    await user.click(screen.getByRole('button', { name: 'Continue' }));
    const alerts = await screen.findAllByRole('alert');
    expect(alerts.map((alert) => alert.textContent)).toEqual([
      'Please enter your email address',
      'Confirm you agree before continuing',
      'Confirm before continuing',
    ]);

    await user.type(screen.getByLabelText('Email address'), 'sam@');
    await user.click(screen.getByRole('checkbox', { name: /Collector Rules/ }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect((await screen.findAllByRole('alert')).map((alert) => alert.textContent)).toEqual([
      'Please enter valid email',
      'Confirm before continuing',
    ]);
    expect(screen.getByRole('checkbox', { name: /18 or over and a UK resident/ })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    expect(fetchSpy).not.toHaveBeenCalled();
  });
});
