import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { userEvent } from '../../test/user-event.ts';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { HELP_LOAD_FAILED_MESSAGE, HELP_LOADING_MESSAGE } from '@app/contracts/help';
import { FaqAccordion } from './faq-accordion.tsx';
import { requestUrl } from '../../test/request-url.ts';

const faqs = [
  {
    id: 1,
    title: 'Collecting points',
    questions: [
      {
        question: 'When will my points appear?',
        answer: 'Within 48 hours.{{lf}}If they haven{{quote}}t, <b>tell us</b>.',
      },
      { question: 'Can I use my digital card?', answer: 'Yes.' },
    ],
  },
  { id: 2, title: 'Your account', questions: [{ question: 'Password?', answer: 'Change it in Account.' }] },
];

const serve = (status = 200) =>
  vi.spyOn(globalThis, 'fetch').mockImplementation(() =>
    Promise.resolve(
      new Response(JSON.stringify(status === 200 ? faqs : { code: 'X', description: 'boom' }), {
        status,
        headers: { 'content-type': 'application/json' },
      }),
    ),
  );

const renderAt = (path: string) =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RouterProvider
        router={createMemoryRouter([{ path: '/help', element: <FaqAccordion documentName="faqs" /> }], {
          initialEntries: [path],
        })}
      />
    </QueryClientProvider>,
  );

afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
  window.dataLayer = [];
});

// docs/product/signed-in-pages.md §S2.6
describe('help centre accordion', () => {
  it('loads, toggles topics and questions, renders tokens and HTML, and raises analytics events', async () => {
    const fetchSpy = serve();
    renderAt('/help');
    expect(screen.getByText(HELP_LOADING_MESSAGE)).toBeInTheDocument();
    const topic = await screen.findByRole('button', { name: 'Collecting points' });
    expect(requestUrl(fetchSpy.mock.calls[0]?.[0])).toContain('/documents-api/faqs.json');
    expect(topic).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(topic);
    expect(topic).toHaveAttribute('aria-expanded', 'true');
    const question = screen.getByRole('button', { name: 'When will my points appear?' });
    await userEvent.click(question);
    expect(question).toHaveAttribute('aria-expanded', 'true');
    const answer = document.getElementById(question.getAttribute('aria-controls') ?? '');
    expect(answer).toBeVisible();
    expect(answer?.innerHTML).toContain('<br>');
    expect(answer?.textContent).toContain("If they haven't, tell us.");
    expect(within(answer as HTMLElement).getByText('tell us').tagName).toBe('B');
    await userEvent.click(question);
    expect(answer).not.toBeVisible();
    await userEvent.click(topic);
    expect(topic).toHaveAttribute('aria-expanded', 'false');
    expect(window.dataLayer).toEqual([
      expect.objectContaining({ event: 'helpTopicClick', topic: 'Collecting points', open: true }),
      expect.objectContaining({
        event: 'helpQuestionClick',
        question: 'When will my points appear?',
        open: true,
      }),
      expect.objectContaining({ event: 'helpQuestionClick', open: false }),
      expect.objectContaining({ event: 'helpTopicClick', open: false }),
    ]);
  });

  it('opens the topic an anchor names and focuses it after 1 second', async () => {
    serve();
    renderAt('/help#your-account');
    const topic = await screen.findByRole('button', { name: 'Your account' });
    expect(topic).toHaveAttribute('aria-expanded', 'true');
    expect(topic).not.toHaveFocus();
    await vi.waitFor(() => expect(topic).toHaveFocus(), { timeout: 2000 });
  });

  it("says 'We're having trouble displaying this right now...' when the document fails", async () => {
    serve(500);
    renderAt('/help');
    expect(await screen.findByRole('alert')).toHaveTextContent(HELP_LOAD_FAILED_MESSAGE);
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
