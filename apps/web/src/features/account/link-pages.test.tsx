import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { userEvent } from '../../test/user-event.ts';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ConfirmEmailPage } from './confirm-email-page.tsx';
import { UnsubscribePage } from './unsubscribe-page.tsx';

const TOKEN = 'link-token-0123456789abcdef';

const renderAt = (path: string) => {
  const router = createMemoryRouter(
    [
      { path: '/emails/unsubscribe', element: <UnsubscribePage /> },
      {
        path: '/confirm-update-email',
        element: <ConfirmEmailPage />,
        handle: { title: 'Confirming your new email address' },
      },
    ],
    { initialEntries: [path] },
  );
  render(
    <QueryClientProvider client={new QueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
};

const answering = (status: number, body: unknown) => {
  const fetchMock = vi.fn(async () => Response.json(body, { status }));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
};

/** Emailed links say on arrival what happened and what to do next. */
describe('the unsubscribe link on arrival', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('says a link that is not valid is not, and leads to the preferences', async () => {
    answering(400, {
      code: 'UNSUBSCRIBE_LINK_INVALID',
      description: 'This unsubscribe link is not valid. You can change your preferences in your account.',
    });
    renderAt(`/emails/unsubscribe?token=${TOKEN}`);
    expect(screen.getByRole('status')).toHaveTextContent('Checking your link');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This unsubscribe link is not valid. You can change your preferences in your account.',
    );
    expect(screen.getByRole('link', { name: 'Change your contact preferences' })).toHaveAttribute(
      'href',
      '/account/comms',
    );
    expect(screen.queryByRole('button', { name: 'Unsubscribe' })).not.toBeInTheDocument();
  });

  it('says a member who is already unsubscribed is, instead of offering the button again', async () => {
    answering(200, { email: 'sam@example.com', maskedEmail: 's***@example.com', subscribed: false });
    renderAt(`/emails/unsubscribe?token=${TOKEN}`);
    expect(
      await screen.findByText(
        "You're already unsubscribed. We don't send marketing emails to s***@example.com.",
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Unsubscribe' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Change your contact preferences' })).toBeInTheDocument();
  });

  it('offers one click to a member still subscribed', async () => {
    const fetchMock = answering(200, {
      email: 'sam@example.com',
      maskedEmail: 's***@example.com',
      subscribed: true,
    });
    renderAt(`/emails/unsubscribe?token=${TOKEN}`);
    expect(
      await screen.findByText(
        "Stop marketing emails to s***@example.com? We'll still email you about your account.",
      ),
    ).toBeInTheDocument();
    fetchMock.mockImplementation(async () =>
      Response.json({
        description: "You've been unsubscribed. We won't send you marketing emails any more.",
      }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Unsubscribe' }));
    expect(
      await screen.findByText("You've been unsubscribed. We won't send you marketing emails any more."),
    ).toBeInTheDocument();
  });
});

describe('the email confirmation link on arrival', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('says a link opened again already did its work', async () => {
    answering(409, {
      code: 'EMAIL_ALREADY_CONFIRMED',
      description:
        "This link has already been used: your email address is n***@example.com. There's nothing more to do.",
    });
    renderAt(`/confirm-update-email?token=${TOKEN}`);
    expect(screen.getByRole('status')).toHaveTextContent('Checking your link');
    expect(
      await screen.findByText(
        "This link has already been used: your email address is n***@example.com. There's nothing more to do.",
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Ask for a new link' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to your personal details' })).toBeInTheDocument();
  });

  it('says a broken or expired link does not work and leads to asking for a new one', async () => {
    answering(400, { code: 'VALIDATION', description: 'Something went wrong. Try again' });
    renderAt(`/confirm-update-email?token=${TOKEN}`);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This link has expired or has already been used. Please ask for a new one.',
    );
    expect(screen.getByRole('link', { name: 'Ask for a new link' })).toHaveAttribute(
      'href',
      '/account/details/email',
    );
  });
});
