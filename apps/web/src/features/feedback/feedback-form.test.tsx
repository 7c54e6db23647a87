import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { userEvent } from '../../test/user-event.ts';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FEEDBACK_DRAFT_KEY, FEEDBACK_MAX_LENGTH } from '@app/contracts/feedback';
import { FeedbackForm } from './feedback-form.tsx';

const answer = (status: number, body: unknown) =>
  vi
    .spyOn(globalThis, 'fetch')
    .mockResolvedValue(
      new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }),
    );

const show = () =>
  render(
    <QueryClientProvider client={new QueryClient()}>
      <RouterProvider
        router={createMemoryRouter(
          [
            {
              path: '/',
              element: (
                <FeedbackForm
                  title="Your idea"
                  placeholder="What could we do better?"
                  request={{ type: 'FEATURE', topic: 'suggestion' }}
                />
              ),
            },
          ],
          { initialEntries: ['/'] },
        )}
      />
    </QueryClientProvider>,
  );

afterEach(() => {
  vi.restoreAllMocks();
  sessionStorage.clear();
});

// docs/product/signed-in-pages.md §S2.6, §S4, §S5
describe('feedback form', () => {
  it('keeps the button inactive while empty, keeps a draft, sends and thanks the member by name', async () => {
    const fetchSpy = answer(201, { id: 'f1', firstName: 'Alex', createdAt: new Date().toISOString() });
    show();
    const box = screen.getByLabelText('Your idea');
    expect(box).toHaveAttribute('placeholder', 'What could we do better?');
    expect(box).toHaveAttribute('maxlength', String(FEEDBACK_MAX_LENGTH));
    const send = screen.getByRole('button', { name: 'Send feedback' });
    expect(send).toBeDisabled();
    await userEvent.type(box, 'Dark mode please');
    expect(sessionStorage.getItem(FEEDBACK_DRAFT_KEY)).toBe('Dark mode please');
    expect(send).toBeEnabled();
    await userEvent.click(send);
    expect(await screen.findByRole('heading', { name: 'Thanks for the feedback, Alex' })).toBeInTheDocument();
    expect(
      screen.getByText("We're always working to improve the website, and your feedback is really valuable."),
    ).toBeInTheDocument();
    expect(JSON.parse(fetchSpy.mock.calls[0]?.[1]?.body as string)).toEqual({
      type: 'FEATURE',
      topic: 'suggestion',
      text: 'Dark mode please',
    });
    expect(sessionStorage.getItem(FEEDBACK_DRAFT_KEY)).toBeNull();
  });

  it('restores the draft and shows a failure under the box, keeping the draft', async () => {
    sessionStorage.setItem(FEEDBACK_DRAFT_KEY, 'Half-written thought');
    answer(429, { code: 'FEEDBACK_LIMIT', description: 'Too much today' });
    show();
    expect(screen.getByLabelText('Your idea')).toHaveValue('Half-written thought');
    await userEvent.click(screen.getByRole('button', { name: 'Send feedback' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Too much today');
    expect(sessionStorage.getItem(FEEDBACK_DRAFT_KEY)).toBe('Half-written thought');
  });
});
