import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { userEvent } from '../../test/user-event.ts';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { maskAddress, type Customer } from '@app/contracts/account';
import { customerQueryKey } from './api/get-customer.ts';
import { maskedAddressQueryKey } from './api/get-masked-address.ts';
import { DetailsPage } from './details-page.tsx';
import { PasswordPage } from './password-page.tsx';

const customer: Customer = {
  firstName: 'Alex',
  lastName: 'Morgan',
  title: 'Mx',
  email: 'demo@example.com',
  cardNumber: '9826300012345678901',
  externalHandle: 'c-678901',
  dateOfBirth: '1988-04-12',
  mobile: { countryCode: '+44', phoneNumber: '7700900123', masked: '**********123' },
  address: { lines: ['10 King Edward Street', 'London'], postcode: 'EC1A 1BB' },
  pendingEmail: 'new@example.com',
};

const renderPage = (element: React.ReactNode, path: string) => {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
  client.setQueryData(customerQueryKey, customer);
  client.setQueryData(maskedAddressQueryKey, {
    maskedAddress: customer.address ? maskAddress(customer.address) : null,
  });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={createMemoryRouter([{ path, element }], { initialEntries: [path] })} />
    </QueryClientProvider>,
  );
};

describe('PasswordPage', () => {
  it("keeps Continue disabled until the spec's rules hold and both entries match", async () => {
    renderPage(<PasswordPage />, '/account/password');
    const continueButton = screen.getByRole('button', { name: 'Continue' });
    expect(screen.getByText('Your password must:')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Current password'), 'Nectar-demo-2026');
    await userEvent.type(screen.getByLabelText('New password', { exact: true }), 'alex');
    expect(screen.getByText(/be different from your name/).closest('li')).toHaveAttribute(
      'data-met',
      'false',
    );
    expect(continueButton).toBeDisabled();
    await userEvent.clear(screen.getByLabelText('New password', { exact: true }));
    await userEvent.type(screen.getByLabelText('New password', { exact: true }), 'Brand-new-pass-77');
    await userEvent.type(screen.getByLabelText('Confirm new password'), 'Brand-new-pass-7');
    await userEvent.tab();
    expect(screen.getByRole('alert')).toHaveTextContent('Passwords do not match.');
    expect(continueButton).toBeDisabled();
    await userEvent.type(screen.getByLabelText('Confirm new password'), '7');
    expect(continueButton).toBeEnabled();
  });
});

describe('DetailsPage', () => {
  it('shows each detail with its change link, and an email waiting for confirmation', () => {
    renderPage(<DetailsPage />, '/account/details');
    expect(screen.getByText('Mx Alex Morgan')).toBeInTheDocument();
    // The address masked (GET masked address), as the mobile number is.
    expect(screen.getByText('1* K*** E***** S*****, L*****, EC1A ***')).toBeInTheDocument();
    expect(screen.queryByText(/King Edward/)).not.toBeInTheDocument();
    expect(screen.getByText(/Waiting for you to confirm new@example.com/)).toBeInTheDocument();
    expect(screen.getByText('**********123')).toBeInTheDocument();
    for (const name of ['Change name', 'Change address', 'Change email address', 'Change mobile number']) {
      expect(screen.getByRole('link', { name })).toBeInTheDocument();
    }
  });
});
