import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { userEvent } from '../../test/user-event.ts';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { CardCheckPage } from './card-check-page.tsx';
import { loadSwitches } from '../../shared/switches/switches.ts';
import { CheckEmailPage } from './check-email-page.tsx';
import { CreatePasswordPage } from './create-password-page.tsx';
import { CustomerDetailsPage } from './customer-details-page.tsx';
import { RegisterFailedPage } from './register-failed-page.tsx';
import { EnterCollectorIdPage, NO_PASSWORD_YET } from './enter-collector-id-page.tsx';
import { readRegistrationState, saveRegistrationState } from '../../shared/identity/registration-state.ts';

const renderAt = (path: string, element: ReactElement) => {
  const router = createMemoryRouter([{ path, element }], { initialEntries: [path] });
  render(
    <QueryClientProvider client={new QueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
};

const urlOf = (input: RequestInfo | URL) =>
  typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
/** The reset page's stand-in: shows the notice it was sent with (the page's own test reads it there). */
function NoticeShown() {
  const state = useLocation().state as { notice?: string } | null;
  return <p role="status">{state?.notice}</p>;
}

// docs/product/registration-and-sign-in.md §R2, §R5
describe('registration pages', () => {
  beforeEach(() => {
    sessionStorage.clear();
    vi.restoreAllMocks();
  });

  it('card check clears saved state, shows progress 10 and asks for a choice', async () => {
    saveRegistrationState({ authToken: 'left-over', email: 'old@example.com' });
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    renderAt('/id/start/nectar-card-check', <CardCheckPage />);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent("Right, let's get started");
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '10');
    expect(readRegistrationState()).toEqual({});
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Please select an option');
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('a registered card without a password yet (DO_LOGIN_NECTAR) goes to set one, asked with pianoCheck', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch').mockImplementation((input) => {
      const body = urlOf(input).includes('/bot-check')
        ? { provider: 'off' }
        : { authToken: '', next: ['DO_LOGIN', 'DO_LOGIN_NECTAR'] };
      return Promise.resolve(
        new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } }),
      );
    });
    const router = createMemoryRouter(
      [
        { path: '/id/start/enter-collector-id', element: <EnterCollectorIdPage /> },
        { path: '/id/start/forgotten-password', element: <NoticeShown /> },
      ],
      { initialEntries: ['/id/start/enter-collector-id'] },
    );
    render(
      <QueryClientProvider client={new QueryClient()}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
    await userEvent.type(screen.getByLabelText(/Card number/), '20000000003');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('status')).toHaveTextContent(NO_PASSWORD_YET);
    const check = fetchSpy.mock.calls.find(([url]) => urlOf(url).includes('card-check'));
    expect(urlOf(check?.[0] ?? '')).toBe('/progressive/card-check');
    expect(new Headers(check?.[1]?.headers).get('pianoCheck')).toBe('true');
  });

  // The messages are those of docs/product/registration-and-sign-in.md §R5.
  it('customer details: heading by user type, the validation messages, date of birth slashes', async () => {
    saveRegistrationState({ authToken: 't'.repeat(43), userType: 'ANALOG' });
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    const user = userEvent.setup();
    renderAt('/id/start/customer-details', <CustomerDetailsPage />);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(
      'We just need to check a few details',
    );
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '50');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect((await screen.findAllByRole('alert')).map((a) => a.textContent)).toEqual([
      'Enter your title',
      'Enter your first name',
      'Enter your last name',
      'Enter your date of birth',
    ]);
    await user.type(screen.getByLabelText('First name'), 'Jo(e)');
    await user.type(screen.getByLabelText(/Date of birth/), '29022001');
    expect(screen.getByLabelText(/Date of birth/)).toHaveValue('29/02/2001');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Letters, dashes, apostrophes and spaces only')).toBeInTheDocument();
    expect(screen.getByText('Enter a date of birth in correct format')).toBeInTheDocument();
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('customer details: a last name stops one past 25, which says so; a date after today is not in the past', async () => {
    saveRegistrationState({ authToken: 't'.repeat(43), userType: 'STANDARD' });
    const user = userEvent.setup();
    renderAt('/id/start/customer-details', <CustomerDetailsPage />);
    const lastName = screen.getByLabelText('Last name');
    await user.type(lastName, 'Abcdefghij'.repeat(3));
    expect(lastName).toHaveValue('Abcdefghij'.repeat(2) + 'Abcdef');
    const nextYear = String(new Date().getFullYear() + 1);
    await user.type(screen.getByLabelText(/Date of birth/), `0101${nextYear}`);
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Last name must not be over 25 characters')).toBeInTheDocument();
    expect(screen.getByText('Date of birth must be in the past')).toBeInTheDocument();
  });

  it("password: rules tick live, 'Passwords do not match.', Continue disabled until all hold", async () => {
    saveRegistrationState({ authToken: 't'.repeat(43), firstName: 'Sam', email: 'sam@example.com' });
    const user = userEvent.setup();
    renderAt('/id/start/create-a-password', <CreatePasswordPage />);
    const button = screen.getByRole('button', { name: 'Continue' });
    expect(button).toBeDisabled();
    await user.type(screen.getByLabelText('Password', { selector: 'input' }), 'Sam');
    expect(screen.getByText('include a number').closest('li')).toHaveAttribute('data-met', 'false');
    await user.type(screen.getByLabelText('Password', { selector: 'input' }), '-Lantern-42');
    expect(screen.getByText('include a number').closest('li')).toHaveAttribute('data-met', 'true');
    await user.type(screen.getByLabelText('Confirm password', { selector: 'input' }), 'Sam-Lantern-4');
    expect(screen.getByRole('alert')).toHaveTextContent('Passwords do not match.');
    expect(button).toBeDisabled();
    await user.type(screen.getByLabelText('Confirm password', { selector: 'input' }), '2');
    expect(screen.queryByText('Passwords do not match.')).not.toBeInTheDocument();
    expect(button).toBeEnabled();
  });

  it.each([
    ['DUPLICATE_EMAIL', 'Please log in.', 'Log in'],
    ['INACTIVATED_ACCOUNT', 'Card not applicable for registration', 'Start again'],
    ['PROBLEM_WITH_OLD_ACCOUNT', 'System error', 'Start again'],
    ['SOMETHING_ELSE', 'Try again', 'Start again'],
  ])('register-failed maps %s to the spec message', (code, message, action) => {
    const router = createMemoryRouter([{ path: '/register-failed', element: <RegisterFailedPage /> }], {
      initialEntries: [`/register-failed?error=${code}`],
    });
    render(<RouterProvider router={router} />);
    expect(screen.getByRole('alert')).toHaveTextContent(message);
    expect(screen.getByRole('link', { name: action })).toBeInTheDocument();
  });

  it('check email shows the address, re-send, the way back, and the mail-provider shortcut for its provider', async () => {
    // The sniper-link switch as the local environment resolves it (on in the table).
    await loadSwitches({ href: 'http://localhost:3000/', hostname: 'localhost' }, () => Promise.resolve({}));
    saveRegistrationState({ authToken: 't'.repeat(43), email: 'sam@gmail.com' });
    renderAt('/id/start/check-email', <CheckEmailPage />);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent("We've sent you an email");
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '30');
    expect(screen.getByText('sam@gmail.com')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Re-send email' })).toBeInTheDocument();
    expect(screen.getByText(/Wrong email address\?/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Open Gmail/ })).toHaveAttribute(
      'href',
      expect.stringContaining('mail.google.com'),
    );
  });

  it('check email has no shortcut for an address of another provider', () => {
    saveRegistrationState({ authToken: 't'.repeat(43), email: 'sam@example.com' });
    renderAt('/id/start/check-email', <CheckEmailPage />);
    expect(screen.queryByRole('link', { name: /^Open / })).not.toBeInTheDocument();
  });
});
