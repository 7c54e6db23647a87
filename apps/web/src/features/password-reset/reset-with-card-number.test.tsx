import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { userEvent } from '../../test/user-event.ts';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RequestResetPage } from './request-reset-page.tsx';

const CARD = '98263000' + '12345678901';
const ID = '3f0b5c1e-8f3a-4a58-9d7e-6c0a4b2d1e9f';

/** Answers by path; a pending promise where the test wants to see the loading state. */
type Answers = Record<string, () => Response | Promise<Response>>;
const serve = (answers: Answers) => {
  const fetchMock = vi.fn((path: string) => {
    const answer = answers[path];
    return Promise.resolve(answer ? answer() : Response.json({ code: 'NOPE' }, { status: 404 }));
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
};
const BOT_CHECK_OFF = { '/bot-check/challenge': () => Response.json({ provider: 'off' }) };

const renderPage = (state?: unknown) => {
  const router = createMemoryRouter(
    [{ path: '/id/start/forgotten-password', element: <RequestResetPage /> }],
    { initialEntries: [{ pathname: '/id/start/forgotten-password', state }] },
  );
  render(
    <QueryClientProvider client={new QueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
};

const openByCard = async (user: ReturnType<typeof userEvent.setup>) => {
  await user.click(screen.getByRole('button', { name: 'Use your card number instead' }));
  expect(screen.getByRole('heading', { level: 1, name: 'Reset your password' })).toHaveFocus();
  await user.type(screen.getByLabelText('Card number'), '12345678901');
  await user.click(screen.getByRole('button', { name: 'Continue' }));
};

// docs/product/calls-and-errors.md §S7.4
describe('password reset by card number', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the notice the registration card check sent it with (a card without a password yet)', () => {
    renderPage({ notice: 'This card already has an online account, but no password yet.' });
    expect(screen.getByRole('heading', { level: 1, name: 'Reset your password' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(
      'This card already has an online account, but no password yet.',
    );
  });

  it('offers the masked destinations the server gives, sends the code, shows the server message, then the new-password step', async () => {
    let codeSent: (response: Response) => void = () => undefined;
    const fetchMock = serve({
      ...BOT_CHECK_OFF,
      '/customer-management-api/2fa/get-delivery-options': () =>
        Response.json({
          id: ID,
          deliveryOptions: [
            { deliveryMethod: 'email', destination: 's***@example.com' },
            { deliveryMethod: 'sms', destination: '*********123' },
          ],
        }),
      [`/customer-management-api/2fa/send/${ID}`]: () => new Promise((resolve) => (codeSent = resolve)),
      '/customer-management-api/credentials/password/verify-2fa': () =>
        Response.json(
          { code: 'CODE_INCORRECT', description: "That code isn't right. Check it and try again." },
          { status: 400 },
        ),
    });
    const user = userEvent.setup();
    renderPage();
    await openByCard(user);

    expect(
      await screen.findByRole('heading', { level: 1, name: 'How should we send your code?' }),
    ).toHaveFocus();
    expect(fetchMock).toHaveBeenCalledWith(
      '/customer-management-api/2fa/get-delivery-options',
      expect.objectContaining({ method: 'POST', body: JSON.stringify({ collectorId: CARD }) }),
    );
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Choose where we should send your code');
    await user.click(screen.getByRole('radio', { name: 'Text message *********123' }));
    expect(screen.getByRole('radio', { name: 'Email s***@example.com' })).not.toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    // Loading: the button is busy until the server answers.
    expect(screen.getByRole('button', { name: /Send code/ })).toHaveAttribute('aria-busy', 'true');
    expect(fetchMock).toHaveBeenCalledWith(
      `/customer-management-api/2fa/send/${ID}`,
      expect.objectContaining({ body: JSON.stringify({ deliveryMethod: 'sms' }) }),
    );
    codeSent(
      Response.json({ description: "We've sent a 6-digit code to *********123. It lasts 10 minutes." }),
    );

    expect(await screen.findByRole('heading', { level: 1, name: "Check it's you" })).toHaveFocus();
    expect(screen.getByText("We've sent a 6-digit code to *********123. It lasts 10 minutes.")).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Enter the code we sent you');
    await user.type(screen.getByLabelText('Code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText("That code isn't right. Check it and try again.")).toBeVisible();
    expect(screen.getByLabelText('Code')).toHaveFocus();

    fetchMock.mockImplementation((path: string) =>
      Promise.resolve(
        path.endsWith('/verify-2fa')
          ? Response.json({ token: 'reset-token-0123456789abcdef' })
          : Response.json({}),
      ),
    );
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Choose a new password' })).toHaveFocus();
    expect(screen.getByText('Your password must:')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Continue' })).toBeDisabled();
  });

  it('says a card without a way to reach its holder on the card number field', async () => {
    serve({
      ...BOT_CHECK_OFF,
      '/customer-management-api/2fa/get-delivery-options': () =>
        Response.json({ id: ID, deliveryOptions: [] }),
    });
    const user = userEvent.setup();
    renderPage();
    await openByCard(user);
    expect(await screen.findByLabelText('Card number')).toHaveAccessibleDescription(
      /We can't send a code for that card. Check the number, or reset your password with your email address./,
    );
  });

  it('sends a reset link to the email of the card instead of a code, with the server wording', async () => {
    const fetchMock = serve({
      ...BOT_CHECK_OFF,
      '/customer-management-api/2fa/get-delivery-options': () =>
        Response.json({
          id: ID,
          deliveryOptions: [{ deliveryMethod: 'email', destination: 's***@example.com' }],
        }),
      '/customer-management-api/credentials/password/resetWithId': () =>
        Response.json({ description: 'The link is on its way.' }),
    });
    const user = userEvent.setup();
    renderPage();
    await openByCard(user);
    // One way only: it is chosen already.
    expect(await screen.findByRole('radio', { name: 'Email s***@example.com' })).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Email me a reset link instead' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Check your email' })).toHaveFocus();
    expect(screen.getByText('The link is on its way.')).toBeVisible();
    expect(fetchMock).toHaveBeenCalledWith(
      '/customer-management-api/credentials/password/resetWithId',
      expect.objectContaining({ body: JSON.stringify({ collectorId: CARD }) }),
    );
  });
});
