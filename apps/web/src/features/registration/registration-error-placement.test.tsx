import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { userEvent } from '../../test/user-event.ts';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { EMAIL_LINK_INVALID_MESSAGE, registrationErrorCodes } from '@app/contracts/registration';
import { CheckEmailPage } from './check-email-page.tsx';
import { PhoneNumberPage } from './phone-number-page.tsx';
import { saveRegistrationState } from '../../shared/identity/registration-state.ts';

const renderAt = (path: string, element: ReactElement) => {
  const router = createMemoryRouter([{ path: path.split('?')[0] ?? path, element }], {
    initialEntries: [path],
  });
  render(
    <QueryClientProvider client={new QueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
};
const answer = (status: number, body: unknown) =>
  vi
    .spyOn(globalThis, 'fetch')
    .mockResolvedValue(
      new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }),
    );

describe('registration errors said where the person looks, in plain words', () => {
  beforeEach(() => {
    sessionStorage.clear();
    vi.restoreAllMocks();
  });

  it("shows the server's rejection of a mobile number on the mobile field, not in a banner", async () => {
    saveRegistrationState({ authToken: 't'.repeat(43) });
    answer(400, { code: registrationErrorCodes.invalidPhone, description: 'Enter a valid mobile number' });
    const user = userEvent.setup();
    renderAt('/id/start/phone-number', <PhoneNumberPage />);
    await user.type(screen.getByLabelText(/Memorable word/), 'Biscuit');
    await user.type(screen.getByLabelText(/Mobile number/), '07700 900123');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await vi.waitFor(() =>
      expect(screen.getByLabelText(/Mobile number/)).toHaveAccessibleDescription(
        /Enter a valid mobile number/,
      ),
    );
  });

  it("says the link message, not the schema's words, for a malformed emailed link", async () => {
    answer(400, {
      code: 'VALIDATION',
      description: 'verificationToken: Too small: expected string to have >=20 characters',
    });
    renderAt('/id/start/check-email?verification=short', <CheckEmailPage />);
    expect(await screen.findByRole('alert')).toHaveTextContent(EMAIL_LINK_INVALID_MESSAGE);
    expect(screen.queryByText(/verificationToken/)).toBeNull();
    // And the way on.
    expect(screen.getByRole('link', { name: 'Start again' })).toHaveAttribute(
      'href',
      '/id/start/nectar-card-check',
    );
  });
});
