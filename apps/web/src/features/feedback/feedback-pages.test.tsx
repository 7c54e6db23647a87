import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { userEvent } from '../../test/user-event.ts';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FeedbackPages } from './feedback-pages.tsx';

const show = (path: string, page: string, title: string) =>
  render(
    <QueryClientProvider client={new QueryClient()}>
      <RouterProvider
        router={createMemoryRouter(
          [{ path: path.split('?')[0] ?? path, element: <FeedbackPages />, handle: { page, title } }],
          { initialEntries: [path] },
        )}
      />
    </QueryClientProvider>,
  );

afterEach(() => {
  vi.restoreAllMocks();
  sessionStorage.clear();
});

describe('feedback pages', () => {
  it('the old feedback page sends the chosen type (BUG, FEEDBACK, FEATURE)', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      new Response(JSON.stringify({ id: 'f', firstName: 'Alex', createdAt: new Date().toISOString() }), {
        status: 201,
        headers: { 'content-type': 'application/json' },
      }),
    );
    show('/feedback', 'feedback-old', 'Feedback');
    await userEvent.click(screen.getByRole('radio', { name: 'Report a problem' }));
    await userEvent.type(screen.getByLabelText('Your feedback'), 'The map is blank');
    await userEvent.click(screen.getByRole('button', { name: 'Send feedback' }));
    await screen.findByText('Thanks for the feedback, Alex');
    expect(JSON.parse(fetchSpy.mock.calls[0]?.[1]?.body as string)).toEqual({
      type: 'BUG',
      topic: 'general',
      text: 'The map is blank',
    });
  });

  it('the problem form carries the device and area chosen on the pages before it', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      new Response(JSON.stringify({ id: 'f', firstName: 'Alex', createdAt: new Date().toISOString() }), {
        status: 201,
        headers: { 'content-type': 'application/json' },
      }),
    );
    show('/feedbackForm?device=tablet&subject=Offers', 'feedback-form', 'Tell us more');
    expect(screen.getByRole('heading', { level: 1, name: 'Tell us more' })).toBeInTheDocument();
    expect(screen.getByText('About: Offers')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('What happened?'), 'Pinning fails');
    await userEvent.click(screen.getByRole('button', { name: 'Send feedback' }));
    await screen.findByText('Thanks for the feedback, Alex');
    expect(JSON.parse(fetchSpy.mock.calls[0]?.[1]?.body as string)).toEqual({
      type: 'BUG',
      topic: 'problem',
      device: 'tablet',
      subject: 'Offers',
      text: 'Pinning fails',
    });
  });
});
